import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isqrt, isFirstLiquidity, MINIMUM_LIQUIDITY, pairedAmount, quote, quoteAddLiquidity } from './quoteAdd.ts';

const e18 = (n: bigint) => n * 10n ** 18n;
// The seeded EULP pool: 1,002,000 ETRO / 501,000 USDT.
const EULP = { reserveA: e18(1_002_000n), reserveB: e18(501_000n), totalSupply: 708_520_994_941_471_456_066_556n };
const EMPTY = { reserveA: 0n, reserveB: 0n, totalSupply: 0n };

describe('isqrt', () => {
  it('is floor(√n)', () => {
    expect([0n, 1n, 3n, 4n, 15n, 16n, 17n].map(isqrt)).toEqual([0n, 1n, 1n, 2n, 3n, 4n, 4n]);
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 2n ** 224n }), (n) => {
        const r = isqrt(n);
        return r * r <= n && (r + 1n) * (r + 1n) > n;
      }),
    );
  });
});

describe('quote and pairedAmount', () => {
  it('gives the other side at the reserves’ ratio, rounded down', () => {
    expect(quote(e18(100n), EULP.reserveA, EULP.reserveB)).toBe(e18(50n));
    expect(quote(7n, 3n, 2n)).toBe(4n);
    expect(pairedAmount(EULP, 'A', e18(100n))).toBe(e18(50n));
    expect(pairedAmount(EULP, 'B', e18(50n))).toBe(e18(100n));
  });

  it('has no ratio on an empty pair: the user types both', () => {
    expect(isFirstLiquidity(EMPTY)).toBe(true);
    expect(pairedAmount(EMPTY, 'A', e18(1n))).toBeNull();
    expect(() => quote(1n, 0n, 5n)).toThrow(RangeError);
  });
});

describe('quoteAddLiquidity', () => {
  it('mints the smaller of the two sides’ LP and takes the amounts at the ratio', () => {
    const q = quoteAddLiquidity(EULP, { amountA: e18(100n), amountB: e18(50n) });
    expect(q.firstLiquidity).toBe(false);
    expect(q).toMatchObject({ amountA: e18(100n), amountB: e18(50n) });
    expect(q.liquidity).toBe((e18(100n) * EULP.totalSupply) / EULP.reserveA);
    // 100 ETRO in a pool of 1,002,000: just under 0.01 %.
    expect(q.shareBps).toBe(0n);
  });

  it('follows the router: too much B → all of A and B at the ratio; too much A → all of B', () => {
    expect(quoteAddLiquidity(EULP, { amountA: e18(100n), amountB: e18(80n) })).toMatchObject({
      amountA: e18(100n),
      amountB: e18(50n),
    });
    expect(quoteAddLiquidity(EULP, { amountA: e18(300n), amountB: e18(50n) })).toMatchObject({
      amountA: e18(100n),
      amountB: e18(50n),
    });
  });

  it('first liquidity: the amounts as typed, √(a·b) − 1,000 LP, the whole pool but the locked 1,000', () => {
    const q = quoteAddLiquidity(EMPTY, { amountA: e18(4n), amountB: e18(1n) });
    expect(q).toMatchObject({ firstLiquidity: true, amountA: e18(4n), amountB: e18(1n) });
    expect(q.liquidity).toBe(e18(2n) - MINIMUM_LIQUIDITY);
    expect(q.shareBps).toBe(9_999n);
    // Too little to mint anything: the pair would revert.
    expect(quoteAddLiquidity(EMPTY, { amountA: 1_000n, amountB: 1_000n }).liquidity).toBe(0n);
  });

  it('share of the pool after the add, rounded down', () => {
    const pool = { reserveA: e18(300n), reserveB: e18(300n), totalSupply: e18(300n) };
    const q = quoteAddLiquidity(pool, { amountA: e18(100n), amountB: e18(100n) });
    expect(q.liquidity).toBe(e18(100n));
    expect(q.shareBps).toBe(2_500n);
  });

  it('never takes more than desired nor leaves both sides short of the ratio', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 2n ** 100n }),
        fc.bigInt({ min: 1n, max: 2n ** 100n }),
        fc.bigInt({ min: 1n, max: 2n ** 90n }),
        fc.bigInt({ min: 1n, max: 2n ** 90n }),
        (ra, rb, a, b) => {
          const pool = { reserveA: ra, reserveB: rb, totalSupply: isqrt(ra * rb) };
          const q = quoteAddLiquidity(pool, { amountA: a, amountB: b });
          return q.amountA <= a && q.amountB <= b && (q.amountA === a || q.amountB === b) && q.liquidity >= 0n;
        },
      ),
    );
  });
});
