import { useState } from 'react';
import { planBuy } from '@eterno/protocol/finance/planBuy';
import { planRegularBuy } from '@eterno/protocol/finance/planRegularBuy';
import { requestPurchase, requestRegularPurchase } from '../../api/finance.ts';
import { getConfig } from '../../config.ts';
import { indexLag } from '../../tx/indexLag.ts';
import { useTransaction, type Transaction } from '../../tx/useTransaction.ts';
import { refreshFinanceReads } from './financeQueries.ts';
import { runPurchase, type PurchaseWallet } from './purchaseFlow.ts';

export type PurchaseKind = 'package' | 'regular';

export type PurchaseControl = {
  tx: Transaction;
  requesting: boolean;
  /** Why nothing was sent (the server's refusal, the wallet's balance), or null. */
  error: unknown;
  /** The last purchase was paid (its diveIn mined). */
  done: boolean;
  buy: (args: { id: number; amount: bigint; wallet: PurchaseWallet }) => Promise<boolean>;
  reset: () => void;
};

/** The index-lag key of an order this page paid (its unpaid id, `u<n>`). */
export function paidOrderKey(kind: PurchaseKind, orderId: string): string {
  return `${kind}-order:${orderId}`;
}

/** The index-lag key of a package's cycles left (the catalogue counts the purchase once indexed). */
export function cyclesKey(packageId: number): string {
  return `package:${packageId}:cycles`;
}

/** A package (`POST /finance/purchases`, `planBuy`) or a fixed-term deposit (`POST /finance/regular-purchases`, `planRegularBuy`). */
export function usePurchase(kind: PurchaseKind): PurchaseControl {
  const tx = useTransaction();
  const [requesting, setRequesting] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [done, setDone] = useState(false);
  return {
    tx,
    requesting,
    error,
    done,
    reset: () => {
      setError(null);
      setDone(false);
      tx.reset();
    },
    buy: async ({ id, amount, wallet }) => {
      setError(null);
      setDone(false);
      tx.reset();
      setRequesting(true);
      const { contracts } = getConfig().deployments;
      const result = await runPurchase({
        amount,
        wallet,
        contracts,
        request: async () => {
          try {
            return kind === 'package'
              ? await requestPurchase({ packageId: id, amount })
              : await requestRegularPurchase({ productId: id, amount });
          } finally {
            setRequesting(false);
          }
        },
        plan: kind === 'package' ? planBuy : planRegularBuy,
        run: (plan) => tx.run(plan),
      });
      setRequesting(false);
      if (result.kind === 'refused') {
        setError(result.error);
        return false;
      }
      const ok = result.outcome === 'confirmed';
      // Until the indexer has the payment, the order it paid still reads "unpaid": say "Recording…".
      if (ok) indexLag.mark(paidOrderKey(kind, result.authorisation.orderId), 'unpaid');
      await refreshFinanceReads();
      setDone(ok);
      return ok;
    },
  };
}
