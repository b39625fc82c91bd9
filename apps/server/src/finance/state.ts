/**
 * The settlement's progress row (`finance_state`, id 'state'), made on first use: the last settled
 * day starts as the day of the first block the indexer sees with finance, so no day before the
 * indexer's start block is settled; the order numbers start at 1.
 */
import type { Context } from 'ponder:registry';
import { financeState } from 'ponder:schema';
import { dayStartOf } from '@eterno/protocol/finance/rules';

export const FINANCE_STATE_ID = 'state';

export type FinanceState = typeof financeState.$inferSelect;

export async function readFinanceState(db: Context['db'], timestamp: bigint): Promise<FinanceState> {
  const found = await db.find(financeState, { id: FINANCE_STATE_ID });
  if (found !== null) return found;
  const row = { id: FINANCE_STATE_ID, lastSettled: dayStartOf(timestamp), nextSeq: 1n, nextRegularSeq: 1n };
  await db.insert(financeState).values(row);
  return row;
}
