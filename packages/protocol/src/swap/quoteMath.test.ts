import { describe, expect, it } from 'vitest';
import { parseEther } from 'viem';
import { minimumReceived, priceImpactBps } from './quoteMath.ts';

/** Uniswap V2's output for an exact input (0.3 % pool fee), as EtroSwap computes it. */
const amountOut = (amountIn: bigint, reserveIn: bigint, reserveOut: bigint) =>
  (amountIn * 997n * reserveOut) / (reserveIn * 1000n + amountIn * 997n);

describe('priceImpactBps', () => {
  const reserveIn = parseEther('501000');
  const reserveOut = parseEther('1002000');

  it('is the pool fee and a hair (30.000…1 bps, rounded up to 31) for a tiny trade', () => {
    const amountIn = parseEther('0.001');
    expect(
      priceImpactBps({ amountIn, amountOut: amountOut(amountIn, reserveIn, reserveOut), reserveIn, reserveOut }),
    ).toBe(31n);
  });

  it('grows with the trade size: 1 % of the reserve costs about 1.3 %', () => {
    const amountIn = reserveIn / 100n;
    const out = amountOut(amountIn, reserveIn, reserveOut);
    // exact: 1 − 0.997 / (1 + 0.00997) ≈ 1.2816 %, rounded up to 129 bps
    expect(priceImpactBps({ amountIn, amountOut: out, reserveIn, reserveOut })).toBe(129n);
  });

  it('is exact in bigint (no float) and never understated', () => {
    // ideal output 200, actual 199: 0.5 % exactly; actual 198.99 → just above 0.5 %: rounded up to 51.
    expect(priceImpactBps({ amountIn: 100n, amountOut: 199n, reserveIn: 1n, reserveOut: 2n })).toBe(50n);
    expect(priceImpactBps({ amountIn: 10_000n, amountOut: 19_899n, reserveIn: 1n, reserveOut: 2n })).toBe(51n);
  });

  it('a trade of a third of the pool is refused territory (≥ 15 %)', () => {
    const amountIn = reserveIn / 3n;
    const out = amountOut(amountIn, reserveIn, reserveOut);
    expect(priceImpactBps({ amountIn, amountOut: out, reserveIn, reserveOut })).toBeGreaterThanOrEqual(1_500n);
  });

  it('is 0 for an empty trade or an output at or above the mid price', () => {
    expect(priceImpactBps({ amountIn: 0n, amountOut: 0n, reserveIn, reserveOut })).toBe(0n);
    expect(priceImpactBps({ amountIn: 1n, amountOut: 3n, reserveIn: 1n, reserveOut: 2n })).toBe(0n);
  });

  it('refuses negative amounts and an empty pool', () => {
    expect(() => priceImpactBps({ amountIn: -1n, amountOut: 0n, reserveIn, reserveOut })).toThrow(RangeError);
    expect(() => priceImpactBps({ amountIn: 1n, amountOut: 1n, reserveIn: 0n, reserveOut })).toThrow(RangeError);
  });
});

describe('minimumReceived', () => {
  it('takes the slippage off the quote, rounded down', () => {
    expect(minimumReceived(parseEther('1000'), 50n)).toBe(parseEther('995'));
    expect(minimumReceived(parseEther('1000'), 300n)).toBe(parseEther('970'));
    expect(minimumReceived(999n, 100n)).toBe(989n); // 989.01 → 989
  });

  it('is the quote itself at 0 slippage and 0 at 100 %', () => {
    expect(minimumReceived(123_456_789n, 0n)).toBe(123_456_789n);
    expect(minimumReceived(123_456_789n, 10_000n)).toBe(0n);
  });

  it('refuses a slippage outside 0–10 000 bps', () => {
    expect(() => minimumReceived(1n, -1n)).toThrow(RangeError);
    expect(() => minimumReceived(1n, 10_001n)).toThrow(RangeError);
  });
});
