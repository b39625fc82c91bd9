import { ponder } from 'ponder:registry';
import { financeInputs } from './finance/inputs.ts';
import { settleDue } from './finance/settleDue.ts';

// Read at start: an invalid settings file stops the indexer with the faulty field named.
const inputs = financeInputs();

/**
 * Every block: when its time has crossed one or more 00:00 UTC boundaries since the last settled day,
 * settles each crossed day in order, the finance statement then the referral part, then the node reward
 * pools (finance/settleDue.ts). A block with a purchase already did it before its first purchase
 * (EternoVault.ts), so then there is nothing left to do here.
 */
ponder.on('FinanceSettlement:block', async ({ event, context }) => {
  await settleDue(context.db, event.block, inputs);
});
