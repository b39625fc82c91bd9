import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseUnits } from 'viem';
import { dailyIncome } from '../finance/rules.ts';
import {
  allocateToOrders,
  binaryDay,
  capToEnergy,
  comparePrizeRanks,
  energyValue,
  loopOrders,
  matchingIncome,
  orderRoom,
  prizePoolShares,
  purchaseIncomes,
  releasePart,
  splitLoop,
  staticGained,
  type ActiveOrder,
  type IncomeRates,
} from './incomes.ts';

const usdt = (v: string) => parseUnits(v, 18);

/** The ECONOMY §4 defaults (the shipped settings file's values). */
const rates: IncomeRates = {
  directBps: 1000,
  indirectBps: [500, 300, 100, 100, 100, 100, 100, 100, 100],
  binaryBps: 1000,
  matchingBps: 1000,
  serviceCenterBps: 200,
  prizePoolBps: 200,
  prizePoolWinners: 10,
  loopBps: 2000,
  releaseDays: 20,
};

const order = (o: Partial<ActiveOrder>): ActiveOrder => ({
  seq: 1n,
  status: 'in_progress',
  payment: usdt('100'),
  dailyRateBps: 50,
  allocation01Bps: 6000,
  rewardLimit: usdt('240'),
  dynamicGained: 0n,
  settledDays: 0n,
  ...o,
});

describe('purchaseIncomes', () => {
  it('pays direct, indirect by level and the nearest service centre', () => {
    const upline = [1, 2, 3, 4, 10, 11].map((level) => ({
      level,
      wallet: `u${level}`,
      serviceLevel: level === 3 ? 1 : 0,
    }));
    upline.push({ level: 5, wallet: 'u5', serviceLevel: 2 });
    const got = purchaseIncomes(usdt('1000'), upline, rates);
    expect(got).toEqual([
      { earner: 'u1', type: 'direct', amount: usdt('100') }, // 1000 × 10 %
      { earner: 'u2', type: 'indirect', amount: usdt('50') }, // 1000 × 5 %
      { earner: 'u3', type: 'indirect', amount: usdt('30') }, // 1000 × 3 %
      { earner: 'u4', type: 'indirect', amount: usdt('10') }, // 1000 × 1 %
      { earner: 'u5', type: 'indirect', amount: usdt('10') },
      { earner: 'u10', type: 'indirect', amount: usdt('10') },
      // level 11 is past the 9 indirect rates: nothing
      { earner: 'u3', type: 'service_center', amount: usdt('20') }, // the nearest centre: 1000 × 2 %
    ]);
  });

  it('gives nothing without an upline', () => {
    expect(purchaseIncomes(usdt('100'), [], rates)).toEqual([]);
  });
});

describe('energy value and orders', () => {
  it('derives the static gained with the room the dynamic incomes left', () => {
    // 100 USDT, 0.5 %/day = 0.5 USDT a day; 10 days: 5 USDT.
    expect(staticGained(order({ settledDays: 10n }))).toBe(usdt('5'));
    // 238 USDT counted dynamically: 2 left, static stops at 2 after 4 days.
    expect(staticGained(order({ settledDays: 10n, dynamicGained: usdt('238') }))).toBe(usdt('2'));
    expect(orderRoom(order({ settledDays: 10n, dynamicGained: usdt('238') }))).toBe(0n);
    expect(staticGained(order({ status: 'waiting', settledDays: 0n }))).toBe(0n);
  });

  it('sums the rooms of the active orders', () => {
    const ep = energyValue([
      order({ seq: 1n, settledDays: 10n, dynamicGained: usdt('35') }), // 240 − 5 − 35 = 200
      order({ seq: 2n, status: 'waiting', payment: usdt('500'), rewardLimit: usdt('1200') }), // 1200
    ]);
    expect(ep).toBe(usdt('1400'));
  });

  it('counts an income against the oldest order first', () => {
    const orders = [
      order({ seq: 7n, status: 'waiting' }),
      order({ seq: 3n, settledDays: 20n, dynamicGained: usdt('200') }), // room 240 − 10 − 200 = 30
    ];
    expect(allocateToOrders(orders, usdt('50'))).toEqual([
      { seq: 3n, add: usdt('30') },
      { seq: 7n, add: usdt('20') },
    ]);
    expect(() => allocateToOrders(orders, usdt('271'))).toThrow(RangeError);
  });

  it('settling day by day with dynamic incomes in between equals the closed form', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 600 }), fc.bigInt({ min: 0n, max: usdt('300') })), {
          maxLength: 8,
        }),
        fc.integer({ min: 0, max: 600 }),
        (incomes, days) => {
          // The day-by-day truth: static income capped by static + dynamic; dynamic incomes capped by the room.
          let s = 0n;
          let d = 0n;
          const o = order({});
          for (let day = 1; day <= days; day++) {
            for (const [at, amount] of incomes)
              if (at === day) {
                const room = o.rewardLimit - s - d;
                d += amount < room ? amount : room;
              }
            s += dailyIncome(o.payment, o.dailyRateBps, s + d, o.rewardLimit);
          }
          const derived = order({ dynamicGained: d, settledDays: BigInt(days) });
          expect(staticGained(derived)).toBe(s);
          expect(orderRoom(derived)).toBe(o.rewardLimit - s - d);
        },
      ),
    );
  });
});

describe('energy cap, loop share, loop orders', () => {
  it('burns beyond ep', () => {
    expect(capToEnergy(usdt('100'), usdt('30'))).toEqual({ paid: usdt('30'), burned: usdt('70') });
    expect(capToEnergy(usdt('10'), usdt('30'))).toEqual({ paid: usdt('10'), burned: 0n });
    expect(capToEnergy(usdt('10'), 0n)).toEqual({ paid: 0n, burned: usdt('10') });
  });

  it('puts 20 % in the loop and credits the rest; full units become loop orders', () => {
    expect(splitLoop(usdt('50'), rates)).toEqual({ loop: usdt('10'), credit: usdt('40') });
    expect(splitLoop(7n, rates)).toEqual({ loop: 1n, credit: 6n }); // 7 × 20 % = 1.4 → 1
    expect(loopOrders(usdt('95'), usdt('210'), usdt('100'))).toEqual({ orders: 3, balance: usdt('5') });
    expect(loopOrders(0n, usdt('99'), usdt('100'))).toEqual({ orders: 0, balance: usdt('99') });
  });
});

describe('binary, matching, prize pool, release', () => {
  it('matches the weaker side, carries the stronger side and caps the day', () => {
    const day = binaryDay(
      { leftNew: usdt('300'), rightNew: usdt('100'), leftCarryIn: 0n, rightCarryIn: usdt('50'), cap: usdt('100') },
      rates,
    );
    expect(day).toMatchObject({
      matched: usdt('150'), // min(300, 100 + 50)
      income: usdt('15'), // 150 × 10 %
      capped: 0n,
      leftCarryOut: usdt('150'), // 300 − 150
      rightCarryOut: 0n,
    });
    const capped = binaryDay(
      { leftNew: usdt('5000'), rightNew: usdt('5000'), leftCarryIn: 0n, rightCarryIn: 0n, cap: usdt('100') },
      rates,
    );
    expect(capped).toMatchObject({ income: usdt('500'), capped: usdt('400'), leftCarryOut: 0n, rightCarryOut: 0n });
    expect(matchingIncome(usdt('15'), rates)).toBe(usdt('1.5'));
  });

  it('shares the pool pro rata among the top N and carries the dust', () => {
    const few: IncomeRates = { ...rates, prizePoolWinners: 2 };
    const got = prizePoolShares(
      usdt('30'),
      [
        { user: 'a', id: 1, volume: usdt('100') },
        { user: 'b', id: 2, volume: usdt('200') },
        { user: 'c', id: 3, volume: usdt('50') },
        { user: 'd', id: 4, volume: 0n },
      ],
      few,
    );
    expect(got).toEqual({
      shares: [
        { user: 'b', amount: usdt('20') }, // 30 × 200 / 300
        { user: 'a', amount: usdt('10') },
      ],
      carry: 0n,
    });
    // 10 wei over volumes 1 and 2: 3 and 6, the 1 wei left rolls on.
    expect(
      prizePoolShares(
        10n,
        [
          { user: 'a', id: 1, volume: 1n },
          { user: 'b', id: 2, volume: 2n },
        ],
        rates,
      ),
    ).toEqual({
      shares: [
        { user: 'b', amount: 6n },
        { user: 'a', amount: 3n },
      ],
      carry: 1n,
    });
    // Nobody ranks: the whole pool rolls on.
    expect(prizePoolShares(usdt('30'), [], rates)).toEqual({ shares: [], carry: usdt('30') });
  });

  it('gives a tie at the last paid rank to the lower registry id, whatever the address', () => {
    const few: IncomeRates = { ...rates, prizePoolWinners: 2 };
    const ranking = [
      { user: '0x15d3', id: 9, volume: usdt('500') }, // the lower address, the later registration
      { user: '0x90f7', id: 4, volume: usdt('500') },
      { user: '0x3c44', id: 3, volume: usdt('1000') },
    ];
    expect(prizePoolShares(usdt('30'), ranking, few).shares.map((s) => s.user)).toEqual(['0x3c44', '0x90f7']);
    expect(comparePrizeRanks(ranking[0]!, ranking[1]!)).toBeGreaterThan(0);
  });

  it('pays Σ shares + carry = the pool for any ranking, the top N by volume then registry id', () => {
    const rank = fc.record({ id: fc.integer({ min: 1, max: 50 }), volume: fc.bigInt({ min: 0n, max: 10n ** 24n }) });
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 27n }),
        fc.uniqueArray(rank, { selector: (r) => r.id, maxLength: 30 }),
        fc.integer({ min: 1, max: 12 }),
        (pool, ranks, winners) => {
          const ranking = ranks.map((r) => ({ ...r, user: `u${r.id}` }));
          const { shares, carry } = prizePoolShares(pool, ranking, { ...rates, prizePoolWinners: winners });
          expect(shares.reduce((s, x) => s + x.amount, 0n) + carry).toBe(pool);
          expect(carry).toBeGreaterThanOrEqual(0n);
          const top = ranking
            .filter((r) => r.volume > 0n)
            .sort(comparePrizeRanks)
            .slice(0, winners);
          const total = top.reduce((s, r) => s + r.volume, 0n);
          // Each winner's share is its pro-rata floor; the dust is less than one wei per winner.
          for (const s of shares) {
            const r = top.find((x) => x.user === s.user)!;
            expect(s.amount).toBe((pool * r.volume) / total);
          }
          if (total > 0n) expect(carry).toBeLessThan(BigInt(Math.max(1, top.length)));
          else expect(carry).toBe(pool);
          // Nobody outside the top N is paid, and whoever is left out of it ranks after every winner.
          for (const s of shares) expect(top.some((r) => r.user === s.user)).toBe(true);
          const out = ranking.filter((r) => r.volume > 0n && !top.includes(r));
          for (const o of out) for (const w of top) expect(comparePrizeRanks(w, o)).toBeLessThan(0);
        },
      ),
    );
  });

  it('releases a tranche linearly over the release days to the wei', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 30n }), (amount) => {
        let sum = 0n;
        for (let k = 1n; k <= 20n; k++) sum += releasePart(amount, k, rates);
        expect(sum).toBe(amount);
        expect(releasePart(amount, 0n, rates)).toBe(0n);
        expect(releasePart(amount, 21n, rates)).toBe(0n);
      }),
    );
    expect(releasePart(usdt('40'), 1n, rates)).toBe(usdt('2')); // 40 / 20
  });
});
