import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { splitNode } from './splitNode.ts';

describe('splitNode', () => {
  it('gives the master shareBps, the NFTs the rest by weight, the dust apart', () => {
    // 1000 at 20 %: master 200; 800 by weights 2 (master's partner), 1, 4 → 228, 114, 457; dust 1.
    const got = splitNode(1000n, 2000, [
      { account: 'master', tokenId: 1n, weight: 2 },
      { account: 'bob', tokenId: 7n, weight: 1 },
      { account: 'carol', tokenId: 9n, weight: 4 },
    ]);
    expect(got).toEqual({
      master: 200n,
      nfts: [
        { account: 'master', tokenId: 1n, amount: 228n },
        { account: 'bob', tokenId: 7n, amount: 114n },
        { account: 'carol', tokenId: 9n, amount: 457n },
      ],
      dust: 1n,
    });
  });

  it('carries the whole part when no NFT was held through the day', () => {
    expect(splitNode(50n, 3000, [])).toEqual({ master: 0n, nfts: [], dust: 50n });
  });

  it('refuses a share rate outside 0–10000 and negative figures', () => {
    expect(() => splitNode(1n, 10_001, [])).toThrow(RangeError);
    expect(() => splitNode(-1n, 0, [])).toThrow(RangeError);
    expect(() => splitNode(1n, 0, [{ account: 'a', tokenId: 1n, weight: -1 }])).toThrow(RangeError);
  });

  it('adds up: master + Σ NFTs + dust = amount, dust below the NFT count', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 30n }),
        fc.integer({ min: 0, max: 10_000 }),
        fc.array(fc.integer({ min: 1, max: 8 }), { minLength: 1, maxLength: 20 }),
        (amount, shareBps, weights) => {
          const got = splitNode(
            amount,
            shareBps,
            weights.map((weight, i) => ({ account: `a${i}`, tokenId: BigInt(i), weight })),
          );
          expect(got.master + got.nfts.reduce((s, n) => s + n.amount, 0n) + got.dust).toBe(amount);
          expect(got.master).toBe((amount * BigInt(shareBps)) / 10_000n);
          expect(got.dust).toBeGreaterThanOrEqual(0n);
          expect(got.dust).toBeLessThan(BigInt(weights.length));
        },
      ),
    );
  });
});
