import { useTranslation } from 'react-i18next';
import type { LockProgress } from '@eterno/protocol/lock/lockProgress';
import { TxProgress } from '../../tx/TxProgress.tsx';
import type { Transaction } from '../../tx/useTransaction.ts';
import { formatDateTime } from '../../i18n/dateTime.ts';
import { percentText, tokenText } from '../swap/format.ts';
import './lock.css';

/**
 * The lock balance (LockLedger): locked, claimable, the release progress and when everything is
 * released, and Claim (pays every released ETRO less the claim fee, both shown before the user signs).
 * Figures from the same read as the screen's panel; `emptyNote` says where locked ETRO comes from on
 * that screen (shown while nothing was ever credited).
 */
export function LockCard({
  lock,
  emptyNote,
  tx,
  onClaim,
}: {
  lock: LockProgress | undefined;
  emptyNote: string;
  tx: Pick<Transaction, 'state' | 'busy'>;
  onClaim: (claimable: bigint) => void;
}) {
  const { t, i18n } = useTranslation('lock');
  const etro = (value: bigint) => `${tokenText(value, 'ETRO')} ETRO`;
  const percent = lock ? percentText(lock.progressBps) : '0';

  return (
    <section className="lock-card" data-testid="lock-card" aria-busy={lock === undefined}>
      <h3>{t('title')}</h3>
      <dl className="figure-list">
        <div>
          <dt>{t('locked')}</dt>
          <dd data-testid="lock-locked">{lock ? etro(lock.locked) : <span className="skeleton lock-skeleton" />}</dd>
        </div>
        <div>
          <dt>{t('claimable')}</dt>
          <dd data-testid="lock-claimable">
            {lock ? etro(lock.claimable) : <span className="skeleton lock-skeleton" />}
          </dd>
        </div>
      </dl>
      {lock && lock.credited > 0n ? (
        <>
          <div
            className="lock-bar"
            role="progressbar"
            aria-label={t('released')}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Number(lock.progressBps) / 100}
            data-testid="lock-progress"
          >
            <span style={{ width: `${percent}%` }} />
          </div>
          <p className="lock-note" data-testid="lock-released">
            {t('progress', { percent, credited: tokenText(lock.credited, 'ETRO') })}
          </p>
          {lock.allReleasedAt !== null ? (
            <p className="lock-note">{t('fullyAt', { time: formatDateTime(lock.allReleasedAt, i18n.language) })}</p>
          ) : null}
          {lock.claimed > 0n ? (
            <p className="lock-note">{t('claimed', { amount: tokenText(lock.claimed, 'ETRO') })}</p>
          ) : null}
          {lock.claimable > 0n ? (
            <p className="lock-note lock-claim-quote" data-testid="lock-claim-quote">
              {t('claimQuote', {
                amount: tokenText(lock.claimable, 'ETRO'),
                fee: tokenText(lock.claimFee, 'ETRO'),
                receive: tokenText(lock.claimReceive, 'ETRO'),
              })}
            </p>
          ) : null}
        </>
      ) : lock ? (
        <p className="lock-note">{emptyNote}</p>
      ) : null}
      <button
        type="button"
        className="button button-primary lock-claim"
        data-testid="lock-claim"
        disabled={!lock || lock.claimable === 0n || tx.busy}
        onClick={() => lock && onClaim(lock.claimable)}
      >
        {t('claim')}
      </button>
      <TxProgress tx={tx} />
    </section>
  );
}
