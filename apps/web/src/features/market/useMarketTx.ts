import type { Address } from 'viem';
import { planBuy } from '@eterno/protocol/market/planBuy';
import { planCancel } from '@eterno/protocol/market/planCancel';
import { planList } from '@eterno/protocol/market/planList';
import type { EusdMarketView } from '@eterno/protocol/market/readEusdMarket';
import { useTransaction, type Transaction, type TxOutcome } from '../../tx/useTransaction.ts';

/** List: approve exactly the EUSD when the allowance is short, then `list(quantity, unitPrice)`. */
export function useListOrder(): {
  tx: Transaction;
  list: (view: EusdMarketView, quantity: bigint, unitPrice: bigint) => Promise<TxOutcome>;
} {
  const tx = useTransaction();
  return { tx, list: (view, quantity, unitPrice) => tx.run(() => planList(view, quantity, unitPrice)) };
}

/** Buy: approve exactly the USDT cost when the allowance is short, then `buy(orderId, quantity, unitPrice)`. */
export function useBuyOrder(): {
  tx: Transaction;
  buy: (view: EusdMarketView, order: { orderId: bigint; unitPrice: bigint }, quantity: bigint) => Promise<TxOutcome>;
} {
  const tx = useTransaction();
  return { tx, buy: (view, order, quantity) => tx.run(() => planBuy(view, order, quantity)) };
}

/** Cancel: `cancel(orderId)`. */
export function useCancelOrder(): {
  tx: Transaction;
  cancel: (market: Address, orderId: bigint) => Promise<TxOutcome>;
} {
  const tx = useTransaction();
  return { tx, cancel: (market, orderId) => tx.run(() => planCancel(market, orderId)) };
}
