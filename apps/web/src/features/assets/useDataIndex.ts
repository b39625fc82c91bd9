import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { usePublicClient } from 'wagmi';
import type { Address, Hex } from 'viem';
import { readBalances } from '@eterno/protocol/balances';
import { fetchVaultStats, type VaultStats, type VaultTokenStats } from '../../api/vaultStats.ts';
import { getConfig } from '../../config.ts';

/** The platform figures are looked for again this often while shown. */
const STATS_REFRESH_MS = 5_000;

/** GET /vault/stats: the ledger's side of the data index. */
export function useVaultStats(): { data: VaultStats | undefined; error: unknown; retry: () => void } {
  const query = useQuery({
    queryKey: ['api', 'vault', 'stats'],
    queryFn: () => fetchVaultStats(),
    refetchInterval: STATS_REFRESH_MS,
  });
  return { data: query.data, error: query.error, retry: () => void query.refetch() };
}

export type VaultHoldings = {
  readonly blockNumber: bigint;
  /** The vault's balance of each token, by lower-case address. */
  readonly byToken: ReadonlyMap<string, bigint>;
};

/**
 * The vault's holdings of the server's tokens read on chain AT THE BLOCK the server's figures are at
 * (`atBlock`): `balanceOf(vault)` of each token in ONE named Multicall3 call, never taken from the API —
 * the app's own check of the server's holdings. A block's balances never change: read once per block.
 */
export function useVaultHoldings(
  tokens: readonly VaultTokenStats[] | undefined,
  atBlock: bigint | undefined,
): { data: VaultHoldings | undefined; error: unknown; retry: () => void } {
  const { contracts } = getConfig().deployments;
  const client = usePublicClient();
  const query = useQuery({
    queryKey: [
      'chain-read',
      'vault-holdings',
      contracts.EternoVault,
      atBlock?.toString() ?? null,
      ...(tokens ?? []).map((token) => token.token.toLowerCase()),
    ],
    enabled: client !== undefined && tokens !== undefined && atBlock !== undefined,
    staleTime: Infinity,
    placeholderData: keepPreviousData,
    queryFn: async () => {
      if (!client || atBlock === undefined) throw new Error('no chain client');
      const list = tokens ?? [];
      const atClient = { call: (args: { to: Address; data: Hex }) => client.call({ ...args, blockNumber: atBlock }) };
      const result = await readBalances(atClient, {
        multicall: contracts.Multicall3,
        account: contracts.EternoVault,
        tokens: list.map((token) => ({ symbol: token.symbol, address: token.token })),
      });
      const byToken = new Map<string, bigint>();
      for (const token of list) {
        const value = result.balances[token.symbol];
        if (value === undefined) throw new Error(`no vault balance read for ${token.symbol}`);
        byToken.set(token.token.toLowerCase(), value);
      }
      return { blockNumber: result.blockNumber, byToken };
    },
  });
  return { data: query.data, error: query.error, retry: () => void query.refetch() };
}
