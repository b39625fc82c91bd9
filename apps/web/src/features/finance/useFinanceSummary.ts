import { useQuery } from '@tanstack/react-query';
import { fetchFinanceSummary } from '../../api/finance.ts';
import { FINANCE_QUERY, FINANCE_REFRESH_MS } from './financeQueries.ts';

/** GET /finance/summary: units, current value, reward limit, gained, remaining, cycles (the Mine summary's package figures). */
export function useFinanceSummary() {
  const query = useQuery({
    queryKey: [FINANCE_QUERY, 'summary'],
    queryFn: () => fetchFinanceSummary(),
    refetchInterval: FINANCE_REFRESH_MS,
  });
  return { data: query.data, error: query.error, retry: () => void query.refetch() };
}
