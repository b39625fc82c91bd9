import { useQuery } from '@tanstack/react-query';
import type { CandleInterval, CandlePair } from '@eterno/protocol/trend/candles';
import { fetchCandles } from '../../api/candles.ts';

/** The candles are looked for again this often while the tab is open (the indexer API, not the chain). */
const CANDLES_REFRESH_MS = 10_000;

/** GET /candles: the newest page of the pair's candles at the interval, oldest first. */
export function useCandles(pair: CandlePair, interval: CandleInterval) {
  const query = useQuery({
    queryKey: ['indexer', 'candles', pair, interval],
    queryFn: () => fetchCandles({ pair, interval }),
    refetchInterval: CANDLES_REFRESH_MS,
  });
  return { data: query.data, error: query.error, retry: () => void query.refetch() };
}
