import { useTranslation } from 'react-i18next';
import { shortenAddress } from '@eterno/protocol/address';
import type { Transaction } from './useTransaction.ts';
import { stepLabel, TX_NAMESPACES } from './stepLabel.ts';
import { errorKey } from './txState.ts';
import './tx.css';

type StepStatus = 'done' | 'active' | 'waiting' | 'failed';

/**
 * A write's steps under its form: "Step 1 of 2 · Approve USDT ✓", the current one's phase and
 * hash, and the error in the user's language when it failed. Nothing while idle.
 */
export function TxProgress({ tx }: { tx: Pick<Transaction, 'state'> }) {
  const { t } = useTranslation(TX_NAMESPACES);
  const { state } = tx;
  if (state.phase === 'idle') return null;
  const error = state.phase === 'failed' ? errorKey(state.error) : null;
  const statusOf = (index: number): StepStatus => {
    if (index < state.stepIndex || (index === state.stepIndex && state.phase === 'confirmed')) return 'done';
    if (index === state.stepIndex) return state.phase === 'failed' ? 'failed' : 'active';
    return 'waiting';
  };
  const phaseText = (status: StepStatus) => {
    if (status === 'done') return t('tx:phase.mined');
    if (status === 'failed') return t('tx:phase.failed');
    if (status === 'waiting') return t('tx:phase.waiting');
    return t(`tx:phase.${state.phase as 'simulating' | 'signing' | 'pending'}`);
  };
  return (
    <section className="tx-progress" aria-label={t('tx:progress')} data-testid="tx-progress" data-phase={state.phase}>
      <ol>
        {state.steps.map((step, index) => {
          const status = statusOf(index);
          const hash = state.hashes[index];
          return (
            <li key={index} className={`tx-step tx-step-${status}`} data-status={status}>
              <span className="tx-step-dot" aria-hidden="true">
                {status === 'done' ? '✓' : status === 'failed' ? '!' : index + 1}
              </span>
              <span className="tx-step-body">
                <span className="tx-step-title">
                  <small>{t('tx:step', { n: index + 1, m: state.steps.length })}</small> {stepLabel(t, step)}
                </span>
                <span className="tx-step-phase">{phaseText(status)}</span>
                {hash ? (
                  <span className="tx-step-hash" title={hash} data-hash={hash}>
                    {shortenAddress(hash)}
                  </span>
                ) : null}
              </span>
            </li>
          );
        })}
      </ol>
      {error ? (
        <p className="tx-error" role="alert">
          {t(`errors:${error.code}`, error.params)}
        </p>
      ) : null}
    </section>
  );
}
