/**
 * What the registration and invitation routes need beyond the indexed tables: the registry they
 * attest for, the placement signer (docs/decisions/referral.md, "Registration and invitations"), the
 * invitation store and the clock.
 */
import type { Address, LocalAccount } from 'viem';
import type { InvitationStore } from '../store/invitationStore.ts';

export type ReferralContext = {
  chainId: number;
  registry: Address;
  /** The registry's placement signer: signs the EIP-712 Placement approvals of manual seats. */
  signer: Pick<LocalAccount, 'address' | 'signTypedData'>;
  store: InvitationStore;
  /** How long a placement approval stays valid (seconds). */
  placementTtl: bigint;
  /** How many invitations one inviter may make in 24 hours (RATE_LIMITED past it). */
  invitationsPerDay: number;
  /** Unix seconds (wall clock). */
  now(): bigint;
};

/** A placement approval is valid for 10 minutes: time to confirm one transaction in the wallet. */
export const PLACEMENT_TTL_SECONDS = 600n;

/** Default of `ETERNO_INVITATIONS_PER_DAY`: enough for any real inviter, a cap on a flood of rows. */
export const INVITATIONS_PER_DAY = 200;
