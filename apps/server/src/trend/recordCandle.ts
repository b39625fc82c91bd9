/**
 * A pair's `Swap` into its candles: one upsert per interval of the `candle` row keyed by (pair,
 * interval, bucket). Ponder runs the handlers in chain order (so the first trade opens a candle and
 * the last closes it) and undoes these writes on a reorg like any other indexed row.
 */
import { addTrade, bucketOf, CANDLE_INTERVAL_NAMES, pairTrade, tradePrice } from '@eterno/protocol/trend/candles';
import type { Context } from 'ponder:registry';
import { candle } from 'ponder:schema';
import type { PricePair } from './pricePairs.ts';

type SwapArgs = { amount0In: bigint; amount1In: bigint; amount0Out: bigint; amount1Out: bigint };

export async function recordCandleTrade(
  db: Context['db'],
  pair: PricePair,
  swap: SwapArgs,
  timestamp: bigint,
): Promise<void> {
  const trade = pairTrade(swap, pair.usdtIsToken0);
  const price = tradePrice(trade);
  if (price === null) return;
  for (const interval of CANDLE_INTERVAL_NAMES) {
    const key = { pair: pair.pair, interval, bucket: bucketOf(timestamp, interval) };
    const row = await db.find(candle, key);
    const figures = addTrade(row ?? undefined, price, trade);
    await db
      .insert(candle)
      .values({ ...key, ...figures })
      .onConflictDoUpdate(figures);
  }
}
