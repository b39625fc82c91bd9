import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PublicClient } from 'viem';
import { useBlockNumber, usePublicClient } from 'wagmi';
import { queryClient } from './queryClient.ts';

/** Every per-block chain read of a screen lives under this query-key prefix. */
export const CHAIN_READ = 'chain-read';

/** The key of a screen's read at `blockNumber`: a new block is a new key, so screens follow the chain. */
export function blockReadKey(name: string, params: readonly unknown[], blockNumber: bigint | undefined) {
  return [CHAIN_READ, name, ...params, blockNumber?.toString() ?? null] as const;
}

/** Re-reads every screen's chain figures now, e.g. when the user's own transaction was mined. */
export function refreshChainReads(client = queryClient): Promise<void> {
  return client.invalidateQueries({ queryKey: [CHAIN_READ] });
}

export type BlockRead<T> = {
  data: T | undefined;
  error: unknown;
  loading: boolean;
  retry: () => void;
};

/**
 * A screen's chain figures: `read` runs once per new block (wagmi polls eth_blockNumber) and
 * should be ONE Multicall3 eth_call (`aggregateStrict`), so a refresh costs two JSON-RPC requests.
 * The previous block's figures stay on screen while the next ones load. `params` (e.g. the
 * account) are part of the key; `enabled: false` waits (e.g. for an input).
 */
export function useBlockRead<T>(
  name: string,
  params: readonly unknown[],
  read: (client: PublicClient) => Promise<T>,
  options: { enabled?: boolean } = {},
): BlockRead<T> {
  const client = usePublicClient();
  const { data: blockNumber, error: blockError, refetch: refetchBlock } = useBlockNumber({ watch: true });
  const query = useQuery({
    queryKey: blockReadKey(name, params, blockNumber),
    enabled: client !== undefined && blockNumber !== undefined && options.enabled !== false,
    placeholderData: keepPreviousData,
    queryFn: () => {
      if (!client) throw new Error('no chain client');
      return read(client);
    },
  });
  const error = query.error ?? (query.data === undefined ? blockError : null);
  return {
    data: query.data,
    error,
    loading: query.data === undefined && error === null,
    retry: () => {
      if (blockNumber === undefined) void refetchBlock();
      else void query.refetch();
    },
  };
}
