/** `GET /referral/income` → IncomeSummaryJson (session): the session user's dynamic incomes (ECONOMY §4). */
import { Hono } from 'hono';
import { readIncomeSummary } from '../../referral/incomeReads.ts';
import type { ReferralRouteDeps } from './referralDeps.ts';

export function referralIncomeRoute({ db, session }: ReferralRouteDeps): Hono {
  return new Hono().get('/referral/income', async (c) => c.json(await readIncomeSummary(db, await session(c))));
}
