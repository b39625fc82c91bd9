import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { FinanceCatalogue, FinanceRounds } from '../../api/finance.ts';
import { ReadErrorCard } from '../../components/ReadErrorCard.tsx';
import { readErrorText } from '../../chain/readErrorText.ts';
import { formatDateTime } from '../../i18n/dateTime.ts';
import { usdtText } from './format.ts';
import { PackageCard } from './PackageCard.tsx';
import './finance.css';

export type BuyViewProps = {
  catalogue: { data: FinanceCatalogue | undefined; error: unknown; retry: () => void };
  /** The allotment rounds, for the link to the rights issue (undefined while unknown). */
  rounds: FinanceRounds | undefined;
};

/** Finance › buy (`/finance/overview`): the catalogue in force and the way to the allotment round. */
export function BuyView({ catalogue, rounds }: BuyViewProps) {
  const { t, i18n } = useTranslation(['finance', 'errors']);
  const { data, error, retry } = catalogue;
  return (
    <section className="finance-screen" data-testid="finance-buy" aria-busy={!data && !error}>
      <header className="card-heading">
        <h2>{t('finance:buy.title')}</h2>
      </header>
      <p className="finance-note">{t('finance:buy.intro')}</p>
      <Link className="finance-card round-link" to="/finance/rights-issue" data-testid="round-link">
        <span className="round-link-title">{t('finance:buy.round')}</span>
        <span className="round-link-hint">
          {rounds
            ? t('finance:buy.roundHint', { quota: usdtText(rounds.next.quota), queue: rounds.next.queueLength })
            : '…'}
        </span>
        <span aria-hidden="true" className="round-link-arrow">
          ›
        </span>
      </Link>
      {error && !data ? (
        <ReadErrorCard
          failure={readErrorText(error, t as (key: string) => string, 'finance:loadError')}
          onRetry={retry}
        />
      ) : data ? (
        data.packages.length === 0 ? (
          <p className="finance-empty">{t('finance:buy.none')}</p>
        ) : (
          <>
            {data.registered === false ? (
              <p className="finance-note" role="note" data-testid="buy-unregistered">
                {t('finance:buy.unregistered')}
              </p>
            ) : null}
            <ul className="package-list">
              {data.packages.map((pkg) => (
                <PackageCard key={pkg.id} pkg={pkg} unregistered={data.registered === false} />
              ))}
            </ul>
            {data.effectiveFrom > 0 ? (
              // 0 is "since the start" (the first settings version): no date to show, never Jan 1, 1970.
              <p className="finance-note" data-testid="settings-from">
                {t('finance:buy.settingsFrom', { time: formatDateTime(data.effectiveFrom, i18n.language) })}
              </p>
            ) : null}
          </>
        )
      ) : (
        <div className="finance-loading" data-testid="finance-loading">
          <span className="skeleton skeleton-card" />
          <span className="skeleton skeleton-card" />
        </div>
      )}
    </section>
  );
}
