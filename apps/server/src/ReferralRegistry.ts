import { ponder } from 'ponder:registry';
import { eventPlace } from './eventPlace.ts';
import { recordRegistration, recordServiceLevel } from './referral/referralWrites.ts';

/**
 * ReferralRegistry events (docs/decisions/referral.md, "Team figures and indexing"): each account's
 * row, its seat and chains, the inviter tree's first 10 levels and one member up its turns
 * (src/referral/referralWrites.ts), set-based through the block's transaction (`context.db.sql`),
 * so Ponder's reorg triggers cover them.
 */
ponder.on('ReferralRegistry:GenesisRegistered', async ({ event, context }) => {
  const { user, id } = event.args;
  await recordRegistration(context.db.sql, {
    user,
    id: Number(id),
    inviter: null,
    parent: null,
    side: null,
    automatic: false,
    place: eventPlace(event),
  });
});

ponder.on('ReferralRegistry:Registered', async ({ event, context }) => {
  const { user, id, inviter, parent, side, automatic } = event.args;
  if (side !== 0 && side !== 1) throw new Error(`ReferralRegistry: side ${side} in ${event.id}`);
  await recordRegistration(context.db.sql, {
    user,
    id: Number(id),
    inviter,
    parent,
    side,
    automatic,
    place: eventPlace(event),
  });
});

ponder.on('ReferralRegistry:ServiceLevelSet', async ({ event, context }) => {
  await recordServiceLevel(context.db.sql, event.args.user, event.args.level);
});
