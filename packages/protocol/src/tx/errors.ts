import type { Hex } from 'viem';
import { EternoError } from '../errors.ts';
import { formatRevert, type RevertReason } from './revert.ts';

/** The user refused a request in the wallet (EIP-1193 4001): nothing was sent by this step. */
export class TxRefusedError extends EternoError<'REFUSED_TRANSACTION_REQUEST'> {
  readonly stepIndex: number;
  constructor(stepIndex: number, options?: ErrorOptions) {
    super('REFUSED_TRANSACTION_REQUEST', undefined, options);
    this.stepIndex = stepIndex;
  }
}

/** The simulation (`eth_call`) of a step reverted: the wallet was not asked, nothing was sent. */
export class TxSimulationError extends EternoError<'TX_SIMULATION_FAILED'> {
  readonly stepIndex: number;
  readonly reason: RevertReason;
  constructor(stepIndex: number, reason: RevertReason, options?: ErrorOptions) {
    super('TX_SIMULATION_FAILED', `The transaction would fail: ${formatRevert(reason)}`, options);
    this.stepIndex = stepIndex;
    this.reason = reason;
  }
}

/** A step was sent but failed: the wallet could not send it, or it was mined and reverted. */
export class TxFailedError extends EternoError<'TX_FAILED'> {
  readonly stepIndex: number;
  /** The transaction's hash when it reached the chain. */
  readonly hash: Hex | undefined;
  constructor(stepIndex: number, hash: Hex | undefined, options?: ErrorOptions) {
    super('TX_FAILED', hash ? `Transaction ${hash} failed on chain` : 'The transaction could not be sent', options);
    this.stepIndex = stepIndex;
    this.hash = hash;
  }
}
