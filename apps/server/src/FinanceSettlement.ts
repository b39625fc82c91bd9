import { ponder } from 'ponder:registry';
import { dayStartOf } from '@eterno/protocol/finance/rules';
import { financeInputs } from './finance/inputs.ts';
import { settleThrough } from './finance/settlement.ts';
import { daysToSettle } from './finance/settlementPlan.ts';
import { settleNodes } from './nodes/settleNodes.ts';
import { settleIncomes } from './referral/settleIncomes.ts';
import { readFinanceState } from './finance/state.ts';

// Read at start: an invalid settings file stops the indexer with the faulty field named.
const inputs = financeInputs();

/**
 * Every block: when its time has crossed one or more 00:00 UTC boundaries since the last settled
 * day, settles each crossed day in order (finance/settlement.ts). Block events run after the
 * block's logs, so a purchase of the same block is already indexed (and waits: it was paid after T).
 * Then the referral incomes of the same days (prize pools, releases) and the node reward pools.
 */
ponder.on('FinanceSettlement:block', async ({ event, context }) => {
  const { number, timestamp } = event.block;
  const state = await readFinanceState(context.db, timestamp);
  const today = dayStartOf(timestamp);
  if (today <= state.lastSettled) return;
  await settleThrough(context.db.sql, state.lastSettled, today, number, inputs);
  // The dynamic incomes' part of the same days: prize pools and releases (referral/settleIncomes.ts).
  const days = daysToSettle(state.lastSettled, today);
  await settleIncomes(context.db.sql, days, number, inputs);
  // The node reward pools of the same days (nodes/settleNodes.ts): each share a released USDT credit.
  await settleNodes(context.db.sql, days, number, { settings: inputs.nodes, usdt: inputs.usdt });
});
