/**
 * `POST /referral/invitations` (InvitationRequestJson) → 201 InvitationJson (session = the inviter):
 * the invite register form kept as an invitation with its link.
 */
import { Hono } from 'hono';
import { createInvitation } from '../../referral/invitations.ts';
import type { RegistrationRouteDeps } from './referralDeps.ts';
import { parseInvitationRequest } from './referralInput.ts';
import { jsonBody } from './vaultInput.ts';

export function referralInvitationCreateRoute(deps: RegistrationRouteDeps): Hono {
  return new Hono().post('/referral/invitations', async (c) => {
    const inviter = await deps.session(c);
    const input = parseInvitationRequest(await jsonBody(c));
    return c.json(await createInvitation(deps, inviter, input), 201);
  });
}
