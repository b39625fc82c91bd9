import fc from 'fast-check';
import { parseUnits } from 'viem';
import { describe, expect, it } from 'vitest';
import { settleNodeDay, type NodeDayInput } from './settleNodeDay.ts';

const e18 = (v: string) => parseUnits(v, 18);

describe('settleNodeDay', () => {
  it('splits the pool by votes × weight, then inside each node', () => {
    // Node 1: 300 votes × (partner 2 + bob 1) = 900; node 2: 100 votes × 3 = 300; node 3: no votes.
    // Pool 10 USDT → node 1 7.5, node 2 2.5. Node 1 (share 10 %): master 0.75, rest 6.75 by 2 : 1
    // → 4.5 and 2.25. Node 2 (share 0): carol's partner 2.5.
    const got = settleNodeDay(e18('10'), [
      {
        nodeId: 2n,
        master: 'carol',
        shareBps: 0,
        votes: e18('100'),
        nfts: [{ account: 'carol', tokenId: 3n, weight: 3 }],
      },
      {
        nodeId: 1n,
        master: 'alice',
        shareBps: 1000,
        votes: e18('300'),
        nfts: [
          { account: 'alice', tokenId: 1n, weight: 2 },
          { account: 'bob', tokenId: 2n, weight: 1 },
        ],
      },
      { nodeId: 3n, master: 'dave', shareBps: 0, votes: 0n, nfts: [{ account: 'dave', tokenId: 4n, weight: 8 }] },
    ]);
    expect(got).toEqual({
      power: e18('1200'),
      nodes: [
        { nodeId: 1n, votes: e18('300'), weight: 3, power: e18('900'), reward: e18('7.5'), masterReward: e18('0.75') },
        { nodeId: 2n, votes: e18('100'), weight: 3, power: e18('300'), reward: e18('2.5'), masterReward: 0n },
      ],
      credits: [
        { account: 'alice', amount: e18('5.25') },
        { account: 'bob', amount: e18('2.25') },
        { account: 'carol', amount: e18('2.5') },
      ],
      paid: e18('10'),
      carry: 0n,
    });
  });

  it('carries everything on a day without power', () => {
    const got = settleNodeDay(e18('3'), [{ nodeId: 1n, master: 'alice', shareBps: 0, votes: e18('5'), nfts: [] }]);
    expect(got).toEqual({ power: 0n, nodes: [], credits: [], paid: 0n, carry: e18('3') });
  });

  it('pays + carries the pool exactly; node rewards and credits add up to what was paid', () => {
    const node = fc.record({
      votes: fc.bigInt({ min: 0n, max: 10n ** 24n }),
      shareBps: fc.integer({ min: 0, max: 3000 }),
      nfts: fc.array(fc.tuple(fc.integer({ min: 0, max: 5 }), fc.constantFrom(1, 2, 4, 8)), { maxLength: 6 }),
    });
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 28n }), fc.array(node, { maxLength: 8 }), (pool, raw) => {
        const nodes: NodeDayInput<string>[] = raw.map((n, i) => ({
          nodeId: BigInt(i + 1),
          master: `m${i}`,
          shareBps: n.shareBps,
          votes: n.votes,
          nfts: n.nfts.map(([who, weight], j) => ({ account: `u${who}`, tokenId: BigInt(j), weight })),
        }));
        const got = settleNodeDay(pool, nodes);
        expect(got.paid + got.carry).toBe(pool);
        expect(got.carry).toBeGreaterThanOrEqual(0n);
        expect(got.nodes.reduce((s, n) => s + n.reward, 0n)).toBe(got.paid);
        expect(got.credits.reduce((s, c) => s + c.amount, 0n)).toBe(got.paid);
        expect(got.credits.every((c) => c.amount > 0n)).toBe(true);
        if (got.power === 0n) expect(got.carry).toBe(pool);
        for (const n of got.nodes) expect(n.masterReward).toBeLessThanOrEqual(n.reward);
      }),
    );
  });
});
