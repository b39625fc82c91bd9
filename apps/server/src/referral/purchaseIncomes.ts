/**
 * The dynamic incomes a package purchase gives (ECONOMY §4), in the purchase's indexing transaction:
 * direct (level 1), indirect (levels 2–10), service centre (the nearest centre among the 10 levels),
 * paid through ./incomeLedger.ts (energy, burn, orders' limits, loop, unreleased credit), and the
 * prize pool's feed (2 % of the payment to the day's pool, the payment to the inviter's day volume).
 * Three reads (the uplines, the earners' orders and loop balances), one write: the cost is bounded by
 * the 10 inviter levels, never by the team. Rules: docs/decisions/referral.md ("Dynamic incomes").
 */
import { dayStartOf } from '@eterno/protocol/finance/rules';
import { prizePoolFeed, purchaseIncomes, type IncomeRates } from '@eterno/protocol/referral/incomes';
import { sql } from 'ponder';
import type { Address, Hex } from 'viem';
import { prizePoolDay, prizeVolumeDay, referralAccount, referralUpline } from '../../ponder.schema.ts';
import {
  n,
  planIncomes,
  readEarners,
  text,
  writeIncomes,
  type Income,
  type IncomePlan,
  type LoopPackage,
} from './incomeLedger.ts';
import { int, low, rows, type ReferralSql } from './referralSql.ts';

export type PurchaseIncomeInput = {
  eventId: string;
  buyer: Address;
  payment: bigint;
  place: { blockNumber: bigint; logIndex: number; timestamp: bigint; txHash: Hex };
  rates: IncomeRates;
  loop: LoopPackage;
  usdt: Address;
  /** The settlement's last settled day and the next order number (finance_state). */
  lastSettled: bigint;
  nextSeq: bigint;
};

/** Reads, plans and writes a purchase's incomes (see the file's header); returns the plan. */
export async function recordPurchaseIncomes(db: ReferralSql, input: PurchaseIncomeInput): Promise<IncomePlan> {
  const upline = (
    await rows(
      db,
      sql`SELECT u.level, u.ancestor, a.service_level FROM ${referralUpline} u
          JOIN ${referralAccount} a ON a.wallet = u.ancestor WHERE u.descendant = ${low(input.buyer)}`,
    )
  ).map((r) => ({ level: int(r.level), wallet: text(r.ancestor) as Address, serviceLevel: int(r.service_level) }));
  const usdt = low(input.usdt);
  const incomes: Income[] = purchaseIncomes(input.payment, upline, input.rates).map((i) => ({
    id: `${input.eventId}:${i.type}:${i.earner}`,
    earner: i.earner as Address,
    type: i.type,
    token: usdt,
    amount: i.amount,
  }));
  // During the day: every active order of the earners counts (null: no settlement time).
  const earners = await readEarners(
    db,
    incomes.map((i) => i.earner),
    input.lastSettled,
    null,
  );
  const plan = planIncomes({
    incomes,
    earners,
    rates: input.rates,
    loop: input.loop,
    nextSeq: input.nextSeq,
    loopIdPrefix: input.eventId,
    loopOrdersEarnAtOnce: true,
  });
  const day = dayStartOf(input.place.timestamp);
  const feed = prizePoolFeed(input.payment, input.rates);
  const inviter = upline.find((u) => u.level === 1)?.wallet ?? null;
  await writeIncomes(db, plan, input.place, input.loop, [
    sql`INSERT INTO ${prizePoolDay} AS p (day, amount, paid_at) SELECT ${n(day)}, ${n(feed)}, NULL
        WHERE ${feed > 0n}::boolean
        ON CONFLICT (day) DO UPDATE SET amount = p.amount + excluded.amount`,
    sql`INSERT INTO ${prizeVolumeDay} AS v (day, "user", volume)
        SELECT ${n(day)}, ${inviter ?? ''}, ${n(input.payment)} WHERE ${inviter !== null}::boolean
        ON CONFLICT (day, "user") DO UPDATE SET volume = v.volume + excluded.volume`,
  ]);
  return plan;
}
