import { planFarmWithdraw, type FarmPoolPosition } from '@eterno/protocol/farm/writes';
import { getConfig } from '../../config.ts';
import { useTransaction, type Transaction, type TxOutcome } from '../../tx/useTransaction.ts';

/** Retrieve LP: `withdraw(pid, amount)`, which pays the pending ETRO too. */
export function useFarmWithdraw(): {
  tx: Transaction;
  withdraw: (pool: FarmPoolPosition, amount: bigint) => Promise<TxOutcome>;
} {
  const tx = useTransaction();
  return {
    tx,
    withdraw: (pool, amount) =>
      tx.run(() => planFarmWithdraw(getConfig().deployments.contracts.EternoFarm, pool, amount)),
  };
}
