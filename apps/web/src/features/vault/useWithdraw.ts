import { useState } from 'react';
import type { Address, Hash } from 'viem';
import { planWithdraw } from '@eterno/protocol/vault/planWithdraw';
import { cancelWithdrawal, requestWithdrawal, type Withdrawal } from '../../api/vault.ts';
import { getConfig } from '../../config.ts';
import { currentHash } from '../../tx/txState.ts';
import { useTransaction, type Transaction } from '../../tx/useTransaction.ts';
import { refreshVaultReads } from './vaultQueries.ts';
import { runWithdraw, sendVoucher, type WithdrawDeps, type WithdrawResult } from './withdrawFlow.ts';

export type WithdrawControl = {
  tx: Transaction;
  requesting: boolean;
  cancelling: boolean;
  /** The server's refusal or a failed cancel (shown under the form). */
  error: unknown;
  /** The voucher this page sent and saw mined, with its hash (pending until the ledger settles it). */
  sent: { id: string; hash: Hash } | null;
  /** `now`: the latest block's time (a voucher past its deadline is not sent). */
  withdraw: (token: Address, amount: bigint, now: bigint) => Promise<boolean>;
  send: (voucher: Withdrawal, now: bigint) => Promise<boolean>;
  cancel: (voucher: Withdrawal) => Promise<void>;
};

/**
 * Withdraw (thin adapter over `runWithdraw`): voucher from the server → the wallet's `withdraw`
 * (`planWithdraw`: 300,000 gas, spec §9) → pending → settled when the API says so; a wallet refusal cancels the
 * voucher so its reservation is released.
 */
export function useWithdraw(): WithdrawControl {
  const tx = useTransaction();
  const [requesting, setRequesting] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [sentId, setSentId] = useState<string | null>(null);

  const deps = (now: bigint): WithdrawDeps => ({
    request: (args) => requestWithdrawal(args),
    send: (voucher) => {
      setRequesting(false);
      return tx.run(() => {
        if (!voucher.signature) throw new Error('only a signed voucher can be sent');
        return planWithdraw({
          contracts: getConfig().deployments.contracts,
          voucher: { ...voucher, signature: voucher.signature },
          now,
        });
      });
    },
    cancel: (id) => cancelWithdrawal(id),
  });
  const settle = async (result: WithdrawResult): Promise<boolean> => {
    setRequesting(false);
    if (result.kind === 'refused') setError(result.error);
    if (result.kind === 'open' && result.error !== undefined) setError(result.error);
    if (result.kind === 'sent') setSentId(result.voucher.id);
    await refreshVaultReads();
    return result.kind === 'sent';
  };

  const hash = currentHash(tx.state);
  return {
    tx,
    requesting,
    cancelling,
    error,
    sent: sentId !== null && hash !== undefined && tx.state.phase === 'confirmed' ? { id: sentId, hash } : null,
    withdraw: async (token, amount, now) => {
      setError(null);
      tx.reset();
      setRequesting(true);
      return settle(await runWithdraw(deps(now), { token, amount }));
    },
    send: async (voucher, now) => {
      setError(null);
      return settle(await sendVoucher(deps(now), voucher));
    },
    cancel: async (voucher) => {
      setError(null);
      setCancelling(true);
      try {
        await cancelWithdrawal(voucher.id);
      } catch (cause) {
        setError(cause);
      } finally {
        setCancelling(false);
        await refreshVaultReads();
      }
    },
  };
}
