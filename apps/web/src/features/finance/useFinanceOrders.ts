import { useInfiniteQuery } from '@tanstack/react-query';
import { fetchOrders, type FinanceOrder, type OrdersView } from '../../api/finance.ts';
import { FINANCE_QUERY, FINANCE_REFRESH_MS } from './financeQueries.ts';

/** How many orders one page shows. */
export const ORDERS_PAGE = 20;

/** A list read page by page: the rows so far, and "Load more" while the server has older ones. */
export type Paged<T> = {
  readonly data: readonly T[] | undefined;
  readonly error: unknown;
  readonly hasMore: boolean;
  readonly loadingMore: boolean;
  readonly loadMore: () => void;
  readonly retry: () => void;
};

export type OrderPages = Paged<FinanceOrder>;

/** A TanStack infinite query of `{ items, nextBefore }` pages as `Paged`. */
export function paged<T>(query: {
  data?: { pages: ReadonlyArray<{ items: readonly T[] }> };
  error: unknown;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
  refetch: () => unknown;
}): Paged<T> {
  return {
    data: query.data?.pages.flatMap((page) => page.items),
    error: query.error,
    hasMore: query.hasNextPage,
    loadingMore: query.isFetchingNextPage,
    loadMore: () => void query.fetchNextPage(),
    retry: () => void query.refetch(),
  };
}

/** GET /finance/orders: the user's package orders of one view (active: unpaid, waiting, in progress; past: finished), page by page. */
export function useFinanceOrders(view: OrdersView): OrderPages {
  return paged(
    useInfiniteQuery({
      queryKey: [FINANCE_QUERY, 'orders', view],
      queryFn: ({ pageParam }) =>
        fetchOrders({ view, limit: ORDERS_PAGE, ...(pageParam ? { before: pageParam } : {}) }),
      initialPageParam: null as string | null,
      getNextPageParam: (page) => page.nextBefore,
      refetchInterval: FINANCE_REFRESH_MS,
    }),
  );
}
