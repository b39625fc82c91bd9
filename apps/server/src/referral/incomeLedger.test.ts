import type { ActiveOrder, IncomeRates } from '@eterno/protocol/referral/incomes';
import type { Address } from 'viem';
import { describe, expect, it } from 'vitest';
import { planIncomes, type EarnerState, type LoopPackage } from './incomeLedger.ts';

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
      [ann, { orders: [order(1n, 100n * E18, 200n * E18), order(2n, 500n * E18)], loopBalance: 90n * E18 }],
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
    });
    // a: 100 paid (40 on order 1's room, 60 on order 2); loop 20 → 110: one loop order (seq 10), 10 left.
    // c: ep = 1,240 − 100 + 240 (the loop order) = 1,380 → 1,380 paid, 620 burned; loop 276 → 286: two orders, 86 left.
    expect(plan.bills).toEqual([
      { id: 'a', user: ann, type: 'direct', token: usdt, amount: 100n * E18 },
      { id: 'c', user: ann, type: 'binary', token: usdt, amount: 2000n * E18 },
      { id: 'c:burn', user: ann, type: 'burn', token: usdt, amount: -620n * E18 },
    ]);
    expect(plan.dynamic).toEqual([
      { seq: 1n, add: 40n * E18 },
      { seq: 2n, add: 1200n * E18 },
      { seq: 10n, add: 240n * E18 },
    ]);
    expect(plan.loopOrders.map((o) => [o.seq, o.eventId])).toEqual([
      [10n, `ev:loop:${ann}:1`],
      [11n, `ev:loop:${ann}:2`],
      [12n, `ev:loop:${ann}:3`],
    ]);
    expect(plan.nextSeq).toBe(13n);
    expect(plan.credits).toEqual([{ user: ann, token: usdt, amount: 80n * E18 + 1104n * E18 }]);
    expect(plan.loops).toEqual([{ user: ann, reinvested: 296n * E18, balance: 86n * E18, loopOrders: 3 }]);
  });
});
