/**
 * The daily settlement as the indexer runs it (ECONOMY §4, §9, §10): when a block's time has crossed one
 * or more 00:00 UTC since the last settled day, each crossed day T is settled in order — its finance
 * statement, then its referral part (./settleDays.ts) — exactly as if each day had its own block; then
 * the node reward pools of those days (../nodes/settleNodes.ts: credited apart, they read nothing the
 * other two write).
 *
 * It runs before anything of the block at T that the settlement reads: from the block handler
 * (`FinanceSettlement:block`, after the block's logs) and, first, from the handler of a purchase
 * (`EternoVault:DivedIn`) whose block crossed a midnight. So an order paid at T, and the incomes its
 * payment gives, are D + 1's: they are not even written when D is settled (ECONOMY §10; the rule that
 * decides the rest is ./dayEarners.ts). The other events of such a block change nothing the settlement
 * reads of D: a `Sync` at T is left out of D's price (protocol/twap.ts `dayEtroPrice`), a registration
 * has no order and no volume, and the node pool reads each day's holdings by time.
 */
import type { Context } from 'ponder:registry';
import { dayStartOf } from '@eterno/protocol/finance/rules';
import { settleNodes } from '../nodes/settleNodes.ts';
import type { FinanceInputs } from './inputs.ts';
import { settleDays } from './settleDays.ts';
import { readFinanceState } from './state.ts';

/**
 * Settles every day the block at `block` has crossed (nothing when none): the finance statement and the
 * referral part day by day (`settleDays`), then the node reward pools of those days.
 */
export async function settleDue(
  db: Context['db'],
  block: { number: bigint; timestamp: bigint },
  inputs: FinanceInputs,
): Promise<void> {
  const state = await readFinanceState(db, block.timestamp);
  const today = dayStartOf(block.timestamp);
  if (today <= state.lastSettled) return;
  const days = await settleDays(db.sql, state.lastSettled, today, block.number, inputs);
  await inputs.faults?.midSettlement?.(days, block.number);
  await settleNodes(db.sql, days, block.number, { settings: inputs.nodes, usdt: inputs.usdt });
}
