import { useQuery } from '@tanstack/react-query';
import type { Address } from 'viem';
import type { StakePool } from '@eterno/protocol/stake/pools';
import type { StakeRecord } from '@eterno/protocol/stake/records';
import { fetchStakes } from '../../api/indexer.ts';
import { indexerBehind, type IndexedOrders } from './history.ts';

/** While the indexer trails the chain's records, it is asked again this often. */
const CATCH_UP_MS = 1_000;
/** The newest orders the records are joined with (the indexer API's page limit). */
const HISTORY_LIMIT = 100;

/**
 * The account's orders in `pool` from the indexer: the tx hashes and, for orders that have left,
 * the reward paid. Optional: the records come from the chain, this only completes them. Fetched
 * once, then again every second only while the chain shows an order or a leave the indexer does
 * not have yet.
 */
export function useStakeHistory(
  pool: StakePool,
  account: Address | undefined,
  records: readonly StakeRecord[] | undefined,
): IndexedOrders | undefined {
  const query = useQuery({
    queryKey: ['indexer', 'stakes', pool, account?.toLowerCase() ?? null],
    enabled: account !== undefined,
    queryFn: async () => {
      if (!account) throw new Error('no account');
      const page = await fetchStakes({ account, pool, limit: HISTORY_LIMIT });
      return { orders: page.items, complete: page.nextBefore === null };
    },
    refetchInterval: (q) => (records !== undefined && indexerBehind(records, q.state.data) ? CATCH_UP_MS : false),
  });
  return query.data;
}
