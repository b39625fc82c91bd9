import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAmount, formatScaled12, formatTokenAmount } from '@eterno/protocol/amount';
import type { TokenSymbol } from '@eterno/protocol/domain';
import type { MarketView } from '@eterno/protocol/market';
import type { Priced } from '@eterno/protocol/pair';
import type { BlockRead } from '../../chain/useBlockRead.ts';
import { readErrorText } from '../../chain/readErrorText.ts';
import { BlockChip } from '../../components/BlockChip.tsx';
import { TokenIcon } from '../../components/TokenIcon.tsx';
import { useMarket } from './useMarket.ts';
import '../assets/assets.css';
import './home.css';
import { ReadErrorCard } from '../../components/ReadErrorCard.tsx';

const amount = (value: bigint, token: TokenSymbol) => formatTokenAmount(value, token, { grouping: true });

/** A figure, or a skeleton of its place while the first block's figures load. */
function Figure({ testId, value, className = 'figure' }: { testId: string; value: string | null; className?: string }) {
  return value === null ? (
    <span className={`skeleton ${className}-skeleton`} data-testid={testId} aria-busy="true" />
  ) : (
    <span className={className} data-testid={testId}>
      {value}
    </span>
  );
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
  const noLiquidity = t('noLiquidity');
  const price = (p: Priced<bigint> | undefined) =>
    p === undefined ? null : p.kind === 'value' ? formatScaled12(p.value) : noLiquidity;

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
              value={usdtValue ? `${amount(usdtValue.total, 'USDT')} USDT` : null}
              className="value-total"
            />
          </div>
          <dl>
            <StatRow label={t('value.usdtOnChain')}>
              <Figure testId="value-usdt-onchain" value={usdtValue ? amount(usdtValue.onChain, 'USDT') : null} />
            </StatRow>
            {usdtValue && usdtValue.declared > 0n ? (
              <StatRow
                label={
                  <>
                    <DeclaredTag /> {t('value.usdtDeclared')}
                  </>
                }
              >
                <Figure testId="value-usdt-declared" value={amount(usdtValue.declared, 'USDT')} />
              </StatRow>
            ) : null}
          </dl>
        </div>
        <div className="value-block">
          <div className="value-head">
            <span>{t('value.etro')}</span>
            <Figure
              testId="value-etro-total"
              value={etroValue === undefined ? null : etro ? `${amount(etro.total, 'USDT')} USDT` : noLiquidity}
              className={etroValue?.kind === 'noLiquidity' ? 'price-none' : 'value-total'}
            />
          </div>
          {etro ? (
            <dl>
              <StatRow label={t('value.etroOnChain', { supply: amount(etro.totalSupply, 'ETRO') })}>
                <Figure testId="value-etro-onchain" value={amount(etro.onChain, 'USDT')} />
              </StatRow>
              {etro.declaredEtro > 0n ? (
                <StatRow
                  label={
                    <>
                      <DeclaredTag /> {t('value.etroDeclared', { amount: amount(etro.declaredEtro, 'ETRO') })}
                    </>
                  }
                >
                  <Figure testId="value-etro-declared" value={amount(etro.declared, 'USDT')} />
                </StatRow>
              ) : null}
            </dl>
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
                  value={reserve ? `${amount(reserve.reserve, 'ETRO')} ETRO` : null}
                />
                <span className="reserve-label">{t('staking.available')}</span>
                <Figure
                  testId={`staking-${pool}-available`}
                  value={reserve ? `${amount(reserve.available, 'ETRO')} ETRO` : null}
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
  if (!farm) return <span className="skeleton figure-skeleton" aria-busy="true" />;
  // Progress in basis points for the bar's width: bigint division, a CSS percentage from it.
  const bps = farm.totalEmission === 0n ? 0n : (farm.emitted * 10_000n) / farm.totalEmission;
  return (
    <div className="emission">
      <div
        className="emission-bar"
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={10_000}
        aria-valuenow={Number(bps)}
      >
        <span style={{ width: `${formatAmount(bps, 2)}%` }} />
      </div>
      <p data-testid="farm-emitted">
        {t('farm.emitted', { emitted: amount(farm.emitted, 'ETRO'), total: amount(farm.totalEmission, 'ETRO') })}
      </p>
    </div>
  );
}

export default function EternoHome() {
  return <EternoHomeView read={useMarket()} />;
}
