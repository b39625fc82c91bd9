import { useState } from 'react';
import { planBuy } from '@eterno/protocol/finance/planBuy';
import { planRegularBuy } from '@eterno/protocol/finance/planRegularBuy';
import { requestPurchase, requestRegularPurchase } from '../../api/finance.ts';
import { getConfig } from '../../config.ts';
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
      await refreshFinanceReads();
      const ok = result.outcome === 'confirmed';
      setDone(ok);
      return ok;
    },
  };
}
