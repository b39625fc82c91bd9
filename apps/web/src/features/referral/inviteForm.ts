/**
 * The invite register form (spec §2 "Invite register › invite user", §5): the new user's wallet
 * address, automatic or manual contact address, left or right, the inviter's own invite code
 * (prefilled). `checkInviteForm` gives the first problem in the form's order (the spec's required
 * prompts, 'Invalid wallet address', an invalid code), or the request to send. Pure.
 */
import { toChecksumAddress } from '@eterno/protocol/address';
import { InvalidInviteCodeError, parseInviteCode } from '@eterno/protocol/referral/inviteCode';
import type { Side } from '@eterno/protocol/referral/placement';
import type { InvitationRequestJson, PlacementMode } from '@eterno/protocol/referralApi';
import type { ErrorCode } from '@eterno/protocol/errors';

export type InviteForm = {
  invitee: string;
  placement: PlacementMode | null;
  contact: string;
  side: Side | null;
  inviteCode: string;
};

export type InviteField = keyof InviteForm;
export type InviteProblem = { field: InviteField; code: ErrorCode };

export const emptyInviteForm = (inviteCode = ''): InviteForm => ({
  invitee: '',
  placement: null,
  contact: '',
  side: null,
  inviteCode,
});

export function isInviteProblem(value: InvitationRequestJson | InviteProblem): value is InviteProblem {
  return 'field' in value && 'code' in value;
}

export function checkInviteForm(form: InviteForm): InvitationRequestJson | InviteProblem {
  const invitee = form.invitee.trim();
  if (invitee === '') return { field: 'invitee', code: 'INVITEE_ADDRESS_REQUIRED' };
  const inviteeAddress = toChecksumAddress(invitee);
  if (inviteeAddress === null) return { field: 'invitee', code: 'INVALID_WALLET_ADDRESS' };
  if (form.placement === null) return { field: 'placement', code: 'PLACEMENT_REQUIRED' };
  let contact: string | null = null;
  if (form.placement === 'manual') {
    if (form.contact.trim() === '') return { field: 'contact', code: 'CONTACT_ADDRESS_REQUIRED' };
    contact = toChecksumAddress(form.contact.trim());
    if (contact === null) return { field: 'contact', code: 'INVALID_WALLET_ADDRESS' };
  }
  if (form.side === null) return { field: 'side', code: 'INVALID_SIDE' };
  const code = form.inviteCode.trim();
  if (code === '') return { field: 'inviteCode', code: 'INVITE_CODE_REQUIRED' };
  try {
    parseInviteCode(code);
  } catch (error) {
    if (error instanceof InvalidInviteCodeError) return { field: 'inviteCode', code: 'INVALID_INVITE_CODE' };
    throw error;
  }
  return { invitee: inviteeAddress, placement: form.placement, contact, side: form.side, inviteCode: code };
}
