import type { Address } from 'viem';
import type { LiquidityPair } from '@eterno/protocol/liquidity/pairs';
import { planAddLiquidity } from '@eterno/protocol/liquidity/planAddLiquidity';
import { planRemoveLiquidity } from '@eterno/protocol/liquidity/planRemoveLiquidity';
import type { PairAmounts } from '@eterno/protocol/liquidity/readLiquidity';
import { getConfig } from '../../config.ts';
import { useTransaction, type Transaction, type TxOutcome } from '../../tx/useTransaction.ts';

/** An add as the form sends it: the quote's amounts and minimums, never re-quoted here. */
export type AddRequest = {
  pair: LiquidityPair;
  amountA: bigint;
  amountB: bigint;
  amountAMin: bigint;
  amountBMin: bigint;
  to: Address;
  deadline: bigint;
  balances: Pick<PairAmounts, 'A' | 'B'>;
  allowances: Pick<PairAmounts, 'A' | 'B'>;
};

export type RemoveRequest = {
  pair: LiquidityPair;
  liquidity: bigint;
  amountAMin: bigint;
  amountBMin: bigint;
  to: Address;
  deadline: bigint;
  balance: bigint;
  allowance: bigint;
};

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
