import { useQuery } from '@tanstack/react-query';
import type { Address } from 'viem';
import { fetchLedgerBalances, type LedgerBalances } from '../../api/vault.ts';

/** The ledger is looked for again this often while shown. */
const LEDGER_REFRESH_MS = 5_000;

/** The session user's ledger per token (GET /vault/balances). */
export function useLedgerBalances(account: Address): {
  data: LedgerBalances | undefined;
  error: unknown;
  retry: () => void;
} {
  const query = useQuery({
    queryKey: ['api', 'vault', 'balances', account.toLowerCase()],
    queryFn: () => fetchLedgerBalances(),
    refetchInterval: LEDGER_REFRESH_MS,
  });
  return { data: query.data, error: query.error, retry: () => void query.refetch() };
}
