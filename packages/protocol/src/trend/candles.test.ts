import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PRICE_SCALE } from '../pair.ts';
import { addTrade, bucketOf, pairTrade, tradePrice, type CandleFigures } from './candles.ts';

const e18 = (n: bigint) => n * 10n ** 18n;

describe('pairTrade', () => {
  const swap = { amount0In: 5n, amount1In: 0n, amount0Out: 0n, amount1Out: 7n };
  it('splits the amounts by which side USDT is on', () => {
    expect(pairTrade(swap, true)).toEqual({ usdt: 5n, token: 7n });
    expect(pairTrade(swap, false)).toEqual({ usdt: 7n, token: 5n });
  });
});

describe('tradePrice', () => {
  it('is USDT per token at 1e18, truncated', () => {
    expect(tradePrice({ usdt: e18(1n), token: e18(2n) })).toBe(PRICE_SCALE / 2n);
    expect(tradePrice({ usdt: 1n, token: 3n })).toBe(333_333_333_333_333_333n);
  });
  it('prices nothing when a side moved nothing', () => {
    expect(tradePrice({ usdt: 0n, token: 5n })).toBeNull();
    expect(tradePrice({ usdt: 5n, token: 0n })).toBeNull();
  });
});

describe('bucketOf', () => {
  it('aligns to UTC hours and days', () => {
    const t = 1_700_000_123n; // 2023-11-14T22:15:23Z
    expect(bucketOf(t, '1h')).toBe(1_699_999_200n);
    expect(bucketOf(t, '1d')).toBe(1_699_920_000n);
    expect(bucketOf(1_699_999_200n, '1h')).toBe(1_699_999_200n);
  });
});

describe('addTrade', () => {
  it('opens with the first trade and closes with the last', () => {
    let c: CandleFigures | undefined;
    c = addTrade(c, 10n, { token: 1n, usdt: 10n });
    c = addTrade(c, 30n, { token: 2n, usdt: 60n });
    c = addTrade(c, 5n, { token: 4n, usdt: 20n });
    c = addTrade(c, 12n, { token: 1n, usdt: 12n });
    expect(c).toEqual({ open: 10n, high: 30n, low: 5n, close: 12n, volumeToken: 8n, volumeUsdt: 102n, trades: 4 });
  });

  it('keeps low ≤ open, close ≤ high and sums the volumes for any trades', () => {
    const trade = fc.record({
      price: fc.bigInt({ min: 1n, max: 10n ** 30n }),
      token: fc.bigInt({ min: 1n, max: 10n ** 30n }),
    });
    fc.assert(
      fc.property(fc.array(trade, { minLength: 1, maxLength: 30 }), (trades) => {
        let c: CandleFigures | undefined;
        for (const t of trades) c = addTrade(c, t.price, { token: t.token, usdt: t.token });
        const prices = trades.map((t) => t.price);
        expect(c!.open).toBe(prices[0]);
        expect(c!.close).toBe(prices[prices.length - 1]);
        expect(c!.high).toBe(prices.reduce((a, b) => (a > b ? a : b)));
        expect(c!.low).toBe(prices.reduce((a, b) => (a < b ? a : b)));
        expect(c!.volumeToken).toBe(trades.reduce((s, t) => s + t.token, 0n));
        expect(c!.trades).toBe(trades.length);
      }),
    );
  });
});
