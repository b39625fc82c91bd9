import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatTokenAmount } from '@eterno/protocol/amount';
import { readErrorText } from '../../chain/readErrorText.ts';
import { useWallet } from '../../shell/walletContext.ts';
import { TokenIcon } from '../../components/TokenIcon.tsx';
import { BlockChip } from '../../components/BlockChip.tsx';
import { LiquidityLink } from '../liquidity/LiquidityLink.tsx';
import { detailPath, OVERVIEW_SYMBOLS } from './overviewTokens.ts';
import { useOverviewBalances } from './useOverviewBalances.ts';
import './assets.css';
import { ReadErrorCard } from '../../components/ReadErrorCard.tsx';

function errorText(error: unknown, t: (key: string) => string): { message: string; detail: string } {
  return readErrorText(error, t, 'screens:assets.overview.loadError');
}

export default function AssetsOverview() {
  const { t } = useTranslation(['screens', 'common', 'errors']);
  const { account } = useWallet();
  const { data, error, loading, retry } = useOverviewBalances(account);
  const failure = error && !data ? errorText(error, t as (key: string) => string) : null;

  return (
    <section className="assets-overview" aria-busy={loading}>
      <header className="card-heading">
        <h2>{t('assets.overview.title')}</h2>
        {data ? <BlockChip blockNumber={data.blockNumber} /> : null}
      </header>

      {failure ? (
        <ReadErrorCard failure={failure} onRetry={retry} />
      ) : (
        <ul className="balance-list">
          {OVERVIEW_SYMBOLS.map((symbol) => {
            const row = data?.rows.find((candidate) => candidate.symbol === symbol);
            return (
              <li key={symbol}>
                <Link
                  className="balance-row"
                  to={detailPath(symbol)}
                  data-testid={`balance-${symbol}`}
                  aria-busy={!row}
                >
                  <TokenIcon symbol={symbol} />
                  <span className="balance-symbol">
                    {symbol}
                    {symbol === 'FON' ? <small>{t('assets.overview.native')}</small> : null}
                  </span>
                  {row ? (
                    <span className="balance-amount">{formatTokenAmount(row.value, symbol, { grouping: true })}</span>
                  ) : (
                    <span className="skeleton balance-skeleton" aria-hidden="true" />
                  )}
                  <span className="chevron" aria-hidden="true">
                    ›
                  </span>
                </Link>
                {symbol === 'EULP' ? <LiquidityLink pair="EULP" inRow /> : null}
              </li>
            );
          })}
        </ul>
      )}
      {error && data ? (
        <p className="stale-note" role="status">
          {errorText(error, t as (key: string) => string).message}
        </p>
      ) : null}

      <div className="assets-actions">
        <Link className="button button-primary assets-swap" to="/assets/swap">
          {t('assets.overview.swap')}
        </Link>
        <Link className="button assets-exchange" to="/finance/exchange" data-testid="assets-exchange">
          {t('assets.overview.exchange')}
        </Link>
      </div>
    </section>
  );
}
