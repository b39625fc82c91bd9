/**
 * `POST /referral/placements { inviter, contact, side }` → 201 PlacementApprovalJson (session = the
 * registrant): the placement signer's approval of a manual seat inside the inviter's team.
 */
import { Hono } from 'hono';
import { approvePlacement } from '../../referral/invitations.ts';
import type { RegistrationRouteDeps } from './referralDeps.ts';
import { parsePlacementRequest } from './referralInput.ts';
import { jsonBody } from './vaultInput.ts';

export function referralPlacementsRoute(deps: RegistrationRouteDeps): Hono {
  return new Hono().post('/referral/placements', async (c) => {
    const user = await deps.session(c);
    const seat = parsePlacementRequest(await jsonBody(c));
    return c.json(await approvePlacement(deps, user, seat), 201);
  });
}
