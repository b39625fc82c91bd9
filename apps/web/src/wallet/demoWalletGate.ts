import { ETERNO_CHAIN_ID } from '@eterno/protocol/chainId';
import type { Deployments } from '@eterno/protocol/deployments';
import { isLocalNetwork } from '@eterno/protocol/network';
import { announceProvider } from './eip6963.ts';
import type { Eip1193Provider, RequestArguments, WalletWindow } from './types.ts';

export const DEMO_WALLET_RDNS = 'local.eterno.demo';

/**
 * The demo wallet's own methods (here, not in demoWallet.ts, so a screen can call them without
 * bundling the wallet's key code): `eterno_demoAccounts` → the accounts it can be (DemoAccount[]);
 * `eterno_demoSelectAccount [index]` switches to one (accountsChanged, like a real wallet).
 */
export const DEMO_METHODS = { accounts: 'eterno_demoAccounts', select: 'eterno_demoSelectAccount' } as const;

export type DemoAccount = { readonly index: number; readonly address: `0x${string}`; readonly selected: boolean };
export const DEMO_WALLET_NAME = 'ETERNO Demo Wallet (local)';
const DEMO_WALLET_ICON =
  'data:image/svg+xml;base64,' +
  btoa(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#0b1220"/>' +
      '<path d="M20 18h24v6H27v5h14v6H27v5h17v6H20z" fill="#f5b83d"/></svg>',
  );

type Listener = (...args: never[]) => void;
interface LoadedWallet extends Eip1193Provider {
  on(event: string, listener: Listener): unknown;
  removeListener(event: string, listener: Listener): unknown;
}
type DemoWalletModule = { createDemoWallet: (options: { rpcUrl: string }) => LoadedWallet };

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
  readonly load?: () => Promise<DemoWalletModule>;
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

/**
 * A stand-in announced in the wallet's place: the real wallet (viem's signing code, ~100 KB) is
 * imported on the first request, so merely opening the login page does not download it.
 */
function lazyDemoWallet(load: () => Promise<LoadedWallet>): Eip1193Provider {
  let wallet: Promise<LoadedWallet> | undefined;
  const early: [string, Listener][] = [];
  const real = (): Promise<LoadedWallet> =>
    (wallet ??= load().then((w) => {
      for (const [event, listener] of early) w.on(event, listener);
      return w;
    }));
  const provider: Eip1193Provider = {
    request: async (args: RequestArguments) => (await real()).request(args),
    on: (event, listener) => {
      if (wallet) void wallet.then((w) => w.on(event, listener));
      else early.push([event, listener]);
      return provider;
    },
    removeListener: (event, listener) => {
      const i = early.findIndex(([e, l]) => e === event && l === listener);
      if (i >= 0) early.splice(i, 1);
      void wallet?.then((w) => w.removeListener(event, listener));
      return provider;
    },
  };
  return provider;
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
    const load = deps.load ?? (() => import('./demoWallet.ts'));
    announceProvider(deps.win, {
      info: {
        uuid: globalThis.crypto.randomUUID(),
        name: DEMO_WALLET_NAME,
        icon: DEMO_WALLET_ICON,
        rdns: DEMO_WALLET_RDNS,
      },
      provider: lazyDemoWallet(() => load().then((m) => m.createDemoWallet({ rpcUrl }))),
    });
    return true;
  })();
  installed.set(deps.win, attempt);
  return attempt;
}
