import { useQuery } from '@tanstack/react-query';
import { fetchIncome } from '../../api/referral.ts';
import { isNotFound, MINE_QUERY, MINE_REFRESH_MS, retryUnlessNotFound } from './mineQueries.ts';

/** GET /referral/income: the dynamic incomes, loop reinvestment, energy value, release and prize pool. */
export function useIncome() {
  const query = useQuery({
    queryKey: [MINE_QUERY, 'income'],
    queryFn: () => fetchIncome(),
    retry: retryUnlessNotFound,
    refetchInterval: (q) => (isNotFound(q.state.error) ? false : MINE_REFRESH_MS),
  });
  return { data: query.data, error: query.error, retry: () => void query.refetch() };
}
