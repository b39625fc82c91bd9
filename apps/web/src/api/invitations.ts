/**
 * Typed client of the server's registration and invitation routes (wire format in
 * `@eterno/protocol/referralApi`): GET /referral/invitations/:id (public: a link's prefill), and with
 * the session's bearer token GET /referral/invitations/pending, POST /referral/placements,
 * POST /referral/invitations and GET /referral/invitations. The team reads (account, lists, tree,
 * incomes) are in ./referral.ts. Every answer is checked field by field; a malformed one is SERVER_ERROR.
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
import { isAddress, type Address, type Hex } from 'viem';
import { getConfig } from '../config.ts';
import { apiRequest, type ApiDeps } from '../session/api.ts';
import { ApiError } from '../session/ApiError.ts';
import { sessionRequest } from '../session/sessionRequest.ts';

const INVITATION_STATES: readonly InvitationState[] = ['open', 'registered', 'registered_elsewhere', 'seat_taken'];

function malformed(what: string): never {
  throw new ApiError('SERVER_ERROR', `malformed answer: ${what}`, 200);
}

const address = (value: unknown, what: string): Address =>
  typeof value === 'string' && isAddress(value, { strict: false }) ? (value as Address) : malformed(what);
const text = (value: unknown, what: string): string => (typeof value === 'string' ? value : malformed(what));
const digits = (value: unknown, what: string): string =>
  typeof value === 'string' && /^\d+$/.test(value) ? value : malformed(what);
const side = (value: unknown, what: string): 0 | 1 => (value === 0 || value === 1 ? value : malformed(what));

export function parseInvitation(json: unknown): InvitationJson {
  if (typeof json !== 'object' || json === null) return malformed('invitation');
  const j = json as Record<string, unknown>;
  const state = INVITATION_STATES.find((s) => s === j.state) ?? malformed('invitation.state');
  const placement = j.placement === 'auto' || j.placement === 'manual' ? j.placement : malformed('placement');
  return {
    id: text(j.id, 'invitation.id'),
    inviter: address(j.inviter, 'invitation.inviter'),
    inviteCode: text(j.inviteCode, 'invitation.inviteCode'),
    invitee: address(j.invitee, 'invitation.invitee'),
    placement,
    contact: j.contact === null ? null : address(j.contact, 'invitation.contact'),
    side: side(j.side, 'invitation.side'),
    createdAt: digits(j.createdAt, 'invitation.createdAt'),
    state,
    registeredAt: j.registeredAt === null ? null : digits(j.registeredAt, 'invitation.registeredAt'),
    link: text(j.link, 'invitation.link'),
  };
}

function pageOf<T>(json: unknown, item: (j: unknown) => T): { items: T[]; nextBefore: string | null } {
  if (typeof json !== 'object' || json === null) return malformed('page');
  const j = json as Record<string, unknown>;
  if (!Array.isArray(j.items)) return malformed('page.items');
  return { items: j.items.map(item), nextBefore: j.nextBefore === null ? null : text(j.nextBefore, 'nextBefore') };
}

const query = (params: Record<string, string | number | undefined>) => {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined) q.set(k, String(v));
  const s = q.toString();
  return s === '' ? '' : `?${s}`;
};

/** GET /referral/invitations/:id (public): what an invitation link prefills. */
export async function fetchInvitation(id: string, deps: Partial<ApiDeps> = {}): Promise<InvitationJson> {
  const json = await apiRequest<unknown>(
    { apiUrl: deps.apiUrl ?? getConfig().apiUrl, ...(deps.fetch ? { fetch: deps.fetch } : {}) },
    { method: 'GET', path: `/referral/invitations/${encodeURIComponent(id)}` },
  );
  return parseInvitation(json);
}

/** GET /referral/invitations/pending: the newest open invitation to the session's wallet. */
export async function fetchPendingInvitation(deps: Partial<ApiDeps> = {}): Promise<PendingInvitationJson> {
  const json = await sessionRequest<{ invitation?: unknown }>(deps, {
    method: 'GET',
    path: '/referral/invitations/pending',
  });
  return {
    invitation: json.invitation === null || json.invitation === undefined ? null : parseInvitation(json.invitation),
  };
}

/** POST /referral/placements: the placement signer's approval of a manual seat for the session's wallet. */
export async function requestPlacement(
  request: PlacementRequestJson,
  deps: Partial<ApiDeps> = {},
): Promise<PlacementApprovalJson> {
  const j = await sessionRequest<Record<string, unknown>>(deps, {
    method: 'POST',
    path: '/referral/placements',
    body: request,
  });
  const signature = text(j.signature, 'approval.signature');
  if (!/^0x[0-9a-fA-F]{130}$/.test(signature)) malformed('approval.signature');
  return {
    user: address(j.user, 'approval.user') as Hex,
    inviter: address(j.inviter, 'approval.inviter') as Hex,
    contact: address(j.contact, 'approval.contact') as Hex,
    side: side(j.side, 'approval.side'),
    deadline: digits(j.deadline, 'approval.deadline'),
    signature: signature as Hex,
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
  page: { before?: string; limit?: number } = {},
  deps: Partial<ApiDeps> = {},
): Promise<InvitationsPageJson> {
  return pageOf(
    await sessionRequest<unknown>(deps, { method: 'GET', path: `/referral/invitations${query(page)}` }),
    parseInvitation,
  );
}
