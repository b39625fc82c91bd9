import { ponder } from 'ponder:registry';
import { lockClaim, lockClaimTotal, lockEntry, lockRevoke } from 'ponder:schema';
import { eventPlace } from './eventPlace.ts';
import { low, writeBill } from './ledgerWrites.ts';
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

const BPS = 10_000n;

/**
 * One `lock_claim` row per `Claimed`, with the claim fee (the user received amount − fee), and its
 * bills. The event gives only the total: a claim takes everything released, so after it the user's
 * claimed per kind equals `releasedByKind` at this block, and this claim's swap part is that less
 * what earlier claims took (`lock_claim_total`). Bills: `swap_release` +swap part and −its fee,
 * `stake_revenue` +staking part and −its fee, each only when not zero (docs/decisions/bills.md).
 */
ponder.on('LockLedger:Claimed', async ({ event, context }) => {
  const { user, amount, fee } = event.args;
  const place = eventPlace(event);
  await context.db
    .insert(lockClaim)
    .values({ id: event.id, user, amount, fee, ...place })
    .onConflictDoUpdate({ user, amount, fee, ...place });

  const { address, abi } = context.contracts.LockLedger;
  const [[swapReleased], swapFeeBps, etro, before] = await Promise.all([
    context.client.readContract({ address, abi, functionName: 'releasedByKind', args: [user] }),
    context.client.readContract({ address, abi, functionName: 'swapClaimFeeBps' }),
    context.client.readContract({ address, abi, functionName: 'ETRO' }),
    context.db.find(lockClaimTotal, { user: low(user) }),
  ]);
  const swap = swapReleased - (before?.swap ?? 0n);
  const stake = amount - swap;
  const swapFee = swap * BigInt(swapFeeBps) / BPS;
  const stakeFee = fee - swapFee;
  await context.db
    .insert(lockClaimTotal)
    .values({ user: low(user), swap, stake })
    .onConflictDoUpdate((row) => ({ swap: row.swap + swap, stake: row.stake + stake }));

  const parts = [
    { suffix: 'swap', type: 'swap_release', amount: swap },
    { suffix: 'swap_fee', type: 'swap_release', amount: -swapFee },
    { suffix: 'stake', type: 'stake_revenue', amount: stake },
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
