import { useInfiniteQuery } from '@tanstack/react-query';
import type { Page } from '../../api/indexer.ts';
import { isNotFound, MINE_PAGE, MINE_QUERY, MINE_REFRESH_MS, retryUnlessNotFound } from './mineQueries.ts';

export type Pages<T> = {
  readonly data: readonly T[] | undefined;
  readonly error: unknown;
  readonly hasMore: boolean;
  readonly loadingMore: boolean;
  readonly loadMore: () => void;
  readonly retry: () => void;
};

/**
 * One of the session user's keyset-paged referral lists (direct, indirect, binary days), newest
 * first, `MINE_PAGE` rows a page; a route the server does not have is not asked again.
 */
export function usePages<T>(
  name: 'direct' | 'indirect' | 'binary',
  fetchPage: (query: { limit: number; before?: string }) => Promise<Page<T>>,
  /** false: not read (its tab is not shown). */
  enabled = true,
): Pages<T> {
  const query = useInfiniteQuery({
    queryKey: [MINE_QUERY, name],
    queryFn: ({ pageParam }) => fetchPage({ limit: MINE_PAGE, ...(pageParam ? { before: pageParam } : {}) }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextBefore,
    enabled,
    retry: retryUnlessNotFound,
    refetchInterval: (q) => (isNotFound(q.state.error) ? false : MINE_REFRESH_MS),
  });
  return {
    data: query.data?.pages.flatMap((page) => page.items),
    error: query.error,
    hasMore: query.hasNextPage,
    loadingMore: query.isFetchingNextPage,
    loadMore: () => void query.fetchNextPage(),
    retry: () => void query.refetch(),
  };
}
