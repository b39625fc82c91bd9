import { useQuery } from '@tanstack/react-query';
import { fetchRounds } from '../../api/finance.ts';
import { FINANCE_QUERY, FINANCE_REFRESH_MS } from './financeQueries.ts';

/** GET /finance/rounds: the last allotment round and the next, with the user's place. */
export function useRounds() {
  const query = useQuery({
    queryKey: [FINANCE_QUERY, 'rounds'],
    queryFn: () => fetchRounds(),
    refetchInterval: FINANCE_REFRESH_MS,
  });
  return {
    data: query.data,
    error: query.error,
    /** Wall-clock ms when `data` arrived: the chain clock runs on from `data.now` since then. */
    receivedAtMs: query.dataUpdatedAt,
    retry: () => void query.refetch(),
  };
}
