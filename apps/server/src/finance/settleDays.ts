/**
 * The days of a settlement in order (ECONOMY §10): each crossed day T, its finance statement
 * (./settlement.ts) then its referral part (../referral/settleIncomes.ts), exactly as if each day had its
 * own block, so the figures never depend on how blocks fall. Raw statements only (no Ponder virtual
 * module): the indexer runs it through ./settleDue.ts, the settlement bench over a plain client.
 */
import { incomeWork, paysIncomes, settleIncomeDay } from '../referral/settleIncomes.ts';
import type { FinanceInputs } from './inputs.ts';
import { settleThrough, type FinanceSql } from './settlement.ts';
import { daysToSettle } from './settlementPlan.ts';

/** Where the time of a settlement went, when a caller (the bench) asks: milliseconds per part. */
export type SettlementTiming = { financeMs: number; referralMs: number };

/**
 * Settles the days after `lastSettled` up to `today` (00:00 UTC days) in block `blockNumber`, each day's
 * finance statement then its referral part. The finance statement of a run of days whose referral part
 * pays no income (only releases, which touch no order) is planned and written once for the run; a day
 * that pays incomes (they change the orders) ends the run, and the next day's statement reads the
 * orders again.
 */
export async function settleDays(
  db: FinanceSql,
  lastSettled: bigint,
  today: bigint,
  blockNumber: bigint,
  inputs: FinanceInputs,
  timing?: SettlementTiming,
): Promise<bigint[]> {
  const days = daysToSettle(lastSettled, today);
  if (days.length === 0) return days;
  const work = await incomeWork(db, days);
  let settled = lastSettled;
  let i = 0;
  while (i < days.length) {
    let j = i;
    while (j < days.length - 1 && !paysIncomes(work, days[j]!)) j += 1;
    const financeStarted = performance.now();
    await settleThrough(db, settled, days[j]!, blockNumber, inputs);
    const referralStarted = performance.now();
    for (let k = i; k <= j; k++) await settleIncomeDay(db, days[k]!, work, blockNumber, inputs);
    if (timing !== undefined) {
      timing.financeMs += referralStarted - financeStarted;
      timing.referralMs += performance.now() - referralStarted;
    }
    settled = days[j]!;
    i = j + 1;
  }
  return days;
}
