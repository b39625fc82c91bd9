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

/**
 * One token's figures, all at the server's block; `chain` is the vault's balance the app read itself at
 * that block (undefined while it loads, null when it could not be read): the server's holdings are
 * marked as matching it or not.
 */
function TokenCard({ stats, chain }: { stats: VaultTokenStats; chain: bigint | null | undefined }) {
  const { t } = useTranslation('dataIndex');
  const amount = (value: bigint) => `${tokenAmountText(value, stats.symbol)} ${stats.symbol}`;
  const cover = coverage(stats.freeReserve);
  const free = stats.freeReserve < 0n ? `−${amount(-stats.freeReserve)}` : amount(stats.freeReserve);
  return (
    <li className="data-token" data-testid={`data-token-${stats.symbol}`}>
      <header className="data-token-head">
        <TokenIcon symbol={stats.symbol} />
        <h3>{stats.symbol}</h3>
        <span
          className={cover.covered ? 'chip data-covered' : 'chip data-short'}
          data-testid={`coverage-${stats.symbol}`}
          data-covered={String(cover.covered)}
        >
          {cover.covered
            ? t('covered')
            : t('notCovered', { amount: tokenAmountText(cover.shortfall, stats.symbol), token: stats.symbol })}
        </span>
      </header>
      <dl className="data-figures">
        <Figure label={t('holdings')} value={amount(stats.holdings)} testId={`holdings-${stats.symbol}`} />
        <Figure label={t('liabilities')} value={amount(stats.liabilities)} testId={`liabilities-${stats.symbol}`} />
        <Figure label={t('openVouchers')} value={amount(stats.openVouchers)} testId={`vouchers-${stats.symbol}`} />
        <Figure label={t('unexpiredQuotes')} value={amount(stats.unexpiredQuotes)} testId={`quotes-${stats.symbol}`} />
        <Figure label={t('freeReserve')} value={free} testId={`free-${stats.symbol}`} />
        <Figure label={t('exchangeBudget')} value={amount(stats.exchangeBudget)} testId={`budget-${stats.symbol}`} />
        <Figure label={t('deposited')} value={amount(stats.deposited)} testId={`deposited-${stats.symbol}`} />
        <Figure label={t('withdrawn')} value={amount(stats.withdrawn)} testId={`withdrawn-${stats.symbol}`} />
      </dl>
      <p
        className={
          chain !== undefined && chain !== null && chain !== stats.holdings ? 'data-check data-short' : 'data-check'
        }
        data-testid={`chain-check-${stats.symbol}`}
        data-match={chain === undefined || chain === null ? undefined : String(chain === stats.holdings)}
      >
        {chain === undefined
          ? t('chainChecking')
          : chain === null
            ? t('chainUnread')
            : chain === stats.holdings
              ? t('chainMatches')
              : t('chainDiffers', { amount: amount(chain) })}
      </p>
    </li>
  );
}

/**
 * `/assets/data` (spec: Assets › data index): the vault's users, and per token its holdings, what the
 * ledger owes (liabilities), the open vouchers, the unexpired quotes, the free reserve and the exchange
 * budget, all at one indexed block (GET /vault/stats), whether the holdings cover the rest, and the
 * app's own read of the holdings on chain at that block.
 */
export default function DataIndex() {
  const { t } = useTranslation(['dataIndex', 'common', 'errors']);
  const tt = t as (key: string) => string;
  const stats = useVaultStats();
  const holdings = useVaultHoldings(stats.data?.tokens, stats.data?.blockNumber);
  const statsFailure = stats.error && !stats.data ? readErrorText(stats.error, tt, 'dataIndex:loadError') : null;
  const holdingsFailure =
    holdings.error && !holdings.data ? readErrorText(holdings.error, tt, 'dataIndex:holdingsError') : null;

  return (
    <section className="data-index" aria-busy={!stats.data && !statsFailure}>
      <header className="card-heading">
        <h2>{t('title')}</h2>
        {stats.data ? <BlockChip blockNumber={stats.data.blockNumber} /> : null}
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
              chain={
                holdingsFailure
                  ? null
                  : holdings.data?.blockNumber === stats.data?.blockNumber
                    ? holdings.data?.byToken.get(token.token.toLowerCase())
                    : undefined
              }
            />
          ))}
        </ul>
      ) : null}
      {stats.data ? <p className="data-invariant">{t('invariant')}</p> : null}
    </section>
  );
}
