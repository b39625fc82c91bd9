/** `GET /candles?pair=ETRO|FON&interval=1h|1d&before=&limit=`: a pair's price candles (Home › TREND). */
import {
  CANDLE_INTERVAL_NAMES,
  CANDLE_PAIRS,
  CANDLES_DEFAULT_LIMIT,
  CANDLES_MAX_LIMIT,
  type CandleInterval,
  type CandleJson,
  type CandlePair,
  type CandlesResponseJson,
} from '@eterno/protocol/trend/candles';
import { Hono } from 'hono';
import { and, desc, eq, lt } from 'ponder';
import { candle } from '../../../ponder.schema.ts';
import { ApiError } from '../../http/errors.ts';
import type { ApiDb } from './page.ts';

export type CandlesQuery = { pair: CandlePair; interval: CandleInterval; before: bigint | undefined; limit: number };

const oneOf = <T extends string>(values: readonly T[], value: string | undefined): T => {
  const found = values.find((v) => v === value);
  if (found === undefined) throw new ApiError('BAD_REQUEST');
  return found;
};

/** Validates the query: `pair` and `interval` required; `before` a bucket start (unix seconds); `limit` 1–500. */
export function parseCandlesQuery(query: {
  pair?: string;
  interval?: string;
  before?: string;
  limit?: string;
}): CandlesQuery {
  const pair = oneOf(CANDLE_PAIRS, query.pair);
  const interval = oneOf(CANDLE_INTERVAL_NAMES, query.interval);
  let before: bigint | undefined;
  if (query.before !== undefined) {
    if (!/^\d{1,20}$/.test(query.before)) throw new ApiError('BAD_REQUEST');
    before = BigInt(query.before);
  }
  let limit = CANDLES_DEFAULT_LIMIT;
  if (query.limit !== undefined) {
    if (!/^\d{1,3}$/.test(query.limit)) throw new ApiError('BAD_REQUEST');
    limit = Number(query.limit);
    if (limit < 1 || limit > CANDLES_MAX_LIMIT) throw new ApiError('BAD_REQUEST');
  }
  return { pair, interval, before, limit };
}

export function candleJson(row: typeof candle.$inferSelect): CandleJson {
  return {
    time: row.bucket.toString(),
    open: row.open.toString(),
    high: row.high.toString(),
    low: row.low.toString(),
    close: row.close.toString(),
    volumeToken: row.volumeToken.toString(),
    volumeUsdt: row.volumeUsdt.toString(),
    trades: row.trades,
  };
}

export function candlesRoute(db: ApiDb): Hono {
  return new Hono().get('/candles', async (c) => {
    const query = parseCandlesQuery(c.req.query());
    const rows = await db
      .select()
      .from(candle)
      .where(
        and(
          eq(candle.pair, query.pair),
          eq(candle.interval, query.interval),
          query.before === undefined ? undefined : lt(candle.bucket, query.before),
        ),
      )
      .orderBy(desc(candle.bucket))
      .limit(query.limit + 1);
    const page = rows.slice(0, query.limit);
    const oldest = page[page.length - 1];
    const body: CandlesResponseJson = {
      pair: query.pair,
      interval: query.interval,
      candles: page.reverse().map(candleJson),
      nextBefore: rows.length > query.limit && oldest !== undefined ? oldest.bucket.toString() : null,
    };
    return c.json(body);
  });
}
