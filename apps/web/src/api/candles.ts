/**
 * GET /candles (Home › TREND): a pair's price candles, oldest first, checked field by field (wire
 * format: `@eterno/protocol/trend/candles`). Prices stay bigint (USDT per token, 1e18 scale);
 * failures throw ApiError like every indexer call (./indexer.ts).
 */
import {
  CANDLE_INTERVAL_NAMES,
  CANDLE_PAIRS,
  type CandleInterval,
  type CandlePair,
} from '@eterno/protocol/trend/candles';
import { getConfig } from '../config.ts';
import { apiRequest, type ApiDeps } from '../session/api.ts';
import { IndexerResponseError, Reader } from './indexer.ts';

export interface Candle {
  /** Bucket start, unix seconds (UTC-aligned). */
  readonly time: number;
  readonly open: bigint;
  readonly high: bigint;
  readonly low: bigint;
  readonly close: bigint;
  readonly volumeToken: bigint;
  readonly volumeUsdt: bigint;
  readonly trades: number;
}

export interface CandlePage {
  readonly pair: CandlePair;
  readonly interval: CandleInterval;
  /** Oldest first. */
  readonly candles: readonly Candle[];
  /** Pass as `before` for older candles; null when there are none. */
  readonly nextBefore: string | null;
}

function candle(r: Reader): Candle {
  return {
    time: r.seconds('time'),
    open: r.bigint('open'),
    high: r.bigint('high'),
    low: r.bigint('low'),
    close: r.bigint('close'),
    volumeToken: r.bigint('volumeToken'),
    volumeUsdt: r.bigint('volumeUsdt'),
    trades: r.int('trades'),
  };
}

export async function fetchCandles(
  query: {
    readonly pair: CandlePair;
    readonly interval: CandleInterval;
    readonly before?: string;
    readonly limit?: number;
  },
  deps: Partial<ApiDeps> = {},
): Promise<CandlePage> {
  const params = new URLSearchParams({ pair: query.pair, interval: query.interval });
  if (query.before !== undefined) params.set('before', query.before);
  if (query.limit !== undefined) params.set('limit', String(query.limit));
  const body = await apiRequest<unknown>(
    { apiUrl: deps.apiUrl ?? getConfig().apiUrl, ...(deps.fetch ? { fetch: deps.fetch } : {}) },
    { method: 'GET', path: `/candles?${params.toString()}` },
  );
  const root = Reader.of(body, '/candles', 200);
  const pair = root.oneOf('pair', CANDLE_PAIRS);
  const interval = root.oneOf('interval', CANDLE_INTERVAL_NAMES);
  if (pair !== query.pair || interval !== query.interval) throw new IndexerResponseError('/candles.pair', 200);
  const candles = root.list('candles').map(candle);
  for (let i = 1; i < candles.length; i++) {
    if (candles[i]!.time <= candles[i - 1]!.time) throw new IndexerResponseError(`/candles.candles[${i}].time`, 200);
  }
  return { pair, interval, candles, nextBefore: root.isNull('nextBefore') ? null : root.string('nextBefore') };
}
