/**
 * Input checks of the registration and invitation routes: the invitation form (the spec's required
 * prompts first, then each field's format) and the placement request. Each bad input is a 4xx with
 * a catalogue code, before anything is read, signed or written.
 */
import { toChecksumAddress } from '@eterno/protocol/address';
import { InvalidInviteCodeError, parseInviteCode } from '@eterno/protocol/referral/inviteCode';
import type { ReferralSide } from '@eterno/protocol/referralApi';
import type { Address } from 'viem';
import { ApiError, type ApiErrorCode } from '../../http/errors.ts';
import type { InvitationInput, SeatRequest } from '../../referral/invitations.ts';
import { INVITATION_ID } from '../../store/invitationStore.ts';

const blank = (value: unknown) => value === undefined || value === null || value === '';

/** An address field: blank → `required`, not a string → BAD_REQUEST, not an address → INVALID_WALLET_ADDRESS. */
function parseAddressField(value: unknown, required: ApiErrorCode): Address {
  if (blank(value)) throw new ApiError(required);
  if (typeof value !== 'string') throw new ApiError('BAD_REQUEST');
  const address = toChecksumAddress(value.trim());
  if (address === null) throw new ApiError('INVALID_WALLET_ADDRESS');
  return address.toLowerCase() as Address;
}

function parseSide(value: unknown): ReferralSide {
  if (value !== 0 && value !== 1) throw new ApiError('INVALID_SIDE');
  return value;
}

/** The body of `POST /referral/invitations` (InvitationRequestJson). */
export function parseInvitationRequest(body: Record<string, unknown>): InvitationInput {
  // The spec's required prompts, in the form's order, before any format check.
  if (blank(body.invitee)) throw new ApiError('INVITEE_ADDRESS_REQUIRED');
  if (blank(body.placement)) throw new ApiError('PLACEMENT_REQUIRED');
  if (body.placement === 'manual' && blank(body.contact)) throw new ApiError('CONTACT_ADDRESS_REQUIRED');
  if (blank(body.inviteCode)) throw new ApiError('INVITE_CODE_REQUIRED');
  const invitee = parseAddressField(body.invitee, 'INVITEE_ADDRESS_REQUIRED');
  const placement = body.placement;
  if (placement !== 'auto' && placement !== 'manual') throw new ApiError('BAD_REQUEST');
  if (placement === 'auto' && !blank(body.contact)) throw new ApiError('BAD_REQUEST');
  const contact = placement === 'manual' ? parseAddressField(body.contact, 'CONTACT_ADDRESS_REQUIRED') : null;
  const side = parseSide(body.side);
  if (typeof body.inviteCode !== 'string') throw new ApiError('BAD_REQUEST');
  let inviteCodeId: bigint;
  try {
    inviteCodeId = parseInviteCode(body.inviteCode);
  } catch (error) {
    if (error instanceof InvalidInviteCodeError) throw new ApiError('INVALID_INVITE_CODE');
    throw error;
  }
  return { invitee, placement, contact, side, inviteCodeId };
}

/** The body of `POST /referral/placements` (PlacementRequestJson). */
export function parsePlacementRequest(body: Record<string, unknown>): SeatRequest {
  const inviter = parseAddressField(body.inviter, 'INVITER_REQUIRED');
  const contact = parseAddressField(body.contact, 'CONTACT_ADDRESS_REQUIRED');
  return { inviter, contact, side: parseSide(body.side) };
}

/** `before` of the invitation records: an invitation id, else BAD_REQUEST. */
export function parseInvitationCursor(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (!INVITATION_ID.test(value)) throw new ApiError('BAD_REQUEST');
  return value;
}
