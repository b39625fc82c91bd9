import { EternoError } from '../errors.ts';
import { lockLedgerAbi } from '../generated/abis.ts';
import { planWrite, type TxStep } from '../tx/steps.ts';
import type { DeployedContracts } from '../deployments.ts';

/** The claim is refused before anything is sent when nothing is claimable (the ledger would revert `NothingToClaim`). */
export class NothingToClaimError extends EternoError<'NOTHING_TO_CLAIM'> {
  constructor() {
    super('NOTHING_TO_CLAIM', 'Nothing has been released to claim yet');
  }
}

/**
 * The steps of claiming the released lock balance: `[LockLedger.claim()]` (nothing is spent, no approval;
 * the ledger keeps the claim fee shown by `lockProgress`).
 */
export function planClaim(args: { contracts: Pick<DeployedContracts, 'LockLedger'>; claimable: bigint }): TxStep[] {
  if (args.claimable <= 0n) throw new NothingToClaimError();
  return planWrite({
    action: 'lock.claim',
    call: { address: args.contracts.LockLedger, abi: lockLedgerAbi, functionName: 'claim', args: [] },
  });
}
