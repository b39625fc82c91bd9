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
  /** Unix seconds (wall clock). */
  now(): bigint;
};

/** A placement approval is valid for 10 minutes: time to confirm one transaction in the wallet. */
export const PLACEMENT_TTL_SECONDS = 600n;
