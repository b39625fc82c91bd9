import { useQuery } from '@tanstack/react-query';
import type { Address } from 'viem';
import { fetchLedgerBalances } from '../../api/vault.ts';
import { AWAIT_LEDGER_MS, LEDGER_REFRESH_MS, VAULT_QUERY } from './vaultQueries.ts';

/** GET /vault/balances for the signed-in account; read every second while `waiting` (a voucher is open). */
export function useLedgerBalances(account: Address | undefined, waiting: boolean) {
  const query = useQuery({
    queryKey: [VAULT_QUERY, 'balances', account?.toLowerCase() ?? null],
    queryFn: () => fetchLedgerBalances(),
    enabled: account !== undefined,
    refetchInterval: waiting ? AWAIT_LEDGER_MS : LEDGER_REFRESH_MS,
  });
  return { data: query.data, error: query.error, retry: () => void query.refetch() };
}
