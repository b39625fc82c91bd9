import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { splitPool } from './splitPool.ts';

describe('splitPool', () => {
  it('splits by power, rounding down, the dust carried', () => {
    // 100 by powers 1 : 2 : 0 : 3 → 16, 33, —, 50; 1 carried.
    const got = splitPool(100n, [
      { key: 'a', power: 1n },
      { key: 'b', power: 2n },
      { key: 'c', power: 0n },
      { key: 'd', power: 3n },
    ]);
    expect(got).toEqual({
      shares: [
        { key: 'a', amount: 16n },
        { key: 'b', amount: 33n },
        { key: 'd', amount: 50n },
      ],
      carry: 1n,
    });
  });

  it('carries the whole pool when no node has power', () => {
    expect(splitPool(42n, [])).toEqual({ shares: [], carry: 42n });
    expect(splitPool(42n, [{ key: 1, power: 0n }])).toEqual({ shares: [], carry: 42n });
  });

  it('refuses negative figures', () => {
    expect(() => splitPool(-1n, [])).toThrow(RangeError);
    expect(() => splitPool(1n, [{ key: 1, power: -1n }])).toThrow(RangeError);
  });

  it('pays shares + carry = pool exactly, each share proportional to power within one wei', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 30n }),
        fc.array(fc.bigInt({ min: 0n, max: 10n ** 27n }), { maxLength: 12 }),
        (pool, powers) => {
          const { shares, carry } = splitPool(
            pool,
            powers.map((power, key) => ({ key, power })),
          );
          expect(shares.reduce((s, x) => s + x.amount, 0n) + carry).toBe(pool);
          expect(carry).toBeGreaterThanOrEqual(0n);
          const total = powers.reduce((s, p) => s + p, 0n);
          if (total === 0n) expect(carry).toBe(pool);
          else expect(carry).toBeLessThan(BigInt(shares.length) + 1n);
          for (const { key, amount } of shares) {
            const exact = pool * powers[key]!;
            expect(amount * total).toBeLessThanOrEqual(exact);
            expect((amount + 1n) * total).toBeGreaterThan(exact);
          }
        },
      ),
    );
  });
});
