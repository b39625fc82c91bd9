import { ponder } from 'ponder:registry';
import { lockClaim, lockEntry, lockRevoke } from 'ponder:schema';
import { eventPlace } from './eventPlace.ts';
import { lockSourceOf } from './sources.ts';

/** One `lock_entry` row per `Credited`, naming its writer's role (swap release or stake revenue). */
ponder.on('LockLedger:Credited', async ({ event, context }) => {
  const { user, writer, index, amount, start, duration } = event.args;
  const source = lockSourceOf(writer, context.contracts.EtroSwap.address, context.contracts.Staking.address);
  const row = { user, writer, source, index, amount, start, duration, ...eventPlace(event) };
  await context.db
    .insert(lockEntry)
    .values({ id: event.id, ...row })
    .onConflictDoUpdate(row);
});

/** One `lock_claim` row per `Claimed`, with the claim fee (the user received amount − fee). */
ponder.on('LockLedger:Claimed', async ({ event, context }) => {
  const row = { user: event.args.user, amount: event.args.amount, fee: event.args.fee, ...eventPlace(event) };
  await context.db
    .insert(lockClaim)
    .values({ id: event.id, ...row })
    .onConflictDoUpdate(row);
});

/** One `lock_revoke` row per `Revoked` (an EULP order left early: its unreleased reward went back). */
ponder.on('LockLedger:Revoked', async ({ event, context }) => {
  const { user, writer, index, unreleased } = event.args;
  const source = lockSourceOf(writer, context.contracts.EtroSwap.address, context.contracts.Staking.address);
  const row = { user, writer, source, index, unreleased, ...eventPlace(event) };
  await context.db
    .insert(lockRevoke)
    .values({ id: event.id, ...row })
    .onConflictDoUpdate(row);
});
