/** `GET /referral/direct?limit=&before=` → TeamMembersPageJson: the session user's direct invitees. */
import { Hono } from 'hono';
import { readMembers } from '../../referral/teamReads.ts';
import { parseLimit } from './page.ts';
import { parseIdCursor, type ReferralRouteDeps } from './referralDeps.ts';

export function referralDirectRoute({ db, session }: ReferralRouteDeps): Hono {
  return new Hono().get('/referral/direct', async (c) => {
    const page = { limit: parseLimit(c.req.query('limit')), before: parseIdCursor(c.req.query('before')) };
    return c.json(await readMembers(db, await session(c), { min: 1, max: 1 }, page));
  });
}
