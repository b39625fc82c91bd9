import { useQuery } from '@tanstack/react-query';
import { fetchRegularOrders } from '../../api/finance.ts';
import { FINANCE_QUERY, FINANCE_REFRESH_MS } from './financeQueries.ts';

/** The newest fixed-term deposits shown (a user opens few; paging: follow-up). */
const REGULAR_ORDERS_SHOWN = 50;

/** GET /finance/regular-orders: the user's fixed-term deposits. */
export function useRegularOrders() {
  const query = useQuery({
    queryKey: [FINANCE_QUERY, 'regular-orders'],
    queryFn: () => fetchRegularOrders({ limit: REGULAR_ORDERS_SHOWN }),
    refetchInterval: FINANCE_REFRESH_MS,
  });
  return { data: query.data, error: query.error, retry: () => void query.refetch() };
}
