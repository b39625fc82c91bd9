/**
 * The registry's refusals in the user's words: each custom error of ReferralRegistry maps to an error
 * code of the catalogue (../errors.ts, en and zh texts in the web's errors namespace).
 *   AlreadyRegistered → ALREADY_REGISTERED, NotRegistered(inviter) → INVITER_NOT_REGISTERED,
 *   NotRegistered(contact) → CONTACT_NOT_REGISTERED, SelfInvite → SELF_INVITE, InvalidSide →
 *   INVALID_SIDE, SeatTaken → SEAT_TAKEN, PlacementExpired → PLACEMENT_EXPIRED,
 *   InvalidPlacementSignature → PLACEMENT_NOT_APPROVED, ZeroAddress → INVALID_WALLET_ADDRESS.
 */
import { isAddressEqual, type Address } from 'viem';
import { EternoError } from '../errors.ts';
import { TxSimulationError } from '../tx/errors.ts';
import { decodeRevert, type RevertReason } from '../tx/revert.ts';

export const REFERRAL_ERROR_CODES = [
  'ALREADY_REGISTERED',
  'INVITER_NOT_REGISTERED',
  'CONTACT_NOT_REGISTERED',
  'SELF_INVITE',
  'INVALID_SIDE',
  'SEAT_TAKEN',
  'PLACEMENT_EXPIRED',
  'PLACEMENT_NOT_APPROVED',
  'INVALID_WALLET_ADDRESS',
] as const;
export type ReferralErrorCode = (typeof REFERRAL_ERROR_CODES)[number];

/** A registration the registry refuses (or would): nothing was sent, or the transaction reverted. */
export class ReferralError extends EternoError<ReferralErrorCode> {
  constructor(code: ReferralErrorCode, options?: ErrorOptions) {
    super(code, undefined, options);
  }
}

/**
 * The referral error a revert stands for, or null when it is none of the registry's. `inviter` tells
 * NotRegistered(inviter) from NotRegistered(contact).
 */
export function referralErrorOf(reason: RevertReason, inviter?: Address): ReferralErrorCode | null {
  if (reason.kind !== 'custom') return null;
  switch (reason.name) {
    case 'AlreadyRegistered':
      return 'ALREADY_REGISTERED';
    case 'NotRegistered': {
      const [account] = reason.args as readonly Address[];
      return inviter !== undefined && account !== undefined && !isAddressEqual(account, inviter)
        ? 'CONTACT_NOT_REGISTERED'
        : 'INVITER_NOT_REGISTERED';
    }
    case 'SelfInvite':
      return 'SELF_INVITE';
    case 'InvalidSide':
      return 'INVALID_SIDE';
    case 'SeatTaken':
      return 'SEAT_TAKEN';
    case 'PlacementExpired':
      return 'PLACEMENT_EXPIRED';
    case 'InvalidPlacementSignature':
      return 'PLACEMENT_NOT_APPROVED';
    case 'ZeroAddress':
      return 'INVALID_WALLET_ADDRESS';
    default:
      return null;
  }
}

/**
 * `error` (a step's TxSimulationError, or a viem error of a registry call) as a ReferralError when
 * it is one of the registry's refusals; otherwise `error` itself.
 */
export function toReferralError(error: unknown, inviter?: Address): unknown {
  const reason = error instanceof TxSimulationError ? error.reason : decodeRevert(error);
  const code = reason === undefined ? null : referralErrorOf(reason, inviter);
  return code === null ? error : new ReferralError(code, { cause: error });
}
