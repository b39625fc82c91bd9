/**
 * Typed client of the server's registration and invitation routes (wire format in
 * `@eterno/protocol/referralApi`): GET /referral/invitations/:id (public: a link's prefill), and with
 * the session's bearer token GET /referral/invitations/pending, POST /referral/placements,
 * POST /referral/invitations and GET /referral/invitations. The team reads (account, lists, tree,
 * incomes) are in ./referral.ts. Every answer is checked field by field (`Reader` of ./indexer.ts:
 * addresses checksummed); a malformed one is SERVER_ERROR naming the first bad field.
 *
 * Failures throw ApiError with the server's catalogue code (SEAT_TAKEN, CONTACT_OUTSIDE_TEAM,
 * INVITE_CODE_NOT_YOURS, …); a session call the server answers 401 clears the session and throws
 * UNAUTHORIZED.
 */
import type {
  InvitationJson,
  InvitationRequestJson,
  InvitationState,
  InvitationsPageJson,
  PendingInvitationJson,
  PlacementApprovalJson,
  PlacementRequestJson,
} from '@eterno/protocol/referralApi';
import type { ApiDeps } from '../session/api.ts';
import { sessionRequest } from '../session/sessionRequest.ts';
import { Reader, type PageQuery } from './indexer.ts';
import { packagesBought, pagePath, publicGet, side01 } from './referral.ts';

const INVITATION_STATES: readonly InvitationState[] = ['open', 'registered', 'registered_elsewhere', 'seat_taken'];
const PLACEMENTS = ['auto', 'manual'] as const;

/** A decimal string (unix seconds) as the wire has it. */
const digits = (r: Reader, key: string): string => String(r.bigint(key));

function invitation(r: Reader): InvitationJson {
  return {
    id: r.string('id'),
    inviter: r.address('inviter'),
    inviteCode: r.string('inviteCode'),
    invitee: r.address('invitee'),
    placement: r.oneOf('placement', PLACEMENTS),
    contact: r.nullUnless(!r.isNull('contact'), 'contact', (k) => r.address(k)),
    side: side01(r, 'side'),
    createdAt: digits(r, 'createdAt'),
    state: r.oneOf('state', INVITATION_STATES),
    registeredAt: r.nullUnless(!r.isNull('registeredAt'), 'registeredAt', (k) => digits(r, k)),
    packages: packagesBought(r, 'packages'),
    link: r.string('link'),
  };
}

/** One invitation as the server sends it (`GET /referral/invitations/:id`); SERVER_ERROR names the first bad field. */
export function parseInvitation(json: unknown): InvitationJson {
  return invitation(Reader.of(json, 'invitation', 200));
}

/** GET /referral/invitations/:id (public): what an invitation link prefills. */
export async function fetchInvitation(id: string, deps: Partial<ApiDeps> = {}): Promise<InvitationJson> {
  return parseInvitation(await publicGet(`/referral/invitations/${encodeURIComponent(id)}`, deps));
}

/** GET /referral/invitations/pending: the newest open invitation to the session's wallet. */
export async function fetchPendingInvitation(deps: Partial<ApiDeps> = {}): Promise<PendingInvitationJson> {
  const path = '/referral/invitations/pending';
  const r = Reader.of(await sessionRequest<unknown>(deps, { method: 'GET', path }), path, 200);
  return { invitation: r.nullUnless(!r.isNull('invitation'), 'invitation', (k) => invitation(r.object(k))) };
}

/** POST /referral/placements: the placement signer's approval of a manual seat for the session's wallet. */
export async function requestPlacement(
  request: PlacementRequestJson,
  deps: Partial<ApiDeps> = {},
): Promise<PlacementApprovalJson> {
  const path = '/referral/placements';
  const r = Reader.of(await sessionRequest<unknown>(deps, { method: 'POST', path, body: request }), path, 200);
  return {
    user: r.address('user'),
    inviter: r.address('inviter'),
    contact: r.address('contact'),
    side: side01(r, 'side'),
    deadline: digits(r, 'deadline'),
    signature: r.signature('signature'),
  };
}

/** POST /referral/invitations: the invite register form, kept as an invitation with its link. */
export async function createInvitation(
  request: InvitationRequestJson,
  deps: Partial<ApiDeps> = {},
): Promise<InvitationJson> {
  return parseInvitation(
    await sessionRequest<unknown>(deps, { method: 'POST', path: '/referral/invitations', body: request }),
  );
}

/** GET /referral/invitations: the session inviter's records, newest first. */
export async function fetchInvitations(
  page: PageQuery = {},
  deps: Partial<ApiDeps> = {},
): Promise<InvitationsPageJson> {
  const r = Reader.of(
    await sessionRequest<unknown>(deps, { method: 'GET', path: pagePath('/referral/invitations', page) }),
    '/referral/invitations',
    200,
  );
  return { items: r.list('items').map(invitation), nextBefore: r.cursor() };
}
