import { planClaim } from '@eterno/protocol/lock/planClaim';
import { getConfig } from '../../config.ts';
import { useTransaction, type Transaction, type TxOutcome } from '../../tx/useTransaction.ts';

/**
 * Claim: `LockLedger.claim()` pays everything released so far less the claim fee (refused before sending
 * when nothing is).
 */
export function useLockClaim(): { tx: Transaction; claim: (claimable: bigint) => Promise<TxOutcome> } {
  const tx = useTransaction();
  return {
    tx,
    claim: (claimable) => tx.run(() => planClaim({ contracts: getConfig().deployments.contracts, claimable })),
  };
}
