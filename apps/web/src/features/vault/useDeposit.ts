import { useState } from 'react';
import type { Address } from 'viem';
import { planDeposit } from '@eterno/protocol/vault/planDeposit';
import { requestDeposit } from '../../api/vault.ts';
import { getConfig } from '../../config.ts';
import { useTransaction, type Transaction } from '../../tx/useTransaction.ts';
import { refreshVaultReads } from './vaultQueries.ts';

export type DepositControl = {
  tx: Transaction;
  requesting: boolean;
  error: unknown;
  deposit: (args: {
    token: Address;
    symbol: string;
    amount: bigint;
    balance: bigint;
    allowance: bigint;
  }) => Promise<boolean>;
};

/** Deposit: the server's authorisation (custom 0: a plain top-up) → approve exactly the amount if needed → `diveInWithToken`. */
export function useDeposit(): DepositControl {
  const tx = useTransaction();
  const [requesting, setRequesting] = useState(false);
  const [error, setError] = useState<unknown>(null);
  return {
    tx,
    requesting,
    error,
    deposit: async ({ token, symbol, amount, balance, allowance }) => {
      setError(null);
      tx.reset();
      setRequesting(true);
      let auth;
      try {
        auth = await requestDeposit({ token, amount });
      } catch (cause) {
        setError(cause);
        return false;
      } finally {
        setRequesting(false);
      }
      const { contracts } = getConfig().deployments;
      const outcome = await tx.run(() => planDeposit({ contracts, authorisation: auth, symbol, balance, allowance }));
      await refreshVaultReads();
      return outcome === 'confirmed';
    },
  };
}
