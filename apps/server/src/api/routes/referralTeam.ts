/** `GET /referral/team/:address` → TeamFiguresJson (public; `team` null when not registered). */
import { Hono } from 'hono';
import { readTeamFigures } from '../../referral/teamReads.ts';
import { parseAccount } from './page.ts';
import type { ReferralRouteDeps } from './referralDeps.ts';

export function referralTeamRoute({ db, team }: ReferralRouteDeps): Hono {
  return new Hono().get('/referral/team/:address', async (c) =>
    c.json(await readTeamFigures(db, team, parseAccount(c.req.param('address')))),
  );
}
