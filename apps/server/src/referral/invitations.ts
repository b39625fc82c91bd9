/**
 * Registration and invitations (ECONOMY §3, docs/decisions/referral.md "Registration and
 * invitations"): the placement signer's approval of a manual seat, and the inviter's invitations
 * with their state judged against the indexed registry. Every refusal is a typed ApiError thrown
 * before anything is signed or written.
 */
import { inviteCodeOf } from '@eterno/protocol/referral/inviteCode';
import { signPlacement } from '@eterno/protocol/referral/placement';
import type {
  InvitationJson,
  InvitationRequestJson,
  InvitationState,
  InvitationsPageJson,
  PackagesBoughtJson,
  PlacementApprovalJson,
  PendingInvitationJson,
  ReferralSide,
} from '@eterno/protocol/referralApi';
import { eq } from 'ponder';
import type { Address, Hex } from 'viem';
import { indexedHead } from '../../ponder.schema.ts';
import type { ApiDb } from '../api/routes/page.ts';
import { ApiError } from '../http/errors.ts';
import type { InvitationRow, NewInvitation } from '../store/invitationStore.ts';
import type { ReferralContext } from './context.ts';
import type { ReferralSql } from './referralSql.ts';
import { insideTeamOf } from './teamReads.ts';
import { accountOf, accountsOf, packagesBoughtOf, type AccountRow } from './referralView.ts';

export type RegistrationDeps = { db: ApiDb; sql: ReferralSql; ctx: ReferralContext };

/** A manual seat: under `contact`, on `side`. */
export type SeatRequest = { inviter: Address; contact: Address; side: ReferralSide };

/** An invitation request after its input checks (addresses lower-case, the code's account id). */
export type InvitationInput = Omit<InvitationRequestJson, 'invitee' | 'contact' | 'inviteCode'> & {
  invitee: Address;
  contact: Address | null;
  inviteCodeId: bigint;
};

const low = (a: Address) => a.toLowerCase() as Address;
const DAY = 86_400n;
const same = (a: string | null, b: string | null) => a !== null && b !== null && a.toLowerCase() === b.toLowerCase();

async function registeredInviter(db: ApiDb, inviter: Address): Promise<AccountRow> {
  const row = await accountOf(db, low(inviter));
  if (row === null) throw new ApiError('INVITER_NOT_REGISTERED');
  return row;
}

/**
 * Checks that `contact` may take a newcomer on `side` under `inviter`: registered
 * (CONTACT_NOT_REGISTERED), inside the inviter's placement subtree, the inviter included
 * (CONTACT_OUTSIDE_TEAM: O(turns), the tree view's test), and its seat on that side free (SEAT_TAKEN).
 */
async function checkSeat(deps: RegistrationDeps, inviter: AccountRow, contact: Address, side: ReferralSide) {
  const row = await accountOf(deps.db, low(contact));
  if (row === null) throw new ApiError('CONTACT_NOT_REGISTERED');
  if (!(await insideTeamOf(deps.sql, inviter, row))) throw new ApiError('CONTACT_OUTSIDE_TEAM');
  if ((side === 0 ? row.left : row.right) !== null) throw new ApiError('SEAT_TAKEN');
}

/** The later of the wall clock and the latest indexed block's time (a local chain may run ahead). */
async function chainAwareNow(deps: RegistrationDeps): Promise<bigint> {
  const [head] = await deps.db
    .select({ t: indexedHead.timestamp })
    .from(indexedHead)
    .where(eq(indexedHead.id, 'head'))
    .limit(1);
  const wall = deps.ctx.now();
  return head !== undefined && head.t > wall ? head.t : wall;
}

/**
 * `POST /referral/placements`: the placement signer's approval for `user` (the session) to take
 * `seat`, valid `ctx.placementTtl` seconds. Refused: ALREADY_REGISTERED, SELF_INVITE,
 * INVITER_NOT_REGISTERED, and the seat's checks.
 */
export async function approvePlacement(
  deps: RegistrationDeps,
  user: Address,
  seat: SeatRequest,
): Promise<PlacementApprovalJson> {
  if ((await accountOf(deps.db, low(user))) !== null) throw new ApiError('ALREADY_REGISTERED');
  if (same(seat.inviter, user)) throw new ApiError('SELF_INVITE');
  const inviter = await registeredInviter(deps.db, seat.inviter);
  await checkSeat(deps, inviter, seat.contact, seat.side);
  const deadline = (await chainAwareNow(deps)) + deps.ctx.placementTtl;
  const message = {
    user: low(user),
    inviter: low(seat.inviter),
    contact: low(seat.contact),
    side: seat.side,
    deadline,
  };
  const { signature } = await signPlacement(
    deps.ctx.signer,
    { chainId: deps.ctx.chainId, registry: deps.ctx.registry },
    message,
  );
  return { ...message, deadline: deadline.toString(), signature };
}

/** An invitation's state from the invitee's and the contact's indexed accounts. */
function judge(
  inv: InvitationRow,
  accounts: ReadonlyMap<string, AccountRow>,
  bought: ReadonlyMap<string, PackagesBoughtJson>,
): InvitationJson {
  const invitee = accounts.get(inv.invitee);
  let state: InvitationState = 'open';
  if (invitee !== undefined) {
    const asInvited =
      same(invitee.inviter, inv.inviter) &&
      (inv.placement === 'auto' || (same(invitee.parent, inv.contact) && invitee.side === inv.side));
    state = asInvited ? 'registered' : 'registered_elsewhere';
  } else if (inv.contact !== null) {
    const contact = accounts.get(inv.contact);
    if (contact !== undefined && (inv.side === 0 ? contact.left : contact.right) !== null) state = 'seat_taken';
  }
  return {
    id: inv.id,
    inviter: inv.inviter,
    inviteCode: inv.inviteCode,
    invitee: inv.invitee,
    placement: inv.placement,
    contact: inv.contact,
    side: inv.side,
    createdAt: inv.createdAt.toString(),
    state,
    registeredAt: invitee === undefined ? null : invitee.registeredAt.toString(),
    packages: state === 'registered' ? (bought.get(inv.invitee.toLowerCase()) ?? null) : null,
    link: `/register?invitation=${inv.id}`,
  };
}

async function judgeAll(db: ApiDb, rows: readonly InvitationRow[]): Promise<InvitationJson[]> {
  const wallets = new Set<Hex>();
  for (const r of rows) {
    wallets.add(r.invitee);
    if (r.contact !== null) wallets.add(r.contact);
  }
  const accounts = new Map((await accountsOf(db, [...wallets])).map((a) => [a.wallet.toLowerCase(), a]));
  const registered = rows.map((r) => r.invitee).filter((w) => accounts.has(w.toLowerCase()));
  const bought = await packagesBoughtOf(db, registered);
  return rows.map((r) => judge(r, accounts, bought));
}

/**
 * `POST /referral/invitations` by `inviter` (the session): refused when the inviter is not registered
 * (INVITER_NOT_REGISTERED), the code is not the inviter's (INVITE_CODE_NOT_YOURS), the invitee is the
 * inviter (SELF_INVITE) or already registered (ALREADY_REGISTERED), a manual seat fails its
 * checks, or the inviter made `ctx.invitationsPerDay` invitations in the last 24 hours
 * (RATE_LIMITED). Nothing is written on a refusal.
 */
export async function createInvitation(
  deps: RegistrationDeps,
  inviter: Address,
  input: InvitationInput,
): Promise<InvitationJson> {
  const me = await registeredInviter(deps.db, inviter);
  if (BigInt(me.id) !== input.inviteCodeId) throw new ApiError('INVITE_CODE_NOT_YOURS');
  if (same(input.invitee, inviter)) throw new ApiError('SELF_INVITE');
  if ((await accountOf(deps.db, low(input.invitee))) !== null) throw new ApiError('ALREADY_REGISTERED');
  if (input.contact !== null) await checkSeat(deps, me, input.contact, input.side);
  const now = deps.ctx.now();
  if ((await deps.ctx.store.countSince(inviter, now - DAY)) >= deps.ctx.invitationsPerDay)
    throw new ApiError('RATE_LIMITED');
  const row: NewInvitation = {
    inviter: low(inviter),
    inviteCode: inviteCodeOf(BigInt(me.id)),
    invitee: low(input.invitee),
    placement: input.placement,
    contact: input.contact === null ? null : low(input.contact),
    side: input.side,
  };
  const [json] = await judgeAll(deps.db, [await deps.ctx.store.insert(row, now)]);
  return json!;
}

/** `GET /referral/invitations`: the inviter's records, newest first (`before` = `nextBefore`). */
export async function listInvitations(
  deps: RegistrationDeps,
  inviter: Address,
  page: { limit: number; before: string | undefined },
): Promise<InvitationsPageJson> {
  const rows = await deps.ctx.store.ofInviter(inviter, { limit: page.limit + 1, before: page.before });
  const items = await judgeAll(deps.db, rows.slice(0, page.limit));
  return { items, nextBefore: rows.length > page.limit ? items[items.length - 1]!.id : null };
}

/** `GET /referral/invitations/:id` (public: the link's prefill); INVITATION_NOT_FOUND. */
export async function readInvitation(deps: RegistrationDeps, id: string): Promise<InvitationJson> {
  const row = await deps.ctx.store.byId(id);
  if (row === null) throw new ApiError('INVITATION_NOT_FOUND');
  const [json] = await judgeAll(deps.db, [row]);
  return json!;
}

/** How many of the newest invitations to a wallet `pendingInvitation` looks at. */
const PENDING_LOOKBACK = 20;

/** `GET /referral/invitations/pending`: the newest open invitation addressed to `invitee`. */
export async function pendingInvitation(deps: RegistrationDeps, invitee: Address): Promise<PendingInvitationJson> {
  const rows = await deps.ctx.store.ofInvitee(invitee, PENDING_LOOKBACK);
  const judged = await judgeAll(deps.db, rows);
  return { invitation: judged.find((i) => i.state === 'open') ?? null };
}
