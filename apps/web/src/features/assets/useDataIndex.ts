import { useQuery } from '@tanstack/react-query';
import { readBalances } from '@eterno/protocol/balances';
import { fetchVaultStats, type VaultStats, type VaultTokenStats } from '../../api/vaultStats.ts';
import { useBlockRead, type BlockRead } from '../../chain/useBlockRead.ts';
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
 * The vault's holdings of the ledger's tokens, read on chain: `balanceOf(vault)` of each token in
 * ONE named Multicall3 call per block (the sub-calls named by symbol), never taken from the API.
 */
export function useVaultHoldings(tokens: readonly VaultTokenStats[] | undefined): BlockRead<VaultHoldings> {
  const { contracts } = getConfig().deployments;
  return useBlockRead(
    'vault-holdings',
    [contracts.EternoVault, ...(tokens ?? []).map((token) => token.token.toLowerCase())],
    async (client) => {
      const list = tokens ?? [];
      const result = await readBalances(client, {
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
    { enabled: tokens !== undefined },
  );
}
