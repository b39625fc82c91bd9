import type { LockPeriodDays } from '@eterno/protocol/domain';
import { planEnterStake, type StakePlanView } from '@eterno/protocol/stake/planStake';
import { useTransaction, type Transaction, type TxOutcome } from '../../tx/useTransaction.ts';

/** Stake: approve exactly the amount when the allowance is short, then `enterStaking_{days}(amount)`. */
export function useEnterStake(): {
  tx: Transaction;
  enter: (view: StakePlanView, days: LockPeriodDays, amount: bigint) => Promise<TxOutcome>;
} {
  const tx = useTransaction();
  return { tx, enter: (view, days, amount) => tx.run(() => planEnterStake(view, days, amount)) };
}
