/**
 * The steps of a registration (docs/decisions/referral.md): one transaction, preceded by fetching the
 * placement signer's attestation only for a manual seat under a contact other than the inviter.
 * - automatic: `[register(inviter, side)]` — the end of the inviter's leg, read at execution, so two
 *   users racing on one leg both succeed;
 * - manual under the inviter: `[registerUnder(inviter, inviter, side, 0, 0x)]`, no attestation;
 * - manual under another contact: `[attestation]` until the attestation is given, then
 *   `[registerUnder(inviter, contact, side, deadline, signature)]` ("Step 2 of 2", see `registerStepCount`).
 * Pure: the screen passes what it read (the user, whether the user is registered, the chain's time).
 */
import type { Address } from 'viem';
import { isAddressEqual, zeroAddress } from 'viem';
import { GAS_LIMIT } from '../chain.ts';
import type { DeployedContracts } from '../deployments.ts';
import { referralRegistryAbi } from '../generated/abis.ts';
import { planWrite, type TxStep } from '../tx/steps.ts';
import type { PlacementAttestation, Side } from './placement.ts';
import { ReferralError } from './referralErrors.ts';

/** What the user chose: an inviter, a side, and automatic placement or a contact's seat. */
export type Registration =
  | { readonly placement: 'automatic'; readonly inviter: Address; readonly side: Side }
  | { readonly placement: 'manual'; readonly inviter: Address; readonly contact: Address; readonly side: Side };

/** Ask the server for the placement signer's attestation of this seat (for `user`). */
export type AttestationStep = {
  readonly kind: 'attestation';
  readonly user: Address;
  readonly inviter: Address;
  readonly contact: Address;
  readonly side: Side;
};

export type RegisterStep = AttestationStep | TxStep;

/** The transactions of a plan, for `executeSteps`; throws `RangeError` while an attestation is still to fetch. */
export function registerTransactions(steps: readonly RegisterStep[]): TxStep[] {
  return steps.map((step) => {
    if (step.kind === 'attestation') throw new RangeError('fetch the placement attestation, then plan again');
    return step;
  });
}

export type RegisterPlanArgs = {
  contracts: Pick<DeployedContracts, 'ReferralRegistry'>;
  /** The wallet that registers (the sender). */
  user: Address;
  /** Whether the registry already knows `user` (the screen's read). */
  registered: boolean;
  registration: Registration;
  /** The attestation, once fetched (manual placement under another contact only). */
  attestation?: PlacementAttestation;
  /** The latest block's timestamp. */
  now: bigint;
};

/** Whether `registration` needs the placement signer's attestation (a manual seat under another contact). */
export function needsAttestation(registration: Registration): boolean {
  return registration.placement === 'manual' && !isAddressEqual(registration.contact, registration.inviter);
}

/** How many steps the whole registration shows: 2 with an attestation to fetch, else 1. */
export function registerStepCount(registration: Registration): number {
  return needsAttestation(registration) ? 2 : 1;
}

/**
 * The next steps of `args.registration`. Throws `ReferralError` for what the registry would refuse
 * and the screen can tell before sending: ALREADY_REGISTERED, SELF_INVITE, INVALID_WALLET_ADDRESS
 * (a zero inviter or contact), PLACEMENT_EXPIRED (an attestation past its deadline).
 */
export function planRegister(args: RegisterPlanArgs): RegisterStep[] {
  const { registration: r, user } = args;
  if (args.registered) throw new ReferralError('ALREADY_REGISTERED');
  if (isAddressEqual(r.inviter, zeroAddress) || (r.placement === 'manual' && isAddressEqual(r.contact, zeroAddress)))
    throw new ReferralError('INVALID_WALLET_ADDRESS');
  if (isAddressEqual(r.inviter, user)) throw new ReferralError('SELF_INVITE');
  const registry = args.contracts.ReferralRegistry;
  if (r.placement === 'automatic') {
    return planWrite({
      action: 'referral.register',
      call: { address: registry, abi: referralRegistryAbi, functionName: 'register', args: [r.inviter, r.side] },
      gasLimit: GAS_LIMIT,
    });
  }
  if (!needsAttestation(r)) {
    return planWrite({
      action: 'referral.register',
      call: {
        address: registry,
        abi: referralRegistryAbi,
        functionName: 'registerUnder',
        args: [r.inviter, r.inviter, r.side, 0n, '0x'],
      },
      gasLimit: GAS_LIMIT,
    });
  }
  const a = args.attestation;
  if (a === undefined) return [{ kind: 'attestation', user, inviter: r.inviter, contact: r.contact, side: r.side }];
  if (args.now > a.deadline) throw new ReferralError('PLACEMENT_EXPIRED');
  return planWrite({
    action: 'referral.register',
    call: {
      address: registry,
      abi: referralRegistryAbi,
      functionName: 'registerUnder',
      args: [r.inviter, r.contact, r.side, a.deadline, a.signature],
    },
    gasLimit: GAS_LIMIT,
  });
}
