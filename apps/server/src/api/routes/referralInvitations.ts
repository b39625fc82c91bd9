/** `GET /referral/invitations?limit=&before=` → InvitationsPageJson: the session inviter's records, newest first. */
import { Hono } from 'hono';
import { listInvitations } from '../../referral/invitations.ts';
import { parseLimit } from './page.ts';
import type { RegistrationRouteDeps } from './referralDeps.ts';
import { parseInvitationCursor } from './referralInput.ts';

export function referralInvitationsRoute(deps: RegistrationRouteDeps): Hono {
  return new Hono().get('/referral/invitations', async (c) => {
    const inviter = await deps.session(c);
    const page = { limit: parseLimit(c.req.query('limit')), before: parseInvitationCursor(c.req.query('before')) };
    return c.json(await listInvitations(deps, inviter, page));
  });
}
