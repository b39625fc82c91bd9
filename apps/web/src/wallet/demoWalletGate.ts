import { ETERNO_CHAIN_ID } from '@eterno/protocol/chain';
import { isLocalNetwork, type Deployments } from '@eterno/protocol/deployments';
import type { WalletWindow } from './types.ts';

export const DEMO_WALLET_RDNS = 'local.eterno.demo';

/** The slice of the app config the gate reads. */
export interface DemoWalletConfig {
  readonly demoWallet: boolean;
  readonly rpcUrl: string;
  readonly deployments: Pick<Deployments, 'network'>;
}

export interface DemoWalletGateDeps {
  readonly config: DemoWalletConfig;
  readonly win: WalletWindow;
  readonly fetch?: typeof globalThis.fetch;
  /** Loads the wallet itself; a dynamic import so its crypto code stays out of the initial bundle. */
  readonly load?: () => Promise<{ installDemoWallet: (win: WalletWindow, options: { rpcUrl: string }) => unknown }>;
}

async function rpcChainId(rpcUrl: string, doFetch: typeof globalThis.fetch): Promise<number | undefined> {
  try {
    const response = await doFetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
    });
    const body = (await response.json()) as { result?: unknown };
    return typeof body.result === 'string' ? Number(body.result) : undefined;
  } catch {
    return undefined;
  }
}

const installed = new WeakMap<WalletWindow, Promise<boolean>>();

/**
 * Announces the local demo wallet (EIP-6963) only when the config enables it, the deployments are
 * the "local" network on a loopback RPC URL (isLocalNetwork), and that RPC answers chain id 201022 —
 * never on any other chain.
 * Resolves to whether it is announced. Checked once per window.
 */
export function announceDemoWalletIfAllowed(deps: DemoWalletGateDeps): Promise<boolean> {
  const known = installed.get(deps.win);
  if (known) return known;
  const attempt = (async (): Promise<boolean> => {
    const { demoWallet, rpcUrl, deployments } = deps.config;
    if (!demoWallet || !isLocalNetwork(deployments, rpcUrl)) return false;
    const chainId = await rpcChainId(rpcUrl, deps.fetch ?? globalThis.fetch.bind(globalThis));
    if (chainId !== ETERNO_CHAIN_ID) return false;
    const { installDemoWallet } = await (deps.load ?? (() => import('./demoWallet.ts')))();
    installDemoWallet(deps.win, { rpcUrl });
    return true;
  })();
  installed.set(deps.win, attempt);
  return attempt;
}
