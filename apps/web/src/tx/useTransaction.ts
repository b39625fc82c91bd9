import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EIP1193Provider } from 'viem';
import { usePublicClient } from 'wagmi';
import { executeSteps, type TxClients } from '@eterno/protocol/tx/execute';
import { TxRefusedError } from '@eterno/protocol/tx/errors';
import type { TxStep } from '@eterno/protocol/tx/steps';
import { refreshChainReads } from '../chain/useBlockRead.ts';
import { toasts as defaultToasts, type ToastStore } from '../components/toast/toast.ts';
import { getConfig } from '../config.ts';
import { useWallet } from '../shell/walletContext.ts';
import { activations, markBusy } from './busyButton.ts';
import { createTxClients } from './txClients.ts';
import { advance, currentHash, errorKey, failed, IDLE, started, type TxState } from './txState.ts';
import { stepLabel, TX_NAMESPACES } from './stepLabel.ts';

export type TxOutcome = 'confirmed' | 'failed' | 'refused';

export type Transaction = {
  readonly state: TxState;
  readonly busy: boolean;
  /**
   * Plans and runs a write: `plan` builds the steps (and throws e.g. INSUFFICIENT_BALANCE before
   * anything is sent), then each step is simulated, sent and awaited; figures refresh on
   * confirmation. Never throws: the outcome is returned and shown in `state` and a toast.
   */
  run(plan: () => readonly TxStep[]): Promise<TxOutcome>;
  reset(): void;
};

export type TransactionDeps = {
  /** Builds the clients; the signed-in wallet and the app's RPC by default. */
  clients?: () => TxClients;
  toasts?: ToastStore;
  onConfirmed?: () => Promise<void> | void;
};

/** The one transaction pattern of the app (simulate → send → toast with hash → wait → refresh). */
export function useTransaction(deps: TransactionDeps = {}): Transaction {
  const { t } = useTranslation(TX_NAMESPACES);
  const wallet = useWallet();
  const publicClient = usePublicClient();
  const [state, setState] = useState<TxState>(IDLE);
  const running = useRef(false);
  const store = deps.toasts ?? defaultToasts;

  const run = useCallback(
    async (plan: () => readonly TxStep[]): Promise<TxOutcome> => {
      if (running.current) return 'failed';
      running.current = true;
      const releaseButton = markBusy(activations?.lastButton() ?? null);
      let current: TxState = IDLE;
      let toastId: number | undefined;
      const update = (next: TxState) => {
        current = next;
        setState(next);
      };
      const notify = (tone: 'info' | 'success' | 'error', message: string) => {
        const hash = currentHash(current);
        toastId = store.show({
          ...(toastId !== undefined ? { id: toastId } : {}),
          tone,
          message,
          ...(hash ? { hash } : {}),
        });
      };
      const label = (next: TxState) => {
        const step = next.steps[next.stepIndex];
        return step ? stepLabel(t, step) : '';
      };
      try {
        const steps = plan();
        update(started(steps));
        const clients =
          deps.clients?.() ??
          createTxClients({
            provider: wallet.provider as EIP1193Provider,
            account: wallet.account,
            publicClient: publicClient as NonNullable<typeof publicClient>,
            rpcUrl: getConfig().rpcUrl,
          });
        await executeSteps(steps, clients, (event) => {
          update(advance(current, event));
          if (event.phase === 'signing')
            notify('info', t('tx:notice', { label: label(current), status: t('common:submitting') }));
          if (event.phase === 'pending')
            notify('info', t('tx:notice', { label: label(current), status: t('common:confirming') }));
        });
        notify('success', t('tx:notice', { label: label(current), status: t('common:submitted') }));
        await refreshChainReads();
        await deps.onConfirmed?.();
        return 'confirmed';
      } catch (error) {
        const outcome = failed(current, error);
        update(outcome);
        // The toast tells what the steps card tells: the refusal as failed() read it (an expired
        // purchase, a vault cap), not the raw simulation error.
        const { code, params } = errorKey(outcome.error);
        notify('error', t(`errors:${code}`, params));
        return error instanceof TxRefusedError ? 'refused' : 'failed';
      } finally {
        releaseButton();
        running.current = false;
      }
    },
    [deps, publicClient, store, t, wallet],
  );

  return {
    state,
    busy: state.phase === 'simulating' || state.phase === 'signing' || state.phase === 'pending',
    run,
    reset: () => setState(IDLE),
  };
}
