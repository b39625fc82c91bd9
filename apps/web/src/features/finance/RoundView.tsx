import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import type { FinanceRound, FinanceRounds } from '../../api/finance.ts';
import { ReadErrorCard } from '../../components/ReadErrorCard.tsx';
import { readErrorText } from '../../chain/readErrorText.ts';
import { formatDateTime } from '../../i18n/dateTime.ts';
import { clockText, usdtText } from './format.ts';
import './finance.css';

export type RoundWhich = 'current' | 'next';

export type RoundViewProps = {
  which: RoundWhich;
  rounds: { data: FinanceRounds | undefined; error: unknown; retry: () => void };
  /** The chain's time now (unix seconds); null while unknown. */
  now: number | null;
};

/**
 * The rights issue: `/finance/rights-issue` the current round (the last settlement: quota,
 * allotted, the queue before it, my place) and `/finance/rights-issue-new` the next one (what would
 * be allotted if it ran now), both with the time to the next settlement.
 */
export function RoundView({ which, rounds, now }: RoundViewProps) {
  const { t, i18n } = useTranslation(['finance', 'errors']);
  const { data, error, retry } = rounds;
  const round: FinanceRound | null | undefined = data ? (which === 'current' ? data.current : data.next) : undefined;
  const toNext = data && now !== null ? data.next.settlesAt - now : null;
  return (
    <section className="finance-screen" data-testid={`rights-issue-${which}`} aria-busy={!data && !error}>
      <header className="card-heading">
        <h2>{t('finance:rounds.title')}</h2>
      </header>
      <nav className="finance-switch" aria-label={t('finance:rounds.title')}>
        <NavLink to="/finance/rights-issue" end className="finance-switch-item">
          {t('finance:rounds.current')}
        </NavLink>
        <NavLink to="/finance/rights-issue-new" className="finance-switch-item">
          {t('finance:rounds.next')}
        </NavLink>
      </nav>
      {error && !data ? (
        <ReadErrorCard
          failure={readErrorText(error, t as (key: string) => string, 'finance:loadError')}
          onRetry={retry}
        />
      ) : data ? (
        <>
          <div className="finance-card round-clock">
            <span className="finance-note">{t('finance:rounds.timeToNext')}</span>
            <strong data-testid="round-countdown">{toNext === null ? '…' : clockText(toNext)}</strong>
            <span className="finance-note">{formatDateTime(data.next.settlesAt, i18n.language)}</span>
          </div>
          {round === null ? (
            <p className="finance-empty" data-testid="round-none">
              {t('finance:rounds.noneYet')}
            </p>
          ) : round ? (
            <div className="finance-card">
              <dl className="finance-figures" data-testid="round-figures">
                <div>
                  <dt>{which === 'current' ? t('finance:rounds.settledAt') : t('finance:rounds.settlesAt')}</dt>
                  <dd>{formatDateTime(round.settlesAt, i18n.language)}</dd>
                </div>
                <div>
                  <dt>{t('finance:rounds.quota')}</dt>
                  <dd data-testid="round-quota">{usdtText(round.quota)}</dd>
                </div>
                <div>
                  <dt>{which === 'current' ? t('finance:rounds.allotted') : t('finance:rounds.allottedNext')}</dt>
                  <dd data-testid="round-allotted">{usdtText(round.allotted)}</dd>
                </div>
                <div>
                  <dt>{t('finance:rounds.queueLength')}</dt>
                  <dd data-testid="round-queue">
                    {t('finance:rounds.queueValue', { count: round.queueLength, amount: usdtText(round.queueAmount) })}
                  </dd>
                </div>
                {/* The user's place is the queue's now: it belongs to the next round, not to one that already ran. */}
                {which === 'next' ? (
                  <>
                    <div>
                      <dt>{t('finance:rounds.myPlace')}</dt>
                      <dd data-testid="round-my-place">
                        {round.myPlace === null
                          ? t('finance:rounds.notQueued')
                          : t('finance:rounds.myPlaceValue', { place: round.myPlace })}
                      </dd>
                    </div>
                    <div>
                      <dt>{t('finance:rounds.myWaiting')}</dt>
                      <dd>{usdtText(round.myWaiting)}</dd>
                    </div>
                  </>
                ) : null}
              </dl>
            </div>
          ) : null}
          <p className="finance-note">{t('finance:rounds.note')}</p>
          <p className="finance-note">
            {t('finance:rounds.chainTime', { time: formatDateTime(data.now, i18n.language) })}
          </p>
        </>
      ) : (
        <div className="finance-loading" data-testid="finance-loading">
          <span className="skeleton skeleton-card" />
        </div>
      )}
    </section>
  );
}
