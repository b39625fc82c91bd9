import type { Hex } from 'viem';
import { isErrorCode, type ErrorCode } from '@eterno/protocol/errors';
import type { TxEvent } from '@eterno/protocol/tx/execute';
import { TxFailedError, TxSimulationError } from '@eterno/protocol/tx/errors';
import { formatRevert } from '@eterno/protocol/tx/revert';
import { PurchaseExpiredError } from '@eterno/protocol/finance/planPurchase';
import { toVaultError, VaultError } from '@eterno/protocol/vault/vaultErrors';
import type { TxStep } from '@eterno/protocol/tx/steps';

export type TxPhase = 'idle' | 'simulating' | 'signing' | 'pending' | 'confirmed' | 'failed';

/** Where a write is: which step, in which phase, the hash of the step on chain, the error. */
export type TxState = {
  readonly phase: TxPhase;
  readonly steps: readonly TxStep[];
  readonly stepIndex: number;
  /** Every step's hash so far, by step index. */
  readonly hashes: readonly (Hex | undefined)[];
  readonly error?: unknown;
};

export const IDLE: TxState = { phase: 'idle', steps: [], stepIndex: 0, hashes: [] };

export function started(steps: readonly TxStep[]): TxState {
  return { phase: 'simulating', steps, stepIndex: 0, hashes: steps.map(() => undefined) };
}

/** The state after one event of `executeSteps`. */
export function advance(state: TxState, event: TxEvent): TxState {
  const hashes = [...state.hashes];
  if (event.phase === 'pending' || event.phase === 'mined') hashes[event.stepIndex] = event.hash;
  const last = event.stepIndex === state.steps.length - 1;
  const phase: TxPhase = event.phase === 'mined' ? (last ? 'confirmed' : 'pending') : event.phase;
  return { ...state, phase, stepIndex: event.stepIndex, hashes };
}

export function failed(state: TxState, error: unknown): TxState {
  const hashes = [...state.hashes];
  if (error instanceof TxFailedError && error.hash) hashes[error.stepIndex] = error.hash;
  return { ...state, phase: 'failed', error: purchaseExpired(state, error) ?? vaultRefusal(state, error), hashes };
}

/**
 * A vault step (withdraw, exchange, deposit) the vault would refuse on chain for one of its caps, its
 * exchange budget or its pause: the user is told that refusal in their language, with its figures.
 */
function vaultRefusal(state: TxState, error: unknown): unknown {
  if (!(error instanceof TxSimulationError)) return error;
  const step = state.steps[error.stepIndex];
  if (step?.kind !== 'call' || !step.action.startsWith('vault.')) return error;
  return toVaultError(error);
}

/**
 * A purchase whose authorisation lapsed between the plan and its payment (the user sat on the
 * approval): the vault's simulation reverts `Expired(deadline)` and nothing is sent. The user is
 * told PURCHASE_EXPIRED in their language, not the raw revert.
 */
function purchaseExpired(state: TxState, error: unknown): PurchaseExpiredError | null {
  if (!(error instanceof TxSimulationError) || error.reason.kind !== 'custom' || error.reason.name !== 'Expired')
    return null;
  const step = state.steps[error.stepIndex];
  if (step?.kind !== 'call' || (step.action !== 'finance.buy' && step.action !== 'finance.regular')) return null;
  const [deadline] = error.reason.args;
  return new PurchaseExpiredError(typeof deadline === 'bigint' ? deadline : 0n);
}

/** The hash to show: the current step's, or the last one sent. */
export function currentHash(state: TxState): Hex | undefined {
  return state.hashes[state.stepIndex] ?? state.hashes.findLast((hash) => hash !== undefined);
}

/** An error as an `errors` namespace key and its parameters, for the user's language. */
/** Placeholders of the `errors` texts. */
export type ErrorParams = { reason?: string; price?: string; cap?: string; remaining?: string };

export function errorKey(error: unknown): { code: ErrorCode; params: ErrorParams } {
  if (error instanceof TxSimulationError) {
    return { code: 'TX_SIMULATION_FAILED', params: { reason: formatRevert(error.reason) } };
  }
  if (error instanceof VaultError) return { code: error.code, params: { ...error.params } };
  const code = typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;
  if (isErrorCode(code)) return { code, params: {} };
  return { code: 'TX_FAILED', params: {} };
}
