import { useTranslation } from 'react-i18next';
import { shortenAddress } from '@eterno/protocol/address';
import { TX_NAMESPACES } from '../../tx/stepLabel.ts';
import { errorKey } from '../../tx/txState.ts';
import type { Transaction } from '../../tx/useTransaction.ts';
import type { SeedStep } from './useNftWrites.ts';
import '../../tx/tx.css';

type StepStatus = 'done' | 'active' | 'waiting' | 'failed';

/**
 * One "Reveal" as two steps, like every write's progress: "Step 1 of 2 · Get the seed from the server"
 * (the owner's session), then "Step 2 of 2 · Reveal the rarity" (the transaction's phase and hash);
 * the error of the failed step in the user's language. Nothing while idle.
 */
export function RevealProgress({ seed, tx }: { seed: SeedStep; tx: Pick<Transaction, 'state'> }) {
  const { t } = useTranslation([...TX_NAMESPACES, 'screens']);
  if (seed.phase === 'idle') return null;
  const { state } = tx;
  const first: StepStatus = seed.phase === 'fetching' ? 'active' : seed.phase === 'failed' ? 'failed' : 'done';
  const second: StepStatus =
    seed.phase !== 'fetched' || state.phase === 'idle'
      ? 'waiting'
      : state.phase === 'confirmed'
        ? 'done'
        : state.phase === 'failed'
          ? 'failed'
          : 'active';
  const phaseText = (status: StepStatus, active: string) =>
    status === 'done'
      ? t('tx:phase.mined')
      : status === 'failed'
        ? t('tx:phase.failed')
        : status === 'waiting'
          ? t('tx:phase.waiting')
          : active;
  const failure = seed.phase === 'failed' ? seed.error : state.phase === 'failed' ? state.error : null;
  const error = failure === null ? null : errorKey(failure);
  const hash = state.hashes[0];
  const rows: Array<{ status: StepStatus; label: string; phase: string; hash?: string }> = [
    {
      status: first,
      label: t('screens:ecology.nft.steps.seed'),
      phase: phaseText(first, t('screens:ecology.nft.steps.fetching')),
    },
    {
      status: second,
      label: t('tx:action.nft.reveal'),
      phase: phaseText(second, state.phase === 'idle' ? '' : t(`tx:phase.${state.phase as 'simulating'}`)),
      ...(hash ? { hash } : {}),
    },
  ];
  return (
    <section
      className="tx-progress"
      aria-label={t('tx:progress')}
      data-testid="nft-reveal-progress"
      data-token={seed.tokenId.toString()}
    >
      <ol>
        {rows.map((row, index) => (
          <li key={index} className={`tx-step tx-step-${row.status}`} data-status={row.status}>
            <span className="tx-step-dot" aria-hidden="true">
              {row.status === 'done' ? '✓' : row.status === 'failed' ? '!' : index + 1}
            </span>
            <span className="tx-step-body">
              <span className="tx-step-title">
                <small>{t('tx:step', { n: index + 1, m: rows.length })}</small> {row.label}
              </span>
              <span className="tx-step-phase">{row.phase}</span>
              {row.hash ? (
                <span className="tx-step-hash" title={row.hash} data-hash={row.hash}>
                  {shortenAddress(row.hash)}
                </span>
              ) : null}
            </span>
          </li>
        ))}
      </ol>
      {error ? (
        <p className="tx-error" role="alert">
          {t(`errors:${error.code}`, error.params)}
        </p>
      ) : null}
    </section>
  );
}
