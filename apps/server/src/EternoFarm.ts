import { ponder } from 'ponder:registry';
import { farmEvent } from 'ponder:schema';
import type { FarmEventKind } from '@eterno/protocol/indexerApi';
import type { Context, Event } from 'ponder:registry';
import { eventPlace } from './eventPlace.ts';
import { writeBill } from './ledgerWrites.ts';

/** The four farm events: each carries `(user, pid, amount)`. */
type FarmLog = Event<
  'EternoFarm:Deposit' | 'EternoFarm:Withdraw' | 'EternoFarm:Harvest' | 'EternoFarm:EmergencyWithdraw'
>;

/** Upserts the `farm_event` row of one farm event, keyed by the event id. */
async function record(db: Context['db'], kind: FarmEventKind, event: FarmLog): Promise<void> {
  const { user, pid, amount } = event.args;
  const row = { kind, user, pid, amount, ...eventPlace(event) };
  await db
    .insert(farmEvent)
    .values({ id: event.id, ...row })
    .onConflictDoUpdate(row);
}

ponder.on('EternoFarm:Deposit', ({ event, context }) => record(context.db, 'deposit', event));
ponder.on('EternoFarm:Withdraw', ({ event, context }) => record(context.db, 'withdraw', event));
/** A harvest pays ETRO to the wallet: also an `lp_reward` bill (docs/decisions/bills.md). */
ponder.on('EternoFarm:Harvest', async ({ event, context }) => {
  await record(context.db, 'harvest', event);
  const { address, abi } = context.contracts.EternoFarm;
  const etro = await context.client.readContract({ address, abi, functionName: 'ETRO' });
  const { user, amount } = event.args;
  await writeBill(context.db, event.id, { user, type: 'lp_reward', token: etro, amount }, eventPlace(event));
});
ponder.on('EternoFarm:EmergencyWithdraw', ({ event, context }) => record(context.db, 'emergencyWithdraw', event));
