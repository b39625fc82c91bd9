import { useState } from 'react';
import type { Address } from 'viem';
import { planExchange } from '@eterno/protocol/vault/planExchange';
import { requestExchangeQuote, type ExchangeQuote } from '../../api/vault.ts';
import { getConfig } from '../../config.ts';
import { useTransaction, type Transaction } from '../../tx/useTransaction.ts';
import { refreshVaultReads } from './vaultQueries.ts';

export type ExchangeControl = {
  tx: Transaction;
  quoting: boolean;
  error: unknown;
  quote: ExchangeQuote | null;
  /** The last exchange that went through (what was paid and received). */
  done: ExchangeQuote | null;
  ask: (args: { tokenIn: Address; tokenOut: Address; amountIn: bigint }) => Promise<void>;
  /** `now`: the latest block's time (an expired quote is not sent). */
  exchange: (
    quote: ExchangeQuote,
    wallet: { symbol: string; balance: bigint; allowance: bigint; now: bigint },
  ) => Promise<boolean>;
  clear: () => void;
};

/** Exchange: a signed quote from the server (shown before the wallet opens) → approve exactly amountIn if needed → `pureTransfer`. */
export function useExchange(): ExchangeControl {
  const tx = useTransaction();
  const [quoting, setQuoting] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [quote, setQuote] = useState<ExchangeQuote | null>(null);
  const [done, setDone] = useState<ExchangeQuote | null>(null);
  return {
    tx,
    quoting,
    error,
    quote,
    done,
    ask: async (args) => {
      setError(null);
      setDone(null);
      setQuote(null);
      tx.reset();
      setQuoting(true);
      try {
        setQuote(await requestExchangeQuote(args));
      } catch (cause) {
        setError(cause);
      } finally {
        setQuoting(false);
      }
    },
    exchange: async (signed, wallet) => {
      const { contracts } = getConfig().deployments;
      const outcome = await tx.run(() =>
        planExchange({
          contracts,
          quote: signed,
          symbolIn: wallet.symbol,
          balance: wallet.balance,
          allowance: wallet.allowance,
          now: wallet.now,
        }),
      );
      if (outcome === 'confirmed') {
        setQuote(null);
        setDone(signed);
      }
      await refreshVaultReads();
      return outcome === 'confirmed';
    },
    clear: () => {
      setQuote(null);
      setError(null);
    },
  };
}
