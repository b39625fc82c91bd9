import { useInfiniteQuery } from '@tanstack/react-query';
import { fetchRegularOrders, type RegularOrder } from '../../api/finance.ts';
import { FINANCE_QUERY, FINANCE_REFRESH_MS } from './financeQueries.ts';
import { ORDERS_PAGE, paged, type Paged } from './useFinanceOrders.ts';

/** GET /finance/regular-orders: the user's fixed-term deposits, newest first, page by page like the package orders. */
export function useRegularOrders(): Paged<RegularOrder> {
  return paged(
    useInfiniteQuery({
      queryKey: [FINANCE_QUERY, 'regular-orders'],
      queryFn: ({ pageParam }) =>
        fetchRegularOrders({ limit: ORDERS_PAGE, ...(pageParam ? { before: pageParam } : {}) }),
      initialPageParam: null as string | null,
      getNextPageParam: (page) => page.nextBefore,
      refetchInterval: FINANCE_REFRESH_MS,
    }),
  );
}
