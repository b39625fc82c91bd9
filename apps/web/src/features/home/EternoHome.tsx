import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DISPLAY_DIGITS, formatAmount } from '@eterno/protocol/amount';
import type { TokenSymbol } from '@eterno/protocol/domain';
import { figureAmount, figurePrice, type FigureLocale, type FigureText as FigureValue } from '@eterno/protocol/figure';
import type { MarketView } from '@eterno/protocol/market';
import type { Priced } from '@eterno/protocol/pair';
import type { BlockRead } from '../../chain/useBlockRead.ts';
import { readErrorText } from '../../chain/readErrorText.ts';
import { BlockChip } from '../../components/BlockChip.tsx';
import { TokenIcon } from '../../components/TokenIcon.tsx';
import { FigureText, useFigureLocale } from '../../components/FigureText.tsx';
import { useMarket } from './useMarket.ts';
import '../assets/assets.css';
import './home.css';
import { ReadErrorCard } from '../../components/ReadErrorCard.tsx';

/** A token amount as a figure that fits a phone line: 2 decimals from 1,000, compact from a million. */
const amountFigure = (value: bigint, token: TokenSymbol, locale: FigureLocale) =>
  figureAmount(value, locale, { digits: DISPLAY_DIGITS[token] });

/**
 * A figure (shortened to fit, the exact value on tap), a plain text (e.g. "No liquidity"), or a
 * skeleton of its place while the first block's figures load.
 */
function Figure({
  testId,
  value,
  suffix,
  className = 'figure',
  align,
}: {
  testId: string;
  value: FigureValue | string | null;
  suffix?: string;
  className?: string;
  align?: 'start' | 'end';
}) {
  if (value === null)
    return <span className={`skeleton ${className}-skeleton`} data-testid={testId} aria-busy="true" />;
  if (typeof value === 'string') {
    return (
      <span className={className} data-testid={testId}>
        {value}
      </span>
    );
  }
  return <FigureText figure={value} suffix={suffix} className={className} testId={testId} align={align} />;
}

function StatRow({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <div className="stat-row">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function DeclaredTag() {
  const { t } = useTranslation('home');
  return <span className="declared-tag">{t('value.declaredTag')}</span>;
}

/** Home › ETERNO as it renders a read: the figures, skeletons while loading, an error card with retry. */
export function EternoHomeView({ read }: { read: BlockRead<MarketView> }) {
  const { t } = useTranslation(['home', 'common', 'errors']);
  const { data, error, loading, retry } = read;
  const tt = t as (key: string) => string;
  const failure = error && !data ? readErrorText(error, tt, 'home:loadError') : null;
  const locale = useFigureLocale();
  const amount = (value: bigint, token: TokenSymbol) => amountFigure(value, token, locale);
  const noLiquidity = t('noLiquidity');
  const price = (p: Priced<bigint> | undefined): FigureValue | string | null =>
    p === undefined ? null : p.kind === 'value' ? figurePrice(p.value) : noLiquidity;

  if (failure) {
    return (
      <section className="home-eterno">
        <Heading data={data} />
        <ReadErrorCard failure={failure} onRetry={retry} />
      </section>
    );
  }

  const usdtValue = data?.usdtValue;
  const etroValue = data?.etroValue;
  const etro = etroValue?.kind === 'value' ? etroValue.value : null;

  return (
    <section className="home-eterno" aria-busy={loading}>
      <Heading data={data} />

      <div className="price-grid">
        {(['ETRO', 'FON'] as const).map((token) => {
          const p = token === 'ETRO' ? data?.etroPrice : data?.fonPrice;
          return (
            <article key={token} className="price-tile">
              <header>
                <TokenIcon symbol={token} />
                <span>{t(token === 'ETRO' ? 'price.etro' : 'price.fon')}</span>
              </header>
              <Figure
                testId={`price-${token}`}
                value={price(p)}
                className={p?.kind === 'noLiquidity' ? 'price-none' : 'price-value'}
                align="start"
              />
              <small>{p?.kind === 'noLiquidity' ? t('noLiquidityHint') : t('price.unit', { token })}</small>
              <small className="price-source">
                {t('price.source', { pair: token === 'ETRO' ? 'EULP' : 'WFON/USDT' })}
              </small>
            </article>
          );
        })}
      </div>

      <article className="stat-card">
        <h3>{t('lp.title')}</h3>
        <dl>
          <StatRow label={t('lp.totalSupply')}>
            <Figure testId="lp-totalSupply" value={data ? amount(data.lp.totalSupply, 'EULP') : null} />
          </StatRow>
          <StatRow label={t('lp.usdtReserve')}>
            <Figure testId="lp-usdtReserve" value={data ? amount(data.lp.usdtReserve, 'USDT') : null} />
          </StatRow>
          <StatRow label={t('lp.etroReserve')}>
            <Figure testId="lp-etroReserve" value={data ? amount(data.lp.etroReserve, 'ETRO') : null} />
          </StatRow>
          <StatRow label={t('lp.etroPerLp')}>
            <Figure testId="lp-etroPerLp" value={price(data?.lp.etroPerLp)} />
          </StatRow>
        </dl>
      </article>

      <article className="stat-card">
        <h3>{t('value.title')}</h3>
        <div className="value-block">
          <div className="value-head">
            <span>{t('value.usdt')}</span>
            <Figure
              testId="value-usdt-total"
              value={usdtValue ? amount(usdtValue.total, 'USDT') : null}
              suffix="USDT"
              className="value-total"
            />
          </div>
          {usdtValue && usdtValue.declared > 0n ? (
            <dl>
              <StatRow label={t('value.usdtOnChain')}>
                <Figure testId="value-usdt-onchain" value={amount(usdtValue.onChain, 'USDT')} />
              </StatRow>
              <StatRow
                label={
                  <>
                    <DeclaredTag /> {t('value.usdtDeclared')}
                  </>
                }
              >
                <Figure testId="value-usdt-declared" value={amount(usdtValue.declared, 'USDT')} />
              </StatRow>
            </dl>
          ) : (
            <p className="value-basis" data-testid="value-usdt-basis">
              {t('value.usdtOnChain')}
            </p>
          )}
        </div>
        <div className="value-block">
          <div className="value-head">
            <span>{t('value.etro')}</span>
            <Figure
              testId="value-etro-total"
              value={etroValue === undefined ? null : etro ? amount(etro.total, 'USDT') : noLiquidity}
              suffix={etro ? 'USDT' : undefined}
              className={etroValue?.kind === 'noLiquidity' ? 'price-none' : 'value-total'}
            />
          </div>
          {etro && etro.declaredEtro > 0n ? (
            <dl>
              <StatRow label={t('value.etroOnChain', { supply: amount(etro.totalSupply, 'ETRO').text })}>
                <Figure testId="value-etro-onchain" value={amount(etro.onChain, 'USDT')} />
              </StatRow>
              <StatRow
                label={
                  <>
                    <DeclaredTag /> {t('value.etroDeclared', { amount: amount(etro.declaredEtro, 'ETRO').text })}
                  </>
                }
              >
                <Figure testId="value-etro-declared" value={amount(etro.declared, 'USDT')} />
              </StatRow>
            </dl>
          ) : etro ? (
            <p className="value-basis" data-testid="value-etro-basis">
              {t('value.etroOnChain', { supply: amount(etro.totalSupply, 'ETRO').text })}
            </p>
          ) : etroValue === undefined ? (
            // The basis line's place while it loads: the card keeps its height when the figures arrive.
            <p className="value-basis" aria-hidden="true">
              <span className="skeleton label-skeleton">&nbsp;</span>
            </p>
          ) : null}
        </div>
        {(usdtValue && usdtValue.declared > 0n) || (etro && etro.declaredEtro > 0n) ? (
          <p className="declared-note">{t('value.declaredNote')}</p>
        ) : null}
      </article>

      <article className="stat-card">
        <h3>{t('staking.title')}</h3>
        <p className="card-hint">{t('staking.hint')}</p>
        <div className="reserve-grid">
          {(['ETRO', 'EULP'] as const).map((pool) => {
            const reserve = data?.staking[pool];
            return (
              <div key={pool} className="reserve-tile">
                <span className="reserve-pool">
                  <TokenIcon symbol={pool} />
                  {t('staking.pool', { token: pool })}
                </span>
                <span className="reserve-label">{t('staking.reserve')}</span>
                <Figure
                  testId={`staking-${pool}-reserve`}
                  value={reserve ? amount(reserve.reserve, 'ETRO') : null}
                  suffix="ETRO"
                  align="start"
                />
                <span className="reserve-label">{t('staking.available')}</span>
                <Figure
                  testId={`staking-${pool}-available`}
                  value={reserve ? amount(reserve.available, 'ETRO') : null}
                  suffix="ETRO"
                  align="start"
                />
              </div>
            );
          })}
        </div>
      </article>

      <article className="stat-card">
        <h3>{t('farm.title')}</h3>
        <FarmEmission farm={data?.farm} />
      </article>

      {error && data ? (
        <p className="stale-note" role="status">
          {readErrorText(error, tt, 'home:loadError').message}
        </p>
      ) : null}
    </section>
  );
}

function Heading({ data }: { data: MarketView | undefined }) {
  const { t } = useTranslation('home');
  return (
    <header className="home-heading">
      <div className="card-heading">
        <h2>{t('title')}</h2>
        {data ? <BlockChip blockNumber={data.blockNumber} /> : null}
      </div>
      <p>{t('subtitle')}</p>
    </header>
  );
}

function FarmEmission({ farm }: { farm: MarketView['farm'] | undefined }) {
  const { t } = useTranslation('home');
  const locale = useFigureLocale();
  if (!farm) return <span className="skeleton figure-skeleton" aria-busy="true" />;
  // Progress in basis points for the bar's width: bigint division, a CSS percentage from it.
  const bps = farm.totalEmission === 0n ? 0n : (farm.emitted * 10_000n) / farm.totalEmission;
  return (
    <div className="emission">
      <div
        className="emission-bar"
        role="progressbar"
        aria-label={t('farm.title')}
        aria-valuemin={0}
        aria-valuemax={10_000}
        aria-valuenow={Number(bps)}
      >
        <span style={{ width: `${formatAmount(bps, 2)}%` }} />
      </div>
      <p data-testid="farm-emitted">
        {t('farm.emitted', {
          emitted: amountFigure(farm.emitted, 'ETRO', locale).text,
          total: amountFigure(farm.totalEmission, 'ETRO', locale).text,
        })}
      </p>
    </div>
  );
}

export default function EternoHome() {
  return <EternoHomeView read={useMarket()} />;
}
