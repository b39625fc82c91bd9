/**
 * The registry's manual-placement attestation (contracts/src/interfaces/IReferralRegistry.sol): the
 * EIP-712 domain ("ReferralRegistry", "1", chain id, registry), the Placement type field for field
 * the contract's type hash, and `signPlacement`, with which the server's placement signer attests
 * that `contact` is inside `inviter`'s subtree for `user`'s registration (docs/decisions/referral.md).
 */
import { type Address, type Hex, type LocalAccount, type TypedDataDomain } from 'viem';

/** 0 = left, 1 = right. */
export type Side = 0 | 1;

export const REGISTRY_DOMAIN_NAME = 'ReferralRegistry';
export const REGISTRY_DOMAIN_VERSION = '1';

/** Where the registry lives: the domain's chain and contract. */
export type RegistryAt = { chainId: number; registry: Address };

/** The EIP-712 domain of the registry at `at`. */
export function registryDomain(at: RegistryAt) {
  return {
    name: REGISTRY_DOMAIN_NAME,
    version: REGISTRY_DOMAIN_VERSION,
    chainId: at.chainId,
    verifyingContract: at.registry,
  } as const satisfies TypedDataDomain;
}

/** Placement(address user,address inviter,address contact,uint8 side,uint256 deadline). */
export const PLACEMENT_TYPES = {
  Placement: [
    { name: 'user', type: 'address' },
    { name: 'inviter', type: 'address' },
    { name: 'contact', type: 'address' },
    { name: 'side', type: 'uint8' },
    { name: 'deadline', type: 'uint256' },
  ],
} as const;

/** What an attestation binds: who registers, under which inviter, in which contact's seat, until when. */
export type PlacementMessage = { user: Address; inviter: Address; contact: Address; side: Side; deadline: bigint };

/** A placement attestation as `registerUnder` takes it: the deadline and the 65-byte r‖s‖v signature. */
export type PlacementAttestation = { deadline: bigint; signature: Hex };

/** The typed data of a placement attestation, for `signTypedData`. */
export function placementTypedData(at: RegistryAt, message: PlacementMessage) {
  return { domain: registryDomain(at), types: PLACEMENT_TYPES, primaryType: 'Placement', message } as const;
}

/** The placement signer's attestation of `message` (the server checks the contact is in the inviter's team first). */
export async function signPlacement(
  signer: Pick<LocalAccount, 'signTypedData'>,
  at: RegistryAt,
  message: PlacementMessage,
): Promise<PlacementAttestation> {
  const signature = await signer.signTypedData(placementTypedData(at, message));
  return { deadline: message.deadline, signature };
}
