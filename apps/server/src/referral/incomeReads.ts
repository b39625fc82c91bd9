/**
 * The dynamic incomes' answers (wire format: @eterno/protocol/referralApi `IncomeSummaryJson`), from
 * the indexed tables: the energy value from the user's active orders (their gains as every reader
 * derives them, ../finance/orderGains.ts: static + dynamic), the per-type totals from the bills, the
 * loop figures from `referral_income`, the release from `income_tranche`, the pending prize pool from
 * `prize_pool_day`. Rules: docs/decisions/referral.md ("Dynamic incomes").
 */
import {
  DYNAMIC_INCOME_TYPES,
  type BinaryDaysPageJson,
  type DynamicIncomeType,
  type IncomeSummaryJson,
} from '@eterno/protocol/referralApi';
import { and, desc, eq, gte, inArray, isNull, lt, sql, sum } from 'ponder';
import type { Address } from 'viem';
import { bill, binaryDay, incomeTranche, prizePoolDay, referralIncome } from '../../ponder.schema.ts';
import type { ApiDb } from '../api/routes/page.ts';
import { ponderFinance } from '../finance/ponderFinance.ts';
import { indexedDay } from './referralView.ts';

/** Energy value: Σ over the user's waiting and in-progress orders of limit − gained (static + dynamic). */
export async function energyOf(db: ApiDb, user: Address): Promise<bigint> {
  const orders = await ponderFinance(db).currentOrdersOf(user);
  return orders.reduce((s, o) => s + (o.rewardLimit > o.gained ? o.rewardLimit - o.gained : 0n), 0n);
}

const big = (v: string | number | bigint | null | undefined): bigint => BigInt(v ?? 0);

export async function readIncomeSummary(db: ApiDb, user: Address): Promise<IncomeSummaryJson> {
  const me = user.toLowerCase() as Address;
  const day = await indexedDay(db);
  const types = [...DYNAMIC_INCOME_TYPES, 'burn'];
  const [ep, totals, loop, release, pool] = await Promise.all([
    energyOf(db, me),
    db
      .select({
        type: bill.type,
        total: sum(bill.amount),
        today: sql<string | null>`sum(${bill.amount}) FILTER (WHERE ${bill.timestamp} >= ${day.toString()}::numeric)`,
      })
      .from(bill)
      .where(and(eq(bill.user, me), inArray(bill.type, types)))
      .groupBy(bill.type),
    db.select().from(referralIncome).where(eq(referralIncome.user, me)).limit(1),
    db
      .select({ amount: sum(incomeTranche.amount), released: sum(incomeTranche.released) })
      .from(incomeTranche)
      .where(eq(incomeTranche.user, me)),
    db
      .select({ amount: prizePoolDay.amount })
      .from(prizePoolDay)
      .where(and(gte(prizePoolDay.day, day), isNull(prizePoolDay.paidAt))),
  ]);
  const of = (type: string) => totals.find((t) => t.type === type);
  const byType = Object.fromEntries(
    DYNAMIC_INCOME_TYPES.map((t) => [t, { total: big(of(t)?.total).toString(), today: big(of(t)?.today).toString() }]),
  ) as Record<DynamicIncomeType, { total: string; today: string }>;
  const burn = of('burn');
  const [mine] = loop;
  const [r] = release;
  return {
    ep: ep.toString(),
    byType,
    // Burn bills are negative (money the user did not get): shown as positive amounts.
    burned: { total: (-big(burn?.total)).toString(), today: (-big(burn?.today)).toString() },
    loop: {
      reinvested: (mine?.reinvested ?? 0n).toString(),
      balance: (mine?.balance ?? 0n).toString(),
      orders: mine?.loopOrders ?? 0,
    },
    release: {
      unreleased: (big(r?.amount) - big(r?.released)).toString(),
      released: big(r?.released).toString(),
    },
    pendingPrizePool: pool.reduce((s, p) => s + p.amount, 0n).toString(),
    day: day.toString(),
  };
}

/** The user's binary days older than `before` (a day), newest first, at most `limit`. */
export async function readBinaryDays(
  db: ApiDb,
  user: Address,
  page: { limit: number; before?: bigint },
): Promise<BinaryDaysPageJson> {
  const me = user.toLowerCase() as Address;
  const found = await db
    .select()
    .from(binaryDay)
    .where(and(eq(binaryDay.user, me), page.before === undefined ? undefined : lt(binaryDay.day, page.before)))
    .orderBy(desc(binaryDay.day))
    .limit(page.limit + 1);
  const items = found.slice(0, page.limit).map((r) => ({
    day: r.day.toString(),
    leftNew: r.leftNew.toString(),
    rightNew: r.rightNew.toString(),
    leftCarryIn: r.leftCarryIn.toString(),
    rightCarryIn: r.rightCarryIn.toString(),
    matched: r.matched.toString(),
    income: r.income.toString(),
    capped: r.capped.toString(),
    leftCarryOut: r.leftCarryOut.toString(),
    rightCarryOut: r.rightCarryOut.toString(),
  }));
  return { items, nextBefore: found.length > page.limit ? items.at(-1)!.day : null };
}
