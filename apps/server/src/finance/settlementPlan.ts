/**
 * The daily settlement as pure maths (rules.ts), over the orders as they stand: settles the given
 * days one after the other, oldest first, and returns what to write. For each day T (00:00 UTC):
 *   1. static income: every in-progress order earns `dailyIncome` (capped at its limit), split by
 *      `splitIncome` into USDT and a USDT value paid in ETRO at the day's price (`usdtToEtro`);
 *      without any price the value is kept as owed (`etroOwed`) and paid at the next settlement
 *      that has one; one `finance_income` bill per user, token and day (the sum over the user's
 *      orders; each order shows its own in its gained figures); limit reached → finished;
 *   2. allotment: the waiting orders paid before T (./dayEarners.ts `paidBefore`), in `seq` order, while their payments fit the
 *      quota in force at T (`projectAllotment`, strict FIFO) → in progress from T (they earn from
 *      the next day on);
 *   3. regular: active fixed-term orders whose maturity ≤ T → matured, principal and interest
 *      credited with two `regular` bills;
 *   4. the day's round figures.
 * Every credit is released (withdrawable) at once. Rules: docs/decisions/finance.md.
 */
import {
  DAY_SECONDS,
  dailyIncome,
  etroValueBetween,
  gainedAfter,
  gainedUsdtAfter,
  orderGains,
  projectAllotment,
  splitIncome,
  usdtToEtro,
} from '@eterno/protocol/finance/rules';
import type { Address } from 'viem';
import { paidBefore } from './dayEarners.ts';
import { pricesBetween, type DayPrices } from './orderGains.ts';

/** An order the settlement may touch (waiting, in progress, or finished with ETRO still owed). */
export type SettlingOrder = {
  seq: bigint;
  user: Address;
  payment: bigint;
  dailyRateBps: number;
  allocation01Bps: number;
  /**
   * The limit of its static income: the reward limit less the dynamic incomes counted against the
   * order (docs/decisions/referral.md, "Dynamic incomes"); reaching it finishes the order.
   */
  rewardLimit: bigint;
  gained: bigint;
  gainedUsdt: bigint;
  gainedEtro: bigint;
  etroOwed: bigint;
  status: 'waiting' | 'in_progress' | 'finished';
  createdAt: bigint;
  allottedAt: bigint | null;
  finishedAt: bigint | null;
};

/** An active fixed-term order due by the last settled day. */
export type DueRegular = { seq: bigint; user: Address; principal: bigint; interest: bigint; maturesAt: bigint };

export type SettlementBill = {
  id: string;
  user: Address;
  token: Address;
  amount: bigint;
  timestamp: bigint;
  type: 'finance_income' | 'regular';
};

/** One settled day's figures (a `finance_round` row). */
export type RoundSummary = {
  settlesAt: bigint;
  quota: bigint;
  queueLength: number;
  queueAmount: bigint;
  allottedCount: number;
  allotted: bigint;
  incomeOrders: number;
  incomeUsdt: bigint;
  incomeEtro: bigint;
  finishedCount: number;
  maturedCount: number;
  maturedAmount: bigint;
  etroPrice: bigint | null;
};

export type SettlementDay = { settlesAt: bigint; quota: bigint; etroPrice: bigint | null };

export type SettlementPlan = {
  /**
   * The orders whose row must be written, as they stand after the last day: allotted, finished, or
   * finished with ETRO owed that was paid. An in-progress order's daily gains are not written: they
   * follow from its terms, its allotment day and the days' prices (rules.ts `orderGains`).
   */
  orders: SettlingOrder[];
  matured: Array<{ seq: bigint; maturedAt: bigint }>;
  bills: SettlementBill[];
  /** Per user and token, what is credited (and released). */
  credits: Array<{ user: Address; token: Address; amount: bigint }>;
  rounds: RoundSummary[];
};

/**
 * Settles `days` (ascending, one day apart) over `orders` (mutated: they stand as after the last
 * day) and `regular` (those due by the last day). `usdt` and `etro` are the payout tokens.
 */
export function planSettlement(
  orders: SettlingOrder[],
  regular: readonly DueRegular[],
  days: readonly SettlementDay[],
  tokens: { usdt: Address; etro: Address },
): SettlementPlan {
  const changed = new Set<SettlingOrder>();
  const bills: SettlementBill[] = [];
  // Per user, per token: what is credited (nested maps, no key strings: 100,000 orders a day).
  const credits = new Map<Address, Map<Address, { user: Address; token: Address; amount: bigint }>>();
  const credit = (user: Address, token: Address, amount: bigint) => {
    let mine = credits.get(user);
    if (mine === undefined) credits.set(user, (mine = new Map()));
    const found = mine.get(token);
    if (found) found.amount += amount;
    else mine.set(token, { user, token, amount });
  };
  const rounds: RoundSummary[] = [];
  const matured: Array<{ seq: bigint; maturedAt: bigint }> = [];
  const sorted = [...orders].sort((a, b) => (a.seq < b.seq ? -1 : a.seq > b.seq ? 1 : 0));
  const dueRegular = [...regular].sort((a, b) =>
    a.maturesAt < b.maturesAt ? -1 : a.maturesAt > b.maturesAt ? 1 : a.seq < b.seq ? -1 : 1,
  );
  let nextRegular = 0;

  for (const { settlesAt: T, quota, etroPrice } of days) {
    // 1. Static income, one bill per user, token and day (the sum over the user's orders).
    const dayBills = new Map<Address, { usdt?: SettlementBill; etro?: SettlementBill }>();
    const payIncome = (user: Address, token: Address, name: 'usdt' | 'etro', amount: bigint) => {
      let mine = dayBills.get(user);
      if (mine === undefined) dayBills.set(user, (mine = {}));
      const found = mine[name];
      if (found) found.amount += amount;
      else {
        const b: SettlementBill = {
          id: `finance:${user}:${T}:${name}`,
          user,
          token,
          amount,
          timestamp: T,
          type: 'finance_income',
        };
        mine[name] = b;
        bills.push(b);
      }
      credit(user, token, amount);
    };
    let incomeOrders = 0;
    let incomeUsdt = 0n;
    let incomeEtro = 0n;
    let finishedCount = 0;
    const finish = (o: SettlingOrder) => {
      o.status = 'finished';
      o.finishedAt = T;
      changed.add(o);
      finishedCount += 1;
    };
    for (const o of sorted) {
      // An active order the dynamic incomes filled (its static limit is used up): finished, and a
      // waiting one leaves the queue unallotted.
      if ((o.status === 'waiting' || o.status === 'in_progress') && o.gained >= o.rewardLimit) {
        if (o.etroOwed === 0n || etroPrice === null || o.status === 'waiting') {
          finish(o);
          continue;
        }
      }
      if (o.status === 'waiting' || (o.status === 'finished' && o.etroOwed === 0n)) continue;
      const income = o.status === 'in_progress' ? dailyIncome(o.payment, o.dailyRateBps, o.gained, o.rewardLimit) : 0n;
      if (income === 0n && (o.etroOwed === 0n || etroPrice === null)) continue;
      const split = splitIncome(income, o.allocation01Bps);
      const etroValue = split.etroValue + o.etroOwed;
      const etro = etroPrice === null || etroValue === 0n ? 0n : usdtToEtro(etroValue, etroPrice);
      o.etroOwed = etroPrice === null ? etroValue : 0n;
      o.gained += income;
      o.gainedUsdt += split.usdt;
      o.gainedEtro += etro;
      if (income > 0n) incomeOrders += 1;
      incomeUsdt += split.usdt;
      incomeEtro += etro;
      if (split.usdt > 0n) payIncome(o.user, tokens.usdt, 'usdt', split.usdt);
      if (etro > 0n) payIncome(o.user, tokens.etro, 'etro', etro);
      // Only what its terms and the days' prices do not give is written on the order: a finished
      // order's ETRO still owed, and its being paid (./orderGains.ts derives the rest).
      if (o.status === 'finished') changed.add(o);
      if (o.status === 'in_progress' && o.gained >= o.rewardLimit) finish(o);
    }

    // 2. Allotment, strict FIFO, of the orders paid before T (./dayEarners.ts: an order paid at T is D + 1's).
    const queue = sorted.filter((o) => o.status === 'waiting' && paidBefore(o, T));
    const { allotted, amount } = projectAllotment(queue, quota);
    const allottedSeqs = new Set(allotted);
    for (const o of queue)
      if (allottedSeqs.has(o.seq)) {
        o.status = 'in_progress';
        o.allottedAt = T;
        changed.add(o);
      }

    // 3. Regular maturity.
    let maturedCount = 0;
    let maturedAmount = 0n;
    while (nextRegular < dueRegular.length && dueRegular[nextRegular]!.maturesAt <= T) {
      const r = dueRegular[nextRegular++]!;
      matured.push({ seq: r.seq, maturedAt: T });
      bills.push({
        id: `regular:${r.seq}:principal`,
        user: r.user,
        token: tokens.usdt,
        amount: r.principal,
        timestamp: T,
        type: 'regular',
      });
      if (r.interest > 0n)
        bills.push({
          id: `regular:${r.seq}:interest`,
          user: r.user,
          token: tokens.usdt,
          amount: r.interest,
          timestamp: T,
          type: 'regular',
        });
      credit(r.user, tokens.usdt, r.principal + r.interest);
      maturedCount += 1;
      maturedAmount += r.principal + r.interest;
    }

    rounds.push({
      settlesAt: T,
      quota,
      queueLength: queue.length,
      queueAmount: queue.reduce((s, o) => s + o.payment, 0n),
      allottedCount: allotted.length,
      allotted: amount,
      incomeOrders,
      incomeUsdt,
      incomeEtro,
      finishedCount,
      maturedCount,
      maturedAmount,
      etroPrice,
    });
  }
  return {
    orders: [...changed],
    matured,
    bills,
    credits: [...credits.values()].flatMap((mine) => [...mine.values()]),
    rounds,
  };
}

/** The days to settle after `lastSettled` up to the day of `time`: each 00:00 UTC crossed. */
export function daysToSettle(lastSettled: bigint, today: bigint): bigint[] {
  const days: bigint[] = [];
  for (let day = lastSettled + DAY_SECONDS; day <= today; day += DAY_SECONDS) days.push(day);
  return days;
}

/** The oldest allotment day among the in-progress orders (`lastSettled` if none is older). */
export function oldestAllotment(orders: readonly SettlingOrder[], lastSettled: bigint): bigint {
  let oldest = lastSettled;
  for (const o of orders)
    if (o.status === 'in_progress' && o.allottedAt !== null && o.allottedAt < oldest) oldest = o.allottedAt;
  return oldest;
}

/**
 * Sets the in-progress orders (read with their purchase's zeros: their rows are not written while
 * in progress) to where the settled days through `lastSettled` took them: gained and gainedUsdt in
 * closed form, the ETRO value owed since the last day with a price (`prices`: the settled days
 * after `oldestAllotment`). Their ETRO paid so far is not needed to settle on: `gainedEtro` is set
 * to 0, and the returned function gives what to add to it when an order's row is written.
 */
export function deriveInProgress(
  orders: readonly SettlingOrder[],
  prices: DayPrices,
  lastSettled: bigint,
): (o: SettlingOrder) => bigint {
  let unpriced = 0n;
  for (let day = lastSettled; prices.get(day) === null; day -= DAY_SECONDS) unpriced += 1n;
  const allottedAt = new Map<bigint, bigint>();
  // Orders of the same package allotted the same day stand alike: each figure is computed once.
  const alike = new Map<string, { gained: bigint; gainedUsdt: bigint; etroOwed: bigint }>();
  for (const o of orders) {
    if (o.status !== 'in_progress' || o.allottedAt === null) continue;
    const days = (lastSettled - o.allottedAt) / DAY_SECONDS;
    const key = `${o.payment}:${o.dailyRateBps}:${o.allocation01Bps}:${o.rewardLimit}:${days}`;
    let figures = alike.get(key);
    if (figures === undefined) {
      const owedDays = unpriced < days ? unpriced : days;
      figures = {
        gained: gainedAfter(o, days),
        gainedUsdt: gainedUsdtAfter(o, days),
        etroOwed: owedDays === 0n ? 0n : etroValueBetween(o, days - owedDays, days),
      };
      alike.set(key, figures);
    }
    o.gained = figures.gained;
    o.gainedUsdt = figures.gainedUsdt;
    o.etroOwed = figures.etroOwed;
    o.gainedEtro = 0n;
    allottedAt.set(o.seq, o.allottedAt);
  }
  return (o) => {
    const allotted = allottedAt.get(o.seq);
    if (allotted === undefined) return 0n;
    return orderGains(o, pricesBetween(prices, allotted, lastSettled)).gainedEtro;
  };
}
