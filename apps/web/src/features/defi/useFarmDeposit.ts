import { planFarmDeposit, type FarmPoolPosition } from '@eterno/protocol/farm/writes';
import { getConfig } from '../../config.ts';
import { useTransaction, type Transaction, type TxOutcome } from '../../tx/useTransaction.ts';

/** Stake LP: approve exactly the amount when the allowance is short, then `deposit(pid, amount)`. */
export function useFarmDeposit(): {
  tx: Transaction;
  deposit: (pool: FarmPoolPosition, amount: bigint) => Promise<TxOutcome>;
} {
  const tx = useTransaction();
  return {
    tx,
    deposit: (pool, amount) =>
      tx.run(() => planFarmDeposit(getConfig().deployments.contracts.EternoFarm, pool, amount)),
  };
}
