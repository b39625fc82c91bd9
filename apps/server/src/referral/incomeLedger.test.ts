import type { ActiveOrder, IncomeRates } from '@eterno/protocol/referral/incomes';
import type { Address } from 'viem';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { incomePlanner, planIncomes, type EarnerState, type LoopPackage } from './incomeLedger.ts';

const E18 = 10n ** 18n;
const usdt = '0x00000000000000000000000000000000000000a1' as Address;
const ann = '0x0000000000000000000000000000000000000001' as Address;
const ben = '0x0000000000000000000000000000000000000002' as Address;
const rates: IncomeRates = {
  directBps: 1000,
  indirectBps: [500, 300],
  binaryBps: 1000,
  matchingBps: 1000,
  serviceCenterBps: 200,
  prizePoolBps: 200,
  prizePoolWinners: 10,
  loopBps: 2000,
  releaseDays: 20,
};
const loop: LoopPackage = {
  id: 1,
  units: 1,
  price: 100n * E18,
  rewardLimit: 240n * E18,
  multiple01Bps: 20000,
  multiple02Bps: 30000,
  allocation01Bps: 6000,
  dailyRateBps: 50,
};
const order = (seq: bigint, payment: bigint, dynamicGained = 0n): ActiveOrder => ({
  seq,
  status: 'waiting',
  payment,
  dailyRateBps: 50,
  allocation01Bps: 6000,
  rewardLimit: (payment * 24n) / 10n,
  dynamicGained,
  settledDays: 0n,
});

describe('planIncomes', () => {
  it('pays within ep oldest order first, burns the rest, loops 20 % and makes loop orders of full units', () => {
    const earners = new Map<Address, EarnerState>([
      // ann: 240 + 1,200 of limits, 200 already counted on the first: ep 1,240; loop balance 90.
      [ann, { id: 7, orders: [order(1n, 100n * E18, 200n * E18), order(2n, 500n * E18)], loopBalance: 90n * E18 }],
    ]);
    const plan = planIncomes({
      incomes: [
        { id: 'a', earner: ann, type: 'direct', token: usdt, amount: 100n * E18 },
        { id: 'b', earner: ben, type: 'indirect', token: usdt, amount: 5n * E18 }, // ben has no order: nothing
        { id: 'c', earner: ann, type: 'binary', token: usdt, amount: 2000n * E18 },
      ],
      earners,
      rates,
      loop,
      nextSeq: 10n,
      loopIdPrefix: 'ev',
      loopOrdersEarnAtOnce: true,
    });
    // a: 100 paid (40 on order 1's room, 60 on order 2); loop 20 → 110: one loop order (seq 10), 10 left.
    // c: ep = 1,240 − 100 + 240 (the loop order) = 1,380 → 1,380 paid, 620 burned; loop 276 → 286: two orders, 86 left.
    // Each paid income's loop share is a bill of its own beside it (ECONOMY §10).
    expect(plan.bills).toEqual([
      { id: 'a', user: ann, type: 'direct', token: usdt, amount: 100n * E18 },
      { id: 'a:loop', user: ann, type: 'loop', token: usdt, amount: -20n * E18 },
      { id: 'c', user: ann, type: 'binary', token: usdt, amount: 2000n * E18 },
      { id: 'c:burn', user: ann, type: 'burn', token: usdt, amount: -620n * E18 },
      { id: 'c:loop', user: ann, type: 'loop', token: usdt, amount: -276n * E18 },
    ]);
    // The loop order made by `a` took 240 of `c`: written on the new order itself (its row is inserted by
    // the same statement, which an UPDATE beside it would not see).
    expect(plan.dynamic).toEqual([
      { seq: 1n, add: 40n * E18 },
      { seq: 2n, add: 1200n * E18 },
    ]);
    expect(plan.loopOrders.map((o) => [o.seq, o.eventId, o.dynamicGained])).toEqual([
      [10n, `ev:loop:${ann}:1`, 240n * E18],
      [11n, `ev:loop:${ann}:2`, 0n],
      [12n, `ev:loop:${ann}:3`, 0n],
    ]);
    expect(plan.nextSeq).toBe(13n);
    expect(plan.credits).toEqual([{ user: ann, token: usdt, amount: 80n * E18 + 1104n * E18 }]);
    expect(plan.loops).toEqual([{ user: ann, reinvested: 296n * E18, balance: 86n * E18, loopOrders: 3 }]);
  });
});

describe('incomePlanner', () => {
  const carl = '0x0000000000000000000000000000000000000003' as Address;

  it("numbers the loop orders of one step in registry-id order, each owner's in the order made", () => {
    // Paid in the order carl (id 9), ann (id 4), carl, ben (id 6): each crosses a full unit.
    const earners = new Map<Address, EarnerState>([
      [ann, { id: 4, orders: [order(1n, 5000n * E18)], loopBalance: 95n * E18 }],
      [ben, { id: 6, orders: [order(2n, 5000n * E18)], loopBalance: 95n * E18 }],
      [carl, { id: 9, orders: [order(3n, 5000n * E18)], loopBalance: 95n * E18 }],
    ]);
    const plan = planIncomes({
      incomes: [
        { id: 'c1', earner: carl, type: 'personal_pool', token: usdt, amount: 500n * E18 }, // loop 100 → 195: 1
        { id: 'a1', earner: ann, type: 'personal_pool', token: usdt, amount: 100n * E18 }, // loop 20 → 115: 1
        { id: 'c2', earner: carl, type: 'personal_pool', token: usdt, amount: 500n * E18 }, // 95 + 100 → 1
        { id: 'b1', earner: ben, type: 'personal_pool', token: usdt, amount: 25n * E18 }, // loop 5 → 100: 1
      ],
      earners,
      rates,
      loop,
      nextSeq: 20n,
      loopIdPrefix: 'prize:1',
      loopOrdersEarnAtOnce: false,
    });
    expect(plan.loopOrders.map((o) => [o.seq, o.user, o.eventId])).toEqual([
      [20n, ann, `prize:1:loop:${ann}:1`],
      [21n, ben, `prize:1:loop:${ben}:1`],
      [22n, carl, `prize:1:loop:${carl}:1`],
      [23n, carl, `prize:1:loop:${carl}:2`],
    ]);
    expect(plan.nextSeq).toBe(24n);
  });

  it('at a settlement, a loop order it makes adds nothing to the same step (it belongs to the next day)', () => {
    const state = (): Map<Address, EarnerState> =>
      new Map([[ann, { id: 1, orders: [order(1n, 100n * E18, 140n * E18)], loopBalance: 90n * E18 }]]);
    const incomes = [
      { id: 'x', earner: ann, type: 'binary' as const, token: usdt, amount: 50n * E18 }, // loop 10 → 100: a loop order
      { id: 'y', earner: ann, type: 'matching' as const, token: usdt, amount: 80n * E18 }, // ep left: 240 − 140 − 50 = 50
    ];
    const settled = planIncomes({
      incomes,
      earners: state(),
      rates,
      loop,
      nextSeq: 5n,
      loopIdPrefix: 's',
      loopOrdersEarnAtOnce: false,
    });
    expect(settled.bills.filter((b) => b.type === 'burn')).toEqual([
      { id: 'y:burn', user: ann, type: 'burn', token: usdt, amount: -30n * E18 },
    ]);
    // During the day the same loop order would have raised ep by its 240 at once.
    const live = planIncomes({
      incomes,
      earners: state(),
      rates,
      loop,
      nextSeq: 5n,
      loopIdPrefix: 's',
      loopOrdersEarnAtOnce: true,
    });
    expect(live.bills.filter((b) => b.type === 'burn')).toEqual([]);
  });

  it('pay returns what was paid after the burn; the bills of each earner and token add up to the credit', () => {
    const income = fc.record({
      who: fc.constantFrom(ann, ben),
      type: fc.constantFrom('direct' as const, 'binary' as const, 'matching' as const),
      amount: fc.bigInt({ min: 0n, max: 3000n * E18 }),
    });
    fc.assert(
      fc.property(fc.array(income, { maxLength: 12 }), fc.boolean(), (list, atOnce) => {
        const earners = new Map<Address, EarnerState>([
          [ann, { id: 1, orders: [order(1n, 100n * E18, 30n * E18), order(2n, 500n * E18)], loopBalance: 60n * E18 }],
          [ben, { id: 2, orders: [], loopBalance: 0n }], // no active order: earns nothing
        ]);
        const planner = incomePlanner({
          earners,
          rates,
          loop,
          nextSeq: 100n,
          loopIdPrefix: 'p',
          loopOrdersEarnAtOnce: atOnce,
        });
        let paidTotal = 0n;
        list.forEach((i, k) => {
          const paid = planner.pay({ id: `i${k}`, earner: i.who, type: i.type, token: usdt, amount: i.amount });
          expect(paid).toBeLessThanOrEqual(i.amount);
          if (i.who === ben) expect(paid).toBe(0n);
          paidTotal += paid;
        });
        const plan = planner.plan();
        const sum = plan.bills.reduce((s, b) => s + b.amount, 0n);
        const credited = plan.credits.reduce((s, c) => s + c.amount, 0n);
        const looped = -plan.bills.filter((b) => b.type === 'loop').reduce((s, b) => s + b.amount, 0n);
        expect(sum).toBe(credited);
        expect(credited + looped).toBe(paidTotal);
        expect(looped).toBe(plan.loops.reduce((s, l) => s + l.reinvested, 0n));
        expect(plan.bills.every((b) => b.user === ann)).toBe(true);
        // What was counted against the orders (old ones and the loop orders made) is what was paid.
        const counted =
          plan.dynamic.reduce((s, d) => s + d.add, 0n) + plan.loopOrders.reduce((s, o) => s + o.dynamicGained, 0n);
        expect(counted).toBe(paidTotal);
      }),
    );
  });
});
