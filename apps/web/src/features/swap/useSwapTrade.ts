import { planSwap } from '@eterno/protocol/swap/planSwap';
import type { SwapDirection } from '@eterno/protocol/swap/readSwap';
import { getConfig } from '../../config.ts';
import { useTransaction, type Transaction, type TxOutcome } from '../../tx/useTransaction.ts';

export type TradeRequest = {
  direction: SwapDirection;
  amountIn: bigint;
  /** From the quote on screen and the user's slippage tolerance: never re-quoted here. */
  minOut: bigint;
  /** Unix seconds after which the trade reverts: the user's deadline setting from the moment of sending. */
  deadline: bigint;
  /** The input token's balance and allowance, read with that quote. */
  balance: bigint;
  allowance: bigint;
};

/** Buy or sell: approve exactly the input when the allowance is short, then `swap` / `sell` with the user's minimum and deadline. */
export function useSwapTrade(): { tx: Transaction; trade: (request: TradeRequest) => Promise<TxOutcome> } {
  const tx = useTransaction();
  return {
    tx,
    trade: (request) => tx.run(() => planSwap({ contracts: getConfig().deployments.contracts, ...request })),
  };
}
