import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Address } from 'viem';
import { fetchTree } from '../../api/referral.ts';
import { MINE_QUERY, MINE_REFRESH_MS } from './mineQueries.ts';

/** GET /referral/tree/:viewer?root=: the view around `root` (null: the viewer); the last view stays while the next loads. */
export function useTree(viewer: Address | undefined, root: Address | null) {
  const query = useQuery({
    queryKey: [MINE_QUERY, 'tree', viewer?.toLowerCase() ?? null, root?.toLowerCase() ?? null],
    queryFn: () => fetchTree(viewer!, root),
    enabled: viewer !== undefined,
    placeholderData: keepPreviousData,
    refetchInterval: MINE_REFRESH_MS,
  });
  return {
    data: query.data,
    error: query.error,
    /** The shown view is the previous root's while the asked one loads. */
    stale: query.isPlaceholderData,
    retry: () => void query.refetch(),
  };
}
