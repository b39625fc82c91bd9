/**
 * The registration form (spec §3 "Referral registration", §5): the inviter (an invite code or an
 * address), a side, automatic or manual placement and, for manual, the contact address. `checkForm`
 * gives the first problem in the form's order (the spec's required prompts, then each field's
 * format), so nothing is read or sent for an incomplete form. Pure.
 */
import { toChecksumAddress } from '@eterno/protocol/address';
import type { ErrorCode } from '@eterno/protocol/errors';
import { InvalidInviteCodeError, parseInviteCode } from '@eterno/protocol/referral/inviteCode';
import type { Side } from '@eterno/protocol/referral/placement';
import type { InvitationJson, PlacementMode } from '@eterno/protocol/referralApi';
import type { Address } from 'viem';

export type RegisterForm = {
  /** An invite code or the inviter's address, as typed. */
  inviter: string;
  side: Side | null;
  placement: PlacementMode | null;
  contact: string;
};

export const EMPTY_FORM: RegisterForm = { inviter: '', side: null, placement: null, contact: '' };

export type FormField = 'inviter' | 'side' | 'placement' | 'contact';

export type FormProblem = { field: FormField; code: ErrorCode };

/** Who the user named: an inviter's address, or an invite code's account id (looked up on chain). */
export type InviterRef = { kind: 'address'; address: Address } | { kind: 'code'; id: bigint };

export type CheckedForm = {
  inviter: InviterRef;
  side: Side;
  placement: PlacementMode;
  /** The contact of a manual placement; null for automatic. */
  contact: Address | null;
};

/** The form an invitation prefills. */
export function formFromInvitation(invitation: InvitationJson): RegisterForm {
  return {
    inviter: invitation.inviteCode,
    side: invitation.side,
    placement: invitation.placement,
    contact: invitation.contact ?? '',
  };
}

/** An address (0x…, 40 hex digits) or an invite code; the first problem of what was typed. */
export function parseInviterRef(text: string): InviterRef | FormProblem {
  const typed = text.trim();
  if (typed === '') return { field: 'inviter', code: 'INVITER_REQUIRED' };
  if (/^0x/i.test(typed) || /^T/.test(typed) || typed.length > 12) {
    const address = toChecksumAddress(typed);
    return address === null ? { field: 'inviter', code: 'INVALID_WALLET_ADDRESS' } : { kind: 'address', address };
  }
  try {
    return { kind: 'code', id: parseInviteCode(typed) };
  } catch (error) {
    if (error instanceof InvalidInviteCodeError) return { field: 'inviter', code: 'INVALID_INVITE_CODE' };
    throw error;
  }
}

const isProblem = (value: InviterRef | FormProblem): value is FormProblem => 'field' in value;

/** The checked form, or its first problem. */
export function checkForm(form: RegisterForm): CheckedForm | FormProblem {
  const inviter = parseInviterRef(form.inviter);
  if (isProblem(inviter)) return inviter;
  if (form.side === null) return { field: 'side', code: 'INVALID_SIDE' };
  if (form.placement === null) return { field: 'placement', code: 'PLACEMENT_REQUIRED' };
  if (form.placement === 'auto') return { inviter, side: form.side, placement: 'auto', contact: null };
  if (form.contact.trim() === '') return { field: 'contact', code: 'CONTACT_ADDRESS_REQUIRED' };
  const contact = toChecksumAddress(form.contact.trim());
  if (contact === null) return { field: 'contact', code: 'INVALID_WALLET_ADDRESS' };
  return { inviter, side: form.side, placement: 'manual', contact };
}

export function isFormProblem(value: CheckedForm | FormProblem): value is FormProblem {
  return 'field' in value;
}
