import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Address } from 'viem';
import { useBlockNumber, usePublicClient } from 'wagmi';
import { readBalances } from '@eterno/protocol/balances';
import { getConfig } from '../../config.ts';
import { balancesQueryKey } from './balancesQuery.ts';
import { overviewRows, overviewTokens } from './overviewTokens.ts';

/**
 * The overview's balances: ONE Multicall3 eth_call per new block (wagmi polls eth_blockNumber),
 * the previous block's figures kept on screen while the next ones load.
 */
export function useOverviewBalances(account: Address | undefined) {
  const client = usePublicClient();
  const { data: blockNumber, error: blockError, refetch: refetchBlock } = useBlockNumber({ watch: true });
  const query = useQuery({
    queryKey: balancesQueryKey(account, blockNumber),
    enabled: client !== undefined && account !== undefined && blockNumber !== undefined,
    placeholderData: keepPreviousData,
    queryFn: async () => {
      if (!client || !account) throw new Error('no client or account');
      const { contracts } = getConfig().deployments;
      const result = await readBalances(client, {
        multicall: contracts.Multicall3,
        account,
        tokens: overviewTokens(contracts),
      });
      return { blockNumber: result.blockNumber, rows: overviewRows(result) };
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
