/**
 * An invitation link (`/register?invitation=<id>`, the server's `InvitationJson.link`) opened without a
 * session lands on `/login?redirect=%2Fregister%3Finvitation%3D<id>`: the login page reads the
 * invitation from that redirect and shows who invited the visitor before they sign in
 * (docs/decisions/layout-and-navigation.md). Only the fields it shows are read, without viem's
 * address checks, so the login bundle stays small; the registration screen reads it fully after sign-in.
 */
import type { InvitationState } from '@eterno/protocol/referralApi';
import { apiRequest, type ApiDeps } from '../../session/api.ts';
import { ApiError } from '../../session/ApiError.ts';
import { safeRedirect } from './safeRedirect.ts';

/** The server's invitation ids: 16 random bytes in base64url (apps/server invitationStore INVITATION_ID). */
const INVITATION_ID = /^[A-Za-z0-9_-]{22}$/;
const STATES: readonly InvitationState[] = ['open', 'registered', 'registered_elsewhere', 'seat_taken'];

/** The invitation id a login `?redirect=` leads to (the registration with `?invitation=`), else null. */
export function invitationIdOf(redirect: string | null, origin: string): string | null {
  if (!redirect) return null;
  const target = new URL(safeRedirect(redirect, origin), origin);
  if (target.pathname !== '/register') return null;
  const id = target.searchParams.get('invitation');
  return id !== null && INVITATION_ID.test(id) ? id : null;
}

export type LoginInvitation = {
  readonly inviteCode: string;
  readonly invitee: string;
  readonly state: InvitationState;
};

/** GET /referral/invitations/:id (public), the fields the login page shows; a malformed answer is SERVER_ERROR. */
export async function fetchLoginInvitation(id: string, deps: ApiDeps): Promise<LoginInvitation> {
  const body = await apiRequest<unknown>(deps, { method: 'GET', path: `/referral/invitations/${id}` });
  const { inviteCode, invitee, state } = (typeof body === 'object' && body !== null ? body : {}) as Record<
    string,
    unknown
  >;
  if (typeof inviteCode !== 'string' || !/^[0-9A-Z*~$=]{6,8}$/.test(inviteCode))
    throw new ApiError('SERVER_ERROR', 'invitation: bad inviteCode', 200);
  if (typeof invitee !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(invitee))
    throw new ApiError('SERVER_ERROR', 'invitation: bad invitee', 200);
  if (!STATES.includes(state as InvitationState)) throw new ApiError('SERVER_ERROR', 'invitation: bad state', 200);
  return { inviteCode, invitee, state: state as InvitationState };
}
