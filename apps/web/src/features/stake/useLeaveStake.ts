import { planLeaveStake } from '@eterno/protocol/stake/planStake';
import type { StakePoolContracts } from '@eterno/protocol/stake/pools';
import { useTransaction, type Transaction, type TxOutcome } from '../../tx/useTransaction.ts';

/** Leave an order: `leaveStaking(id)`. The early-exit warning is asked by the screen before this runs. */
export function useLeaveStake(): {
  tx: Transaction;
  leave: (view: Pick<StakePoolContracts, 'staking'>, id: bigint) => Promise<TxOutcome>;
} {
  const tx = useTransaction();
  return { tx, leave: (view, id) => tx.run(() => planLeaveStake(view, id)) };
}
