/**
 * The referral routes as a Hono sub-app (one module per route under ./routes). The tree and the
 * lists depend on the session, so it is mounted beside the finance routes, never behind the
 * response cache.
 */
import { Hono } from 'hono';
import { referralAccountRoute } from './routes/referralAccount.ts';
import type { ApiDb } from './routes/page.ts';
import { preparedSql } from '../referral/preparedSql.ts';
import { teamReader } from '../referral/teamBatch.ts';
import { teamRows } from '../referral/teamSql.ts';
import type { SessionUser } from '../auth/session.ts';
import { referralDirectRoute } from './routes/referralDirect.ts';
import { referralBinaryRoute } from './routes/referralBinary.ts';
import { referralIncomeRoute } from './routes/referralIncome.ts';
import { referralIndirectRoute } from './routes/referralIndirect.ts';
import { referralTeamRoute } from './routes/referralTeam.ts';
import { referralTreeRoute } from './routes/referralTree.ts';
import type { ReferralContext } from '../referral/context.ts';
import { referralInvitationCreateRoute } from './routes/referralInvitationCreate.ts';
import { referralInvitationPendingRoute } from './routes/referralInvitationPending.ts';
import { referralInvitationRoute } from './routes/referralInvitation.ts';
import { referralInvitationsRoute } from './routes/referralInvitations.ts';
import { referralPlacementsRoute } from './routes/referralPlacements.ts';
import { referralSettingsRoute } from './routes/referralSettings.ts';
import type { ReferralSettings } from '../referral/incomeSettings.ts';

/**
 * `ctx` (the placement signer and the invitation store, ../referral/open.ts) serves registration and
 * invitations; without it (deployments without a registry) only the team reads are served.
 * `settings` (the income settings the indexer pays by) are served for the help document.
 */
export function createReferralApp({
  db,
  session,
  ctx,
  settings,
}: {
  db: ApiDb;
  session: SessionUser;
  ctx: ReferralContext | null;
  settings: ReferralSettings;
}): Hono {
  const sql = preparedSql(db);
  const deps = { db, sql, team: teamReader((wallets) => teamRows(sql, wallets)), session };
  const app = new Hono();
  if (ctx !== null) {
    const registration = { ...deps, ctx };
    app
      .route('/', referralPlacementsRoute(registration))
      .route('/', referralInvitationCreateRoute(registration))
      .route('/', referralInvitationsRoute(registration))
      // Before `/referral/invitations/:id`, which would otherwise take "pending" as an id.
      .route('/', referralInvitationPendingRoute(registration))
      .route('/', referralInvitationRoute(registration));
  }
  return app
    .route('/', referralSettingsRoute(db, settings))
    .route('/', referralAccountRoute(deps))
    .route('/', referralTeamRoute(deps))
    .route('/', referralTreeRoute(deps))
    .route('/', referralDirectRoute(deps))
    .route('/', referralIndirectRoute(deps))
    .route('/', referralIncomeRoute(deps))
    .route('/', referralBinaryRoute(deps));
}
