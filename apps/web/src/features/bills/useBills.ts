import { useInfiniteQuery, type QueryClient } from '@tanstack/react-query';
import type { Address } from 'viem';
import type { AnyBillType } from '@eterno/protocol/vaultApi';
import { fetchBills, type Bill } from '../../api/bills.ts';

/** Entries per page of the bill. */
export const BILLS_PAGE_SIZE = 20;
/** The bill is looked for again this often while shown (new deposits, settlements, expiries). */
const BILLS_REFRESH_MS = 5_000;
/** Every bill list lives under this query-key prefix. */
export const BILLS_KEY = ['api', 'bills'] as const;

/** Fetches every shown bill list again now, e.g. after the user's own deposit or withdrawal. */
export function refreshBills(client: QueryClient): Promise<void> {
  return client.invalidateQueries({ queryKey: BILLS_KEY });
}

export type BillPages = {
  readonly bills: readonly Bill[] | undefined;
  readonly error: unknown;
  readonly hasMore: boolean;
  readonly loadingMore: boolean;
  readonly loadMore: () => void;
  readonly retry: () => void;
};

/** The session user's bills of one type (or all) and one token (or all), newest first, page by page. */
export function useBills(account: Address, filter: { type?: AnyBillType; token?: Address }): BillPages {
  const query = useInfiniteQuery({
    queryKey: [...BILLS_KEY, account.toLowerCase(), filter.type ?? null, filter.token?.toLowerCase() ?? null],
    queryFn: ({ pageParam }) =>
      fetchBills({
        limit: BILLS_PAGE_SIZE,
        ...(filter.type ? { type: filter.type } : {}),
        ...(filter.token ? { token: filter.token } : {}),
        ...(pageParam ? { before: pageParam } : {}),
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextBefore,
    refetchInterval: BILLS_REFRESH_MS,
  });
  return {
    bills: query.data?.pages.flatMap((page) => page.items),
    error: query.error,
    hasMore: query.hasNextPage,
    loadingMore: query.isFetchingNextPage,
    loadMore: () => void query.fetchNextPage(),
    retry: () => void query.refetch(),
  };
}
