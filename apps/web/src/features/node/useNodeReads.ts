import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { Address } from 'viem';
import { readNodeChain, type NodeChainView } from '@eterno/protocol/nodes/readNode';
import {
  fetchNode,
  fetchNodeAccount,
  fetchNodePool,
  fetchNodes,
  type NodeAccount,
  type NodeDetail,
  type NodePool,
  type NodeSummary,
} from '../../api/nodes.ts';
import { useBlockRead, type BlockRead } from '../../chain/useBlockRead.ts';
import { getConfig } from '../../config.ts';
import type { Pages } from '../market/useMarketLists.ts';

/** How many nodes one page shows. */
export const NODE_PAGE = 10;
/** The indexer follows the chain a moment behind: the server's figures are looked for again this often. */
const REFRESH_MS = 3_000;

export type Read<T> = { readonly data: T | undefined; readonly error: unknown; readonly retry: () => void };

const read = <T>(query: { data: T | undefined; error: unknown; refetch: () => unknown }): Read<T> => ({
  data: query.data,
  error: query.error,
  retry: () => void query.refetch(),
});

/** GET /nodes: the open nodes, most votes first, page by page. */
export function useNodes(): Pages<NodeSummary> {
  const query = useInfiniteQuery({
    queryKey: ['node', 'list'],
    queryFn: ({ pageParam }) => fetchNodes({ limit: NODE_PAGE, ...(pageParam ? { after: pageParam } : {}) }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextAfter,
    refetchInterval: REFRESH_MS,
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

/** GET /nodes/:id. */
export function useNodeDetail(nodeId: bigint | null): Read<NodeDetail> {
  return read(
    useQuery({
      queryKey: ['node', 'detail', nodeId?.toString() ?? null],
      queryFn: () => fetchNode(nodeId!),
      enabled: nodeId !== null,
      refetchInterval: REFRESH_MS,
    }),
  );
}

/** GET /nodes/account/:address. */
export function useNodeAccount(account: Address | undefined): Read<NodeAccount> {
  return read(
    useQuery({
      queryKey: ['node', 'account', account?.toLowerCase() ?? null],
      queryFn: () => fetchNodeAccount(account!),
      enabled: account !== undefined,
      refetchInterval: REFRESH_MS,
    }),
  );
}

/** GET /nodes/rewards (the last settled days, today's pool, the pool rate). */
export function useNodePool(): Read<NodePool> {
  return read(
    useQuery({ queryKey: ['node', 'pool'], queryFn: () => fetchNodePool({ limit: 7 }), refetchInterval: REFRESH_MS }),
  );
}

/** The sheets' chain figures (parameters, ETRO, approval, membership, votes on `nodeId`): ONE eth_call per block. */
export function useNodeChain(account: Address | undefined, nodeId?: bigint): BlockRead<NodeChainView> {
  return useBlockRead(
    'node',
    [account?.toLowerCase() ?? null, nodeId?.toString() ?? null],
    (client) => {
      if (!account) throw new Error('no account');
      return readNodeChain(client, {
        contracts: getConfig().deployments.contracts,
        account,
        ...(nodeId !== undefined ? { nodeId } : {}),
      });
    },
    { enabled: account !== undefined },
  );
}
