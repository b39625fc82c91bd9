/** `GET /referral/invitations/:id` → InvitationJson (public: what an invitation link prefills). */
import { Hono } from 'hono';
import { readInvitation } from '../../referral/invitations.ts';
import type { RegistrationRouteDeps } from './referralDeps.ts';

export function referralInvitationRoute(deps: RegistrationRouteDeps): Hono {
  return new Hono().get('/referral/invitations/:id', async (c) =>
    c.json(await readInvitation(deps, c.req.param('id'))),
  );
}
