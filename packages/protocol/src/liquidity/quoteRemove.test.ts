import { describe, expect, it } from 'vitest';
import { quoteRemoveLiquidity } from './quoteRemove.ts';

const e18 = (n: bigint) => n * 10n ** 18n;

describe('quoteRemoveLiquidity', () => {
  const pool = { balanceA: e18(1_000n), balanceB: e18(500n), totalSupply: e18(700n) };

  it('pays each token pro rata to the LP burnt, rounded down', () => {
    const q = quoteRemoveLiquidity(pool, e18(7n));
    expect(q).toEqual({ liquidity: e18(7n), amountA: e18(10n), amountB: e18(5n), shareBps: 100n });
    expect(quoteRemoveLiquidity({ balanceA: 10n, balanceB: 10n, totalSupply: 3n }, 1n)).toMatchObject({
      amountA: 3n,
      amountB: 3n,
      shareBps: 3_333n,
    });
  });

  it('the whole supply pays the whole holdings; 0 LP pays nothing', () => {
    expect(quoteRemoveLiquidity(pool, pool.totalSupply)).toMatchObject({
      amountA: pool.balanceA,
      amountB: pool.balanceB,
      shareBps: 10_000n,
    });
    expect(quoteRemoveLiquidity(pool, 0n)).toMatchObject({ amountA: 0n, amountB: 0n, shareBps: 0n });
  });

  it('refuses more LP than exists or a negative amount', () => {
    expect(() => quoteRemoveLiquidity(pool, pool.totalSupply + 1n)).toThrow(RangeError);
    expect(() => quoteRemoveLiquidity(pool, -1n)).toThrow(RangeError);
  });
});
