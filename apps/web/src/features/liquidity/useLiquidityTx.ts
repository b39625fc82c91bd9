import { planAddLiquidity } from '@eterno/protocol/liquidity/planAddLiquidity';
import { planRemoveLiquidity } from '@eterno/protocol/liquidity/planRemoveLiquidity';
import { getConfig } from '../../config.ts';
import { useTransaction, type Transaction, type TxOutcome } from '../../tx/useTransaction.ts';

/** An add as the form sends it: the quote's amounts and minimums, never re-quoted here (the plan's own arguments). */
export type AddRequest = Omit<Parameters<typeof planAddLiquidity>[0], 'contracts'>;

/** A remove as the form sends it (the plan's own arguments). */
export type RemoveRequest = Omit<Parameters<typeof planRemoveLiquidity>[0], 'contracts'>;

/** Add liquidity: approve each token exactly when short, then the router's `addLiquidity`. */
export function useAddLiquidity(): { tx: Transaction; add: (request: AddRequest) => Promise<TxOutcome> } {
  const tx = useTransaction();
  return {
    tx,
    add: (request) => tx.run(() => planAddLiquidity({ contracts: getConfig().deployments.contracts, ...request })),
  };
}

/** Remove liquidity: approve the LP exactly when short, then the router's `removeLiquidity`. */
export function useRemoveLiquidity(): { tx: Transaction; remove: (request: RemoveRequest) => Promise<TxOutcome> } {
  const tx = useTransaction();
  return {
    tx,
    remove: (request) =>
      tx.run(() => planRemoveLiquidity({ contracts: getConfig().deployments.contracts, ...request })),
  };
}
