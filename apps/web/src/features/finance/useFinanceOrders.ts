import { useQuery } from '@tanstack/react-query';
import { fetchOrders, type OrdersView } from '../../api/finance.ts';
import { FINANCE_QUERY, FINANCE_REFRESH_MS } from './financeQueries.ts';

/** How many orders one page shows. */
export const ORDERS_PAGE = 50;

/** GET /finance/orders: the user's package orders of one view (active: unpaid, waiting, in progress; past: finished). */
export function useFinanceOrders(view: OrdersView) {
  const query = useQuery({
    queryKey: [FINANCE_QUERY, 'orders', view],
    queryFn: () => fetchOrders({ view, limit: ORDERS_PAGE }),
    refetchInterval: FINANCE_REFRESH_MS,
  });
  return { data: query.data, error: query.error, retry: () => void query.refetch() };
}
