import { DAY_SECONDS } from '@eterno/protocol/finance/rules';
import type { Address } from 'viem';
import { describe, expect, it } from 'vitest';
import {
  daysToSettle,
  deriveInProgress,
  oldestAllotment,
  planSettlement,
  type SettlingOrder,
} from './settlementPlan.ts';

const E18 = 10n ** 18n;
const usdt = '0x00000000000000000000000000000000000000a1' as Address;
const etro = '0x00000000000000000000000000000000000000a2' as Address;
const tokens = { usdt, etro };
const alice = '0x0000000000000000000000000000000000000001' as Address;
const bob = '0x0000000000000000000000000000000000000002' as Address;
const D0 = 20_000n * DAY_SECONDS;
const day = (n: number) => D0 + BigInt(n) * DAY_SECONDS;
const HALF = E18 / 2n; // 1 ETRO = 0.5 USDT

function order(seq: number, units: number, extra: Partial<SettlingOrder> = {}): SettlingOrder {
  const payment = BigInt(units) * 100n * E18;
  return {
    seq: BigInt(seq),
    user: seq % 2 === 1 ? alice : bob,
    payment,
    dailyRateBps: 50,
    allocation01Bps: 6000,
    rewardLimit: (payment * 24_000n) / 10_000n,
    gained: 0n,
    gainedUsdt: 0n,
    gainedEtro: 0n,
    etroOwed: 0n,
    status: 'waiting',
    createdAt: D0 + 100n,
    allottedAt: null,
    finishedAt: null,
    ...extra,
  };
}

const days = (from: number, to: number, quota = 700n * E18, etroPrice: bigint | null = HALF) =>
  daysToSettle(day(from - 1), day(to)).map((settlesAt) => ({ settlesAt, quota, etroPrice }));

describe('planSettlement', () => {
  it('finishes an order the dynamic incomes filled: in progress with its static limit reached, or waiting with none left', () => {
    // Order 1: 240 limit, 238 counted by dynamic incomes → static limit 2, already gained after 4 days.
    const filled = order(1, 1, { status: 'in_progress', allottedAt: day(0), rewardLimit: 2n * E18, gained: 2n * E18 });
    // Order 2 waits with all of its limit taken by dynamic incomes: it leaves the queue.
    const full = order(2, 1, { rewardLimit: 0n });
    const next = order(3, 1);
    const plan = planSettlement([filled, full, next], [], days(1, 1), tokens);
    expect([filled.status, full.status, next.status]).toEqual(['finished', 'finished', 'in_progress']);
    expect(filled.finishedAt).toBe(day(1));
    expect(plan.bills).toEqual([]);
    expect(plan.rounds[0]).toMatchObject({ finishedCount: 2, queueLength: 1, allottedCount: 1 });
  });

  it('allots a FIFO prefix under the quota: a larger order waits, and the smaller one behind it too', () => {
    const orders = [order(1, 1), order(2, 5), order(3, 5), order(4, 1)];
    const plan = planSettlement(orders, [], days(1, 1), tokens);
    expect(orders.map((o) => o.status)).toEqual(['in_progress', 'in_progress', 'waiting', 'waiting']);
    expect(plan.rounds[0]).toMatchObject({
      queueLength: 4,
      queueAmount: 1200n * E18,
      allottedCount: 2,
      allotted: 600n * E18,
    });
    expect(orders[0]!.allottedAt).toBe(day(1));
    // The next day: 500 + 100 = 600 fit; allotted orders earn from the day after their allotment.
    const next = planSettlement(orders, [], days(2, 2), tokens);
    expect(orders.map((o) => o.status)).toEqual(['in_progress', 'in_progress', 'in_progress', 'in_progress']);
    expect(next.rounds[0]).toMatchObject({ incomeOrders: 2, allottedCount: 2, allotted: 600n * E18 });
  });

  it('allots an order that fills the quota exactly, and keeps an order paid at or after T waiting', () => {
    const orders = [order(1, 5), order(2, 2), order(3, 1, { createdAt: day(1) })];
    planSettlement(orders, [], days(1, 1), tokens);
    expect(orders.map((o) => o.status)).toEqual(['in_progress', 'in_progress', 'waiting']);
  });

  it('pays static income to the wei, 60 % USDT and 40 % in ETRO at the price, until the limit finishes the order', () => {
    const o = order(1, 1, { status: 'in_progress', allottedAt: D0, dailyRateBps: 5000 });
    const plan = planSettlement([o], [], days(1, 10), tokens);
    // 100 USDT at 50 %/day, limit 240: 50, 50, 50, 50, then 40 — finished on day 5.
    expect(o).toMatchObject({ gained: 240n * E18, status: 'finished', finishedAt: day(5) });
    expect(o.gainedUsdt).toBe(144n * E18);
    expect(o.gainedEtro).toBe(192n * E18); // 96 USDT of ETRO at 0.5
    const billsOf = (token: Address) => plan.bills.filter((b) => b.token === token).map((b) => b.amount);
    expect(billsOf(usdt)).toEqual([30n, 30n, 30n, 30n, 24n].map((n) => n * E18));
    expect(billsOf(etro)).toEqual([40n, 40n, 40n, 40n, 32n].map((n) => n * E18));
    expect(plan.bills[0]!.id).toBe(`finance:${alice}:${day(1)}:usdt`);
    expect(plan.credits).toEqual([
      { user: alice, token: usdt, amount: 144n * E18 },
      { user: alice, token: etro, amount: 192n * E18 },
    ]);
    expect(plan.rounds.map((r) => r.finishedCount)).toEqual([0, 0, 0, 0, 1, 0, 0, 0, 0, 0]);
  });

  it("writes one income bill per user, token and day (the sum of the user's orders), and only the orders that changed", () => {
    const a1 = order(1, 1, { status: 'in_progress', allottedAt: D0 });
    const a3 = order(3, 10, { status: 'in_progress', allottedAt: D0 });
    const b2 = order(2, 5, { status: 'in_progress', allottedAt: D0 });
    const done = order(5, 1, { status: 'in_progress', allottedAt: D0, gained: 239_9n * (E18 / 10n) });
    const waiting = order(7, 1);
    const plan = planSettlement([a1, b2, a3, done, waiting], [], days(1, 1), tokens);
    // 0.5 % a day: alice 0.5 + 5 (+ 0.1 to finish order 5), bob 2.5; 60 % in USDT, 40 % in ETRO at 0.5.
    expect(plan.bills.map((b) => [b.id, b.amount])).toEqual([
      [`finance:${alice}:${day(1)}:usdt`, (((55n * E18) / 10n) * 6n) / 10n + (6n * E18) / 100n],
      [`finance:${alice}:${day(1)}:etro`, ((((55n * E18) / 10n) * 4n) / 10n + (4n * E18) / 100n) * 2n],
      [`finance:${bob}:${day(1)}:usdt`, (((25n * E18) / 10n) * 6n) / 10n],
      [`finance:${bob}:${day(1)}:etro`, ((((25n * E18) / 10n) * 4n) / 10n) * 2n],
    ]);
    expect(plan.rounds[0]!.incomeOrders).toBe(4);
    // Allotted (order 7) and finished (order 5) rows are written; the others' gains are derived.
    expect(plan.orders.map((o) => o.seq).sort()).toEqual([5n, 7n]);
    expect(done).toMatchObject({ status: 'finished', finishedAt: day(1), gained: 240n * E18 });
  });

  it('rounds down: 0.5 % of 100 USDT split at an odd price', () => {
    const o = order(1, 1, { status: 'in_progress', allottedAt: D0 });
    const price = 3n * 10n ** 17n + 7n;
    const plan = planSettlement([o], [], days(1, 1, 700n * E18, price), tokens);
    const income = (100n * E18 * 50n) / 10_000n;
    const usdtPart = (income * 6000n) / 10_000n;
    expect(plan.bills.map((b) => b.amount)).toEqual([usdtPart, ((income - usdtPart) * E18) / price]);
  });

  it('carries the ETRO part as owed while no price is known, and pays it at the next priced day', () => {
    const o = order(1, 1, { status: 'in_progress', allottedAt: D0 });
    const unpriced = planSettlement([o], [], days(1, 2, 700n * E18, null), tokens);
    expect(o.etroOwed).toBe(2n * 2n * (E18 / 10n)); // 2 days × 0.2 USDT
    expect(o.gained).toBe(E18);
    expect(unpriced.bills.every((b) => b.token === usdt)).toBe(true);
    const priced = planSettlement([o], [], days(3, 3), tokens);
    expect(o.etroOwed).toBe(0n);
    // Day 3's 0.2 plus the 0.4 owed, at 0.5 USDT per ETRO.
    expect(priced.bills.find((b) => b.token === etro)!.amount).toBe(12n * (E18 / 10n));
  });

  it('matures a regular order at its maturity: principal and interest credited, two bills', () => {
    const due = { seq: 7n, user: bob, principal: 1000n * E18, interest: 14n * E18, maturesAt: day(3) };
    const plan = planSettlement([], [due], days(1, 4), tokens);
    expect(plan.matured).toEqual([{ seq: 7n, maturedAt: day(3) }]);
    expect(plan.bills.map((b) => [b.id, b.amount, b.timestamp])).toEqual([
      ['regular:7:principal', 1000n * E18, day(3)],
      ['regular:7:interest', 14n * E18, day(3)],
    ]);
    expect(plan.credits).toEqual([{ user: bob, token: usdt, amount: 1014n * E18 }]);
    expect(plan.rounds.map((r) => r.maturedCount)).toEqual([0, 0, 1, 0]);
  });
});

describe('deriveInProgress', () => {
  it('starts a day where settling every day since the allotment left the order, owed ETRO of unpriced days included', () => {
    // Prices of days 1…8: priced, then days 5 and 6 without a price (owed), then priced at an odd price.
    const odd = 3n * 10n ** 17n + 7n;
    const priceOf = [HALF, HALF, 2n * HALF, HALF, null, null, odd, HALF];
    const settle = (from: number, to: number) =>
      daysToSettle(day(from - 1), day(to)).map((settlesAt) => ({
        settlesAt,
        quota: 0n,
        etroPrice: priceOf[Number((settlesAt - D0) / DAY_SECONDS) - 1]!,
      }));
    const slow = () => order(1, 3, { status: 'in_progress', allottedAt: day(0) });
    const fast = () => order(3, 1, { status: 'in_progress', allottedAt: day(3), dailyRateBps: 5000 });
    // The reference: each order settled day after day from its allotment, through day 8.
    const [slowRef, fastRef] = [slow(), fast()];
    planSettlement([slowRef], [], settle(1, 6), tokens);
    planSettlement([fastRef], [], settle(4, 6), tokens);
    const atDay6 = [{ ...slowRef }, { ...fastRef }];
    const refNext = planSettlement([slowRef, fastRef], [], settle(7, 8), tokens);
    // Derived: read with their zeros after day 6, set by deriveInProgress, then days 7 and 8 settled.
    const orders = [slow(), fast()];
    expect(oldestAllotment(orders, day(6))).toBe(day(0));
    const prices = new Map(settle(1, 6).map((d) => [d.settlesAt, d.etroPrice]));
    const etroBefore = deriveInProgress(orders, prices, day(6));
    expect(orders.map((o) => ({ ...o, gainedEtro: etroBefore(o) }))).toEqual(atDay6);
    expect(orders[1]!.etroOwed).toBe(40n * E18); // days 5 and 6: 2 × 20 USDT of ETRO value, owed
    const next = planSettlement(orders, [], settle(7, 8), tokens);
    expect(next.bills).toEqual(refNext.bills);
    expect(next.rounds).toEqual(refNext.rounds);
    // The fast order finished on day 8 (50, 50, 50, 50, then 40): its row is written as the reference's.
    expect(next.orders.map((o) => o.seq)).toEqual([3n]);
    expect({ ...orders[1]!, gainedEtro: etroBefore(orders[1]!) + orders[1]!.gainedEtro }).toEqual(fastRef);
    expect({ ...orders[0]!, gainedEtro: etroBefore(orders[0]!) + orders[0]!.gainedEtro }).toEqual(slowRef);
  });
});

describe('daysToSettle', () => {
  it('lists every 00:00 UTC crossed since the last settled day, oldest first', () => {
    expect(daysToSettle(day(0), day(0))).toEqual([]);
    expect(daysToSettle(day(0), day(3))).toEqual([day(1), day(2), day(3)]);
    expect(daysToSettle(day(0), day(400))).toHaveLength(400);
  });
});
