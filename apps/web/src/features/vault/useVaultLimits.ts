import { useQuery } from '@tanstack/react-query';
import type { Address } from 'viem';
import { fetchVaultLimits } from '../../api/vault.ts';
import { LEDGER_REFRESH_MS, VAULT_QUERY } from './vaultQueries.ts';

/** GET /vault/limits: what the day caps and exchange budgets leave the signed-in user today, per token. */
export function useVaultLimits(account: Address | undefined) {
  const query = useQuery({
    queryKey: [VAULT_QUERY, 'limits', account?.toLowerCase() ?? null],
    queryFn: () => fetchVaultLimits(),
    enabled: account !== undefined,
    refetchInterval: LEDGER_REFRESH_MS,
  });
  return { data: query.data, error: query.error, retry: () => void query.refetch() };
}
