import type { EIP1193Provider } from 'viem';
import { http, createConfig, type Config } from 'wagmi';
import { injected } from 'wagmi/connectors';
import { defineEternoChain } from '@eterno/protocol/chain';
import { getConnectedProvider } from '../wallet/restore.ts';

/** New blocks are looked for every 4 s (eth_blockNumber, batched with any read of the same tick). */
export const POLLING_INTERVAL_MS = 4_000;

export type WagmiDeps = { readonly rpcUrl: string; readonly pollingInterval?: number };

/**
 * wagmi on the ETERNO chain: reads over HTTP JSON-RPC with batching, the wallet the session signed
 * in with as the only connector. Nothing is persisted by wagmi: the session is ours.
 */
export function createWagmiConfig({ rpcUrl, pollingInterval = POLLING_INTERVAL_MS }: WagmiDeps): Config {
  const chain = defineEternoChain(rpcUrl);
  return createConfig({
    chains: [chain],
    transports: { [chain.id]: http(rpcUrl, { batch: true }) },
    connectors: [
      injected({
        shimDisconnect: false,
        target: () => ({
          id: 'eterno',
          name: 'Wallet',
          // The wallet's own EIP-1193 object, typed loosely by the wallet module.
          provider: () => getConnectedProvider() as EIP1193Provider | undefined,
        }),
      }),
    ],
    multiInjectedProviderDiscovery: false,
    storage: null,
    pollingInterval,
  });
}
