import { useQuery } from '@tanstack/react-query';
import type { Address, Hash } from 'viem';
import { fetchTrades, type Page, type Trade } from '../../api/indexer.ts';

/** How many trades each list shows. */
export const TRADES_SHOWN = 10;
/** Everyone's recent trades are looked for again this often (the indexer API, not the chain). */
const RECENT_REFRESH_MS = 15_000;
/** After the user's own trade: how often to look until the indexer has it. */
const AWAIT_INDEXED_MS = 1_000;

export type TradeLists = {
  recent: { data: Page<Trade> | undefined; error: unknown; retry: () => void };
  mine: { data: Page<Trade> | undefined; error: unknown; retry: () => void };
};

const hasTrade = (page: Page<Trade> | undefined, hash: Hash) =>
  page?.items.some((trade) => trade.txHash === hash) ?? false;

/**
 * Recent trades (everyone) and the account's exchange records, from the indexer. `awaitHash` is
 * the user's last confirmed trade: both lists are fetched again every second until they show it
 * (the indexer follows the chain a moment behind).
 */
export function useTrades(account: Address, awaitHash: Hash | null): TradeLists {
  const recent = useQuery({
    queryKey: ['indexer', 'trades', 'recent'],
    queryFn: () => fetchTrades({ limit: TRADES_SHOWN }),
    refetchInterval: (query) =>
      awaitHash !== null && !hasTrade(query.state.data, awaitHash) ? AWAIT_INDEXED_MS : RECENT_REFRESH_MS,
  });
  const mine = useQuery({
    queryKey: ['indexer', 'trades', 'mine', account.toLowerCase()],
    queryFn: () => fetchTrades({ account, limit: TRADES_SHOWN }),
    refetchInterval: (query) =>
      awaitHash !== null && !hasTrade(query.state.data, awaitHash) ? AWAIT_INDEXED_MS : false,
  });
  return {
    recent: { data: recent.data, error: recent.error, retry: () => void recent.refetch() },
    mine: { data: mine.data, error: mine.error, retry: () => void mine.refetch() },
  };
}
