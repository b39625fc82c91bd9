import { ponder } from 'ponder:registry';
import { farmEvent } from 'ponder:schema';
import type { FarmEventKind } from '@eterno/protocol/indexerApi';
import type { Context, Event } from 'ponder:registry';
import { eventPlace } from './eventPlace.ts';

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
ponder.on('EternoFarm:Harvest', ({ event, context }) => record(context.db, 'harvest', event));
ponder.on('EternoFarm:EmergencyWithdraw', ({ event, context }) => record(context.db, 'emergencyWithdraw', event));
