import { planFarmHarvest, type FarmPoolPosition } from '@eterno/protocol/farm/writes';
import { getConfig } from '../../config.ts';
import { useTransaction, type Transaction, type TxOutcome } from '../../tx/useTransaction.ts';

/** Harvest: `deposit(pid, 0)` pays the pending ETRO to the wallet. */
export function useFarmHarvest(): { tx: Transaction; harvest: (pool: FarmPoolPosition) => Promise<TxOutcome> } {
  const tx = useTransaction();
  return {
    tx,
    harvest: (pool) => tx.run(() => planFarmHarvest(getConfig().deployments.contracts.EternoFarm, pool)),
  };
}
