/**
 * The registration's logic (docs/decisions/referral.md, "Registration and invitations"), plain TS
 * with its reads injected: `prepareRegistration` ("Next") resolves the inviter (an invite code's
 * wallet on chain: UNKNOWN_INVITE_CODE when no account has it), plans it (`planRegister`: already
 * registered, self-invite), fetches the placement signer's approval for a manual seat under another
 * contact (the server refuses a contact outside the inviter's team or a taken seat) and simulates
 * the transaction, so every refusal shows on the form before the review, with nothing sent.
 * `registerPlan` (Confirm) plans the one transaction again, with a fresh approval when the first one
 * is about to expire.
 */
import { planRegister, needsAttestation, type Registration } from '@eterno/protocol/referral/planRegister';
import type { PlacementAttestation } from '@eterno/protocol/referral/placement';
import { ReferralError, toReferralError } from '@eterno/protocol/referral/referralErrors';
import { EternoError } from '@eterno/protocol/errors';
import type { PlacementApprovalJson, PlacementRequestJson } from '@eterno/protocol/referralApi';
import type { TxStep } from '@eterno/protocol/tx/steps';
import { isAddressEqual, zeroAddress, type Address } from 'viem';
import type { CheckedForm } from './registerForm.ts';

export type RegisterReads = {
  /** The registry's `walletOf(id)` (zero address: no such account). */
  walletOf(id: bigint): Promise<Address>;
  /** The registry's `isRegistered(user)`. */
  isRegistered(user: Address): Promise<boolean>;
  /** The latest block's timestamp. */
  now(): Promise<bigint>;
};

export type RegisterDeps = {
  user: Address;
  registry: Address;
  reads: RegisterReads;
  /** POST /referral/placements. */
  requestPlacement(request: PlacementRequestJson): Promise<PlacementApprovalJson>;
  /** `eth_call` of the step from the user (throws the revert). */
  simulate(step: TxStep): Promise<void>;
};

/** What the review shows and Confirm sends. */
export type PreparedRegistration = {
  registration: Registration;
  /** The invite code's or the typed address's wallet. */
  inviter: Address;
  attestation: PlacementAttestation | undefined;
};

/** An approval this close to its deadline is fetched again before sending (seconds). */
export const APPROVAL_MARGIN = 60n;

async function inviterOf(form: CheckedForm, reads: RegisterReads): Promise<Address> {
  if (form.inviter.kind === 'address') return form.inviter.address;
  const wallet = await reads.walletOf(form.inviter.id);
  if (isAddressEqual(wallet, zeroAddress)) throw new EternoError('UNKNOWN_INVITE_CODE');
  return wallet;
}

function registrationOf(form: CheckedForm, inviter: Address): Registration {
  return form.placement === 'auto' || form.contact === null
    ? { placement: 'automatic', inviter, side: form.side }
    : { placement: 'manual', inviter, contact: form.contact, side: form.side };
}

async function approval(deps: RegisterDeps, r: Registration): Promise<PlacementAttestation | undefined> {
  if (r.placement !== 'manual' || !needsAttestation(r)) return undefined;
  const a = await deps.requestPlacement({ inviter: r.inviter, contact: r.contact, side: r.side });
  return { deadline: BigInt(a.deadline), signature: a.signature };
}

async function plan(
  deps: RegisterDeps,
  r: Registration,
  attestation: PlacementAttestation | undefined,
): Promise<TxStep[]> {
  const steps = planRegister({
    contracts: { ReferralRegistry: deps.registry },
    user: deps.user,
    registered: await deps.reads.isRegistered(deps.user),
    registration: r,
    ...(attestation ? { attestation } : {}),
    now: await deps.reads.now(),
  });
  return steps.map((step) => {
    if (step.kind === 'attestation') throw new RangeError('the approval was not fetched');
    return step;
  });
}

/** "Next": every check that can be made before anything is sent; throws the first refusal (a coded error). */
export async function prepareRegistration(form: CheckedForm, deps: RegisterDeps): Promise<PreparedRegistration> {
  const inviter = await inviterOf(form, deps.reads);
  const registration = registrationOf(form, inviter);
  // Refusals the screen can tell without the server (already registered, self-invite) come first.
  if (isAddressEqual(inviter, deps.user)) throw new ReferralError('SELF_INVITE');
  if (await deps.reads.isRegistered(deps.user)) throw new ReferralError('ALREADY_REGISTERED');
  const attestation = await approval(deps, registration);
  await simulateAll(deps, await plan(deps, registration, attestation), inviter);
  return { registration, inviter, attestation };
}

/** Simulates each step; a revert becomes the registry's refusal (SEAT_TAKEN, INVITER_NOT_REGISTERED, …). */
async function simulateAll(deps: RegisterDeps, steps: readonly TxStep[], inviter: Address): Promise<void> {
  for (const step of steps) {
    try {
      await deps.simulate(step);
    } catch (error) {
      throw toReferralError(error, inviter);
    }
  }
}

/**
 * "Confirm": the one transaction, with a fresh approval when the review's is about to expire, simulated
 * once more (a seat someone took since the review is SEAT_TAKEN here, not a generic failure).
 */
export async function registerPlan(prepared: PreparedRegistration, deps: RegisterDeps): Promise<TxStep[]> {
  let { attestation } = prepared;
  if (attestation !== undefined && (await deps.reads.now()) + APPROVAL_MARGIN > attestation.deadline)
    attestation = await approval(deps, prepared.registration);
  const steps = await plan(deps, prepared.registration, attestation);
  await simulateAll(deps, steps, prepared.inviter);
  return steps;
}
