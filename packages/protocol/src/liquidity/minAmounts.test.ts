import { describe, expect, it } from 'vitest';
import { liquidityMinimums } from './minAmounts.ts';

describe('liquidityMinimums', () => {
  it('takes the slippage tolerance off each amount, rounded down', () => {
    expect(liquidityMinimums({ amountA: 10_000n, amountB: 999n }, 50n)).toEqual({
      amountAMin: 9_950n,
      amountBMin: 994n,
    });
    expect(liquidityMinimums({ amountA: 10_000n, amountB: 999n }, 0n)).toEqual({
      amountAMin: 10_000n,
      amountBMin: 999n,
    });
  });

  it('on an empty pair the minimums are the amounts, whatever the tolerance', () => {
    expect(liquidityMinimums({ amountA: 10_000n, amountB: 999n }, 300n, true)).toEqual({
      amountAMin: 10_000n,
      amountBMin: 999n,
    });
  });

  it('refuses a tolerance outside 0–100 %', () => {
    expect(() => liquidityMinimums({ amountA: 1n, amountB: 1n }, 10_001n)).toThrow(RangeError);
  });
});
