import { describe, expect, it } from 'vitest';
import type { Candle } from '../../api/candles.ts';
import { chartCandles, chartVolumes, lastMove, plotted } from './chartData.ts';

const candle = (time: number, open: bigint, close: bigint): Candle => ({
  time,
  open,
  high: open > close ? open : close,
  low: open < close ? open : close,
  close,
  volumeToken: 10n ** 18n,
  volumeUsdt: 1_234_500_000_000_000_000n,
  trades: 1,
});

describe('chartData', () => {
  it('plots 1e18-scaled prices with 12 decimal digits', () => {
    expect(plotted(500_000_000_000_000_000n)).toBe(0.5);
    expect(plotted(1_999_999_999_999_999_999n)).toBe(1.999999999999);
    expect(plotted(0n)).toBe(0);
  });

  it('maps candles and volumes, marking down candles', () => {
    const cs = [candle(3600, 5n * 10n ** 17n, 6n * 10n ** 17n), candle(7200, 6n * 10n ** 17n, 4n * 10n ** 17n)];
    expect(chartCandles(cs)).toEqual([
      { time: 3600, open: 0.5, high: 0.6, low: 0.5, close: 0.6 },
      { time: 7200, open: 0.6, high: 0.6, low: 0.4, close: 0.4 },
    ]);
    expect(chartVolumes(cs)).toEqual([
      { time: 3600, value: 1.2345, up: true },
      { time: 7200, value: 1.2345, up: false },
    ]);
  });

  it('gives the last close and the change over the shown candles in basis points', () => {
    expect(lastMove([])).toBeNull();
    const cs = [candle(3600, 5n * 10n ** 17n, 6n * 10n ** 17n), candle(7200, 6n * 10n ** 17n, 55n * 10n ** 16n)];
    expect(lastMove(cs)).toEqual({ close: 55n * 10n ** 16n, changeBps: 1_000n });
  });
});
