import { useQuery } from '@tanstack/react-query';
import { fetchRegularOrders } from '../../api/finance.ts';
import { FINANCE_QUERY, FINANCE_REFRESH_MS } from './financeQueries.ts';
import { ORDERS_PAGE } from './useFinanceOrders.ts';

/** GET /finance/regular-orders: the user's fixed-term deposits. */
export function useRegularOrders() {
  const query = useQuery({
    queryKey: [FINANCE_QUERY, 'regular-orders'],
    queryFn: () => fetchRegularOrders({ limit: ORDERS_PAGE }),
    refetchInterval: FINANCE_REFRESH_MS,
  });
  return { data: query.data, error: query.error, retry: () => void query.refetch() };
}
