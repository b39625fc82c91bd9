/**
 * The referral routes as a Hono sub-app (one module per route under ./routes). The tree and the
 * lists depend on the session, so it is mounted beside the finance routes, never behind the
 * response cache.
 */
import { Hono } from 'hono';
import { referralAccountRoute } from './routes/referralAccount.ts';
import type { ApiDb } from './routes/page.ts';
import { preparedSql } from '../referral/preparedSql.ts';
import type { SessionUser } from '../auth/session.ts';
import { referralDirectRoute } from './routes/referralDirect.ts';
import { referralBinaryRoute } from './routes/referralBinary.ts';
import { referralIncomeRoute } from './routes/referralIncome.ts';
import { referralIndirectRoute } from './routes/referralIndirect.ts';
import { referralTeamRoute } from './routes/referralTeam.ts';
import { referralTreeRoute } from './routes/referralTree.ts';

export function createReferralApp({ db, session }: { db: ApiDb; session: SessionUser }): Hono {
  const deps = { db, sql: preparedSql(db), session };
  return new Hono()
    .route('/', referralAccountRoute(deps))
    .route('/', referralTeamRoute(deps))
    .route('/', referralTreeRoute(deps))
    .route('/', referralDirectRoute(deps))
    .route('/', referralIndirectRoute(deps))
    .route('/', referralIncomeRoute(deps))
    .route('/', referralBinaryRoute(deps));
}
