/** `GET /referral/account/:address` → ReferralAccountJson (public; null fields when not registered). */
import { Hono } from 'hono';
import { readAccountInfo } from '../../referral/teamReads.ts';
import { parseAccount } from './page.ts';
import type { ReferralRouteDeps } from './referralDeps.ts';

export function referralAccountRoute({ db }: ReferralRouteDeps): Hono {
  return new Hono().get('/referral/account/:address', async (c) =>
    c.json(await readAccountInfo(db, parseAccount(c.req.param('address')))),
  );
}
