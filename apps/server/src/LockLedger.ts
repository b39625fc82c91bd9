import { ponder } from 'ponder:registry';
import { lockClaim, lockEntry, lockRevoke } from 'ponder:schema';
import { eventPlace } from './eventPlace.ts';
import { writeBill } from './ledgerWrites.ts';
import { lockSourceOf } from './sources.ts';

/** One `lock_entry` row per `Credited` (a non-revocable entry), naming its writer's role. */
ponder.on('LockLedger:Credited', async ({ event, context }) => {
  const { user, writer, amount, duration, feeBps } = event.args;
  const source = lockSourceOf(writer, context.contracts.EtroSwap.address, context.contracts.Staking.address);
  const row = {
    user,
    writer,
    source,
    amount,
    start: event.block.timestamp,
    duration,
    feeBps: Number(feeBps),
    revocable: false,
    slot: null,
    ...eventPlace(event),
  };
  await context.db
    .insert(lockEntry)
    .values({ id: event.id, ...row })
    .onConflictDoUpdate(row);
});

/** One `lock_entry` row per `CreditedRevocable` (an EULP order's base reward), with its slot. */
ponder.on('LockLedger:CreditedRevocable', async ({ event, context }) => {
  const { user, writer, slot, amount, duration, feeBps } = event.args;
  const source = lockSourceOf(writer, context.contracts.EtroSwap.address, context.contracts.Staking.address);
  const row = {
    user,
    writer,
    source,
    amount,
    start: event.block.timestamp,
    duration,
    feeBps: Number(feeBps),
    revocable: true,
    slot: Number(slot),
    ...eventPlace(event),
  };
  await context.db
    .insert(lockEntry)
    .values({ id: event.id, ...row })
    .onConflictDoUpdate(row);
});

/**
 * One `lock_claim` row per `Claimed`, with the claim fee (the user received amount − fee) and the event's split
 * per kind, and its bills: `swap_release` +swap part and −its fee, `stake_revenue` +staking part and −its fee,
 * each only when not zero (docs/decisions/bills.md). The event carries the split per kind: only the ledger's
 * token (an immutable) is read from the chain.
 */
ponder.on('LockLedger:Claimed', async ({ event, context }) => {
  const { user, swapAmount, stakeAmount, swapFee, stakeFee } = event.args;
  const place = eventPlace(event);
  const row = {
    user,
    amount: swapAmount + stakeAmount,
    fee: swapFee + stakeFee,
    swapAmount,
    stakeAmount,
    swapFee,
    stakeFee,
    ...place,
  };
  await context.db
    .insert(lockClaim)
    .values({ id: event.id, ...row })
    .onConflictDoUpdate(row);

  const etro = await context.client.readContract({
    address: context.contracts.LockLedger.address,
    abi: context.contracts.LockLedger.abi,
    functionName: 'ETRO',
  });
  const parts = [
    { suffix: 'swap', type: 'swap_release', amount: swapAmount },
    { suffix: 'swap_fee', type: 'swap_release', amount: -swapFee },
    { suffix: 'stake', type: 'stake_revenue', amount: stakeAmount },
    { suffix: 'stake_fee', type: 'stake_revenue', amount: -stakeFee },
  ] as const;
  for (const part of parts) {
    if (part.amount === 0n) continue;
    await writeBill(
      context.db,
      `${event.id}:${part.suffix}`,
      { user, type: part.type, token: etro, amount: part.amount },
      place,
    );
  }
});

/** One `lock_revoke` row per `Revoked` (an EULP order left early: its base's unreleased part went back). */
ponder.on('LockLedger:Revoked', async ({ event, context }) => {
  const { user, writer, slot, kept, unreleased } = event.args;
  const source = lockSourceOf(writer, context.contracts.EtroSwap.address, context.contracts.Staking.address);
  const row = { user, writer, source, slot: Number(slot), kept, unreleased, ...eventPlace(event) };
  await context.db
    .insert(lockRevoke)
    .values({ id: event.id, ...row })
    .onConflictDoUpdate(row);
});
