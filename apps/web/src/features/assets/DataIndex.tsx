import { useTranslation } from 'react-i18next';
import type { VaultTokenStats } from '../../api/vaultStats.ts';
import { BlockChip } from '../../components/BlockChip.tsx';
import { ReadErrorCard } from '../../components/ReadErrorCard.tsx';
import { TokenIcon } from '../../components/TokenIcon.tsx';
import { tokenAmountText } from '../../components/tokenAmountText.ts';
import { readErrorText } from '../../chain/readErrorText.ts';
import { coverage } from './coverage.ts';
import { useVaultHoldings, useVaultStats } from './useDataIndex.ts';
import './assets.css';

function Figure({ label, value, testId }: { label: string; value: string | null; testId: string }) {
  return (
    <div className="data-figure">
      <dt>{label}</dt>
      <dd data-testid={testId} aria-busy={value === null}>
        {value ?? <span className="skeleton data-skeleton" aria-hidden="true" />}
      </dd>
    </div>
  );
}

/** `holdings` undefined while it loads, null when it could not be read (shown as "—", never 0). */
function TokenCard({ stats, holdings }: { stats: VaultTokenStats; holdings: bigint | null | undefined }) {
  const { t } = useTranslation('dataIndex');
  const amount = (value: bigint) => `${tokenAmountText(value, stats.symbol)} ${stats.symbol}`;
  const cover = holdings === undefined || holdings === null ? null : coverage(holdings, stats.liabilities);
  return (
    <li className="data-token" data-testid={`data-token-${stats.symbol}`}>
      <header className="data-token-head">
        <TokenIcon symbol={stats.symbol} />
        <h3>{stats.symbol}</h3>
        {cover ? (
          <span
            className={cover.covered ? 'chip data-covered' : 'chip data-short'}
            data-testid={`coverage-${stats.symbol}`}
            data-covered={String(cover.covered)}
          >
            {cover.covered
              ? t('covered')
              : t('notCovered', { amount: tokenAmountText(cover.shortfall, stats.symbol), token: stats.symbol })}
          </span>
        ) : null}
      </header>
      <dl className="data-figures">
        <Figure label={t('deposited')} value={amount(stats.deposited)} testId={`deposited-${stats.symbol}`} />
        <Figure label={t('withdrawn')} value={amount(stats.withdrawn)} testId={`withdrawn-${stats.symbol}`} />
        <Figure label={t('liabilities')} value={amount(stats.liabilities)} testId={`liabilities-${stats.symbol}`} />
        <Figure label={t('reserved')} value={amount(stats.reserved)} testId={`reserved-${stats.symbol}`} />
        <Figure
          label={t('holdings')}
          value={holdings === undefined ? null : holdings === null ? '—' : amount(holdings)}
          testId={`holdings-${stats.symbol}`}
        />
      </dl>
    </li>
  );
}

/**
 * `/assets/data` (spec: Assets › data index): the vault's users, deposits and withdrawals per token
 * and what the ledger owes (GET /vault/stats), beside the vault's holdings read on chain, and
 * whether they cover it.
 */
export default function DataIndex() {
  const { t } = useTranslation(['dataIndex', 'common', 'errors']);
  const tt = t as (key: string) => string;
  const stats = useVaultStats();
  const holdings = useVaultHoldings(stats.data?.tokens);
  const statsFailure = stats.error && !stats.data ? readErrorText(stats.error, tt, 'dataIndex:loadError') : null;
  const holdingsFailure =
    holdings.error && !holdings.data ? readErrorText(holdings.error, tt, 'dataIndex:holdingsError') : null;

  return (
    <section className="data-index" aria-busy={!stats.data && !statsFailure}>
      <header className="card-heading">
        <h2>{t('title')}</h2>
        {holdings.data ? <BlockChip blockNumber={holdings.data.blockNumber} /> : null}
      </header>
      <p className="data-intro">{t('intro')}</p>
      {statsFailure ? (
        <ReadErrorCard failure={statsFailure} onRetry={stats.retry} />
      ) : (
        <dl className="data-summary">
          <Figure label={t('users')} value={stats.data ? stats.data.users.toString() : null} testId="data-users" />
          <Figure
            label={t('ledgerBlock')}
            value={stats.data ? `#${stats.data.blockNumber.toString()}` : null}
            testId="data-ledger-block"
          />
        </dl>
      )}
      {holdingsFailure && stats.data ? <ReadErrorCard failure={holdingsFailure} onRetry={holdings.retry} /> : null}
      {stats.data && stats.data.tokens.length === 0 ? <p className="data-intro">{t('noTokens')}</p> : null}
      {stats.data ? (
        <ul className="data-tokens">
          {stats.data.tokens.map((token) => (
            <TokenCard
              key={token.token}
              stats={token}
              holdings={holdingsFailure ? null : holdings.data?.byToken.get(token.token.toLowerCase())}
            />
          ))}
        </ul>
      ) : null}
    </section>
  );
}
