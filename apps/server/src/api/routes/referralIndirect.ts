/** `GET /referral/indirect?limit=&before=` → TeamMembersPageJson: the session user's levels 2–10. */
import { INDIRECT_LEVELS } from '@eterno/protocol/referralApi';
import { Hono } from 'hono';
import { readMembers } from '../../referral/teamReads.ts';
import { parseLimit } from './page.ts';
import { parseIdCursor, type ReferralRouteDeps } from './referralDeps.ts';

export function referralIndirectRoute({ db, session }: ReferralRouteDeps): Hono {
  return new Hono().get('/referral/indirect', async (c) => {
    const page = { limit: parseLimit(c.req.query('limit')), before: parseIdCursor(c.req.query('before')) };
    return c.json(await readMembers(db, await session(c), INDIRECT_LEVELS, page));
  });
}
