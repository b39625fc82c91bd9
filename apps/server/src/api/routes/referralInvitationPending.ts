/** `GET /referral/invitations/pending` → PendingInvitationJson: the newest open invitation to the session's wallet. */
import { Hono } from 'hono';
import { pendingInvitation } from '../../referral/invitations.ts';
import type { RegistrationRouteDeps } from './referralDeps.ts';

export function referralInvitationPendingRoute(deps: RegistrationRouteDeps): Hono {
  return new Hono().get('/referral/invitations/pending', async (c) =>
    c.json(await pendingInvitation(deps, await deps.session(c))),
  );
}
