import { useQuery } from '@tanstack/react-query';
import type { Address } from 'viem';
import { fetchWithdrawals } from '../../api/vault.ts';
import { voucherIsOpen } from './withdrawFlow.ts';
import { AWAIT_LEDGER_MS, LEDGER_REFRESH_MS, VAULT_QUERY } from './vaultQueries.ts';

/** How many recent vouchers the asset detail looks at (the newest of its token is shown). */
const VOUCHERS_READ = 20;

/** GET /vault/withdrawals: the account's recent vouchers, read every second while the newest is open. */
export function useWithdrawals(account: Address | undefined) {
  const query = useQuery({
    queryKey: [VAULT_QUERY, 'withdrawals', account?.toLowerCase() ?? null],
    queryFn: () => fetchWithdrawals({ limit: VOUCHERS_READ }),
    enabled: account !== undefined,
    refetchInterval: (q) => (voucherIsOpen(q.state.data?.items[0] ?? null) ? AWAIT_LEDGER_MS : LEDGER_REFRESH_MS),
  });
  return { data: query.data, error: query.error, retry: () => void query.refetch() };
}
