import { useInfiniteQuery } from '@tanstack/react-query';
import type { Address } from 'viem';
import {
  fetchMarketBook,
  fetchMarketFills,
  fetchMyMarketOrders,
  type MarketFill,
  type MarketOrder,
} from '../../api/market.ts';

/** How many rows one page shows. */
export const MARKET_PAGE = 10;
/** The lists are looked for again this often (the indexer follows the chain a moment behind). */
const REFRESH_MS = 3_000;

export type Pages<T> = {
  readonly data: readonly T[] | undefined;
  readonly error: unknown;
  readonly hasMore: boolean;
  readonly loadingMore: boolean;
  readonly loadMore: () => void;
  readonly retry: () => void;
};

function pages<T>(query: {
  data: { pages: readonly { items: readonly T[] }[] } | undefined;
  error: unknown;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
  refetch: () => unknown;
}): Pages<T> {
  return {
    data: query.data?.pages.flatMap((page) => page.items),
    error: query.error,
    hasMore: query.hasNextPage,
    loadingMore: query.isFetchingNextPage,
    loadMore: () => void query.fetchNextPage(),
    retry: () => void query.refetch(),
  };
}

/** GET /market/orders: the open book, best price first, page by page. */
export function useMarketBook(): Pages<MarketOrder> {
  return pages(
    useInfiniteQuery({
      queryKey: ['market', 'book'],
      queryFn: ({ pageParam }) => fetchMarketBook({ limit: MARKET_PAGE, ...(pageParam ? { after: pageParam } : {}) }),
      initialPageParam: null as string | null,
      getNextPageParam: (page) => page.nextAfter,
      refetchInterval: REFRESH_MS,
    }),
  );
}

/** GET /market/my-orders: the account's orders, newest first. */
export function useMyMarketOrders(account: Address): Pages<MarketOrder> {
  return pages(
    useInfiniteQuery({
      queryKey: ['market', 'mine', account.toLowerCase()],
      queryFn: ({ pageParam }) =>
        fetchMyMarketOrders({ account, limit: MARKET_PAGE, ...(pageParam ? { before: pageParam } : {}) }),
      initialPageParam: null as string | null,
      getNextPageParam: (page) => page.nextBefore,
      refetchInterval: REFRESH_MS,
    }),
  );
}

/** GET /market/fills: the account's fills (bought or sold), newest first. */
export function useMarketFills(account: Address): Pages<MarketFill> {
  return pages(
    useInfiniteQuery({
      queryKey: ['market', 'fills', account.toLowerCase()],
      queryFn: ({ pageParam }) =>
        fetchMarketFills({ account, limit: MARKET_PAGE, ...(pageParam ? { before: pageParam } : {}) }),
      initialPageParam: null as string | null,
      getNextPageParam: (page) => page.nextBefore,
      refetchInterval: REFRESH_MS,
    }),
  );
}
