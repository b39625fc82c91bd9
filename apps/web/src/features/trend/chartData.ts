/**
 * Candles (bigint, 1e18-scaled USDT prices) into what the chart draws. The chart library plots
 * numbers, so each price becomes a number here and only here, from its 12-digit decimal text
 * (formatScaled12, the spec's price display): a drawing coordinate, never an amount that is
 * computed with or sent anywhere (docs/decisions/trend.md). Figures shown as text stay bigint.
 */
import { formatScaled12 } from '@eterno/protocol/amount';
import type { Candle } from '../../api/candles.ts';

export type ChartCandle = {
  /** Unix seconds (the library's UTCTimestamp). */
  readonly time: number;
  readonly open: number;
  readonly high: number;
  readonly low: number;
  readonly close: number;
};

export type ChartVolume = { readonly time: number; readonly value: number; readonly up: boolean };

/** A 1e18-scaled price as a plotted number (12 decimal digits, truncated). */
export const plotted = (price: bigint): number => Number(formatScaled12(price));

export function chartCandles(candles: readonly Candle[]): ChartCandle[] {
  return candles.map((c) => ({
    time: c.time,
    open: plotted(c.open),
    high: plotted(c.high),
    low: plotted(c.low),
    close: plotted(c.close),
  }));
}

/** Each candle's USDT volume, marked up when it closed at or above its open. */
export function chartVolumes(candles: readonly Candle[]): ChartVolume[] {
  return candles.map((c) => ({ time: c.time, value: plotted(c.volumeUsdt), up: c.close >= c.open }));
}

/** The last close and its change from the first open of the shown candles, in basis points (bigint maths); null without candles. */
export function lastMove(candles: readonly Candle[]): { close: bigint; changeBps: bigint } | null {
  const first = candles[0];
  const last = candles[candles.length - 1];
  if (first === undefined || last === undefined) return null;
  return { close: last.close, changeBps: ((last.close - first.open) * 10_000n) / first.open };
}
