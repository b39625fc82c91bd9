import { useTranslation } from 'react-i18next';
import type { AprFigure } from '@eterno/protocol/farm/apr';
import type { FarmPoolView } from '@eterno/protocol/farm/readFarm';
import { figureAmount } from '@eterno/protocol/figure';
import { FigureText, useFigureLocale } from '../../components/FigureText.tsx';
import { TokenIcon } from '../../components/TokenIcon.tsx';
import { LiquidityLink } from '../liquidity/LiquidityLink.tsx';
import { TxProgress } from '../../tx/TxProgress.tsx';
import type { Transaction } from '../../tx/useTransaction.ts';
import { formatBps, formatEtro, formatLp, formatUsdt } from './format.ts';

/** The APR figure: the rate, "> 10,000%" above the cap, "—" when there is none to show. */
function aprText(apr: AprFigure): string {
  if (apr.kind === 'value') return formatBps(apr.bps);
  if (apr.kind === 'capped') return `> ${formatBps(apr.capBps)}`;
  return '—';
}

/** One line under the pool's head saying why its APR is not a plain figure. */
function AprNote({ apr }: { apr: AprFigure }) {
  const { t } = useTranslation('defi');
  if (apr.kind === 'value') return null;
  const text =
    apr.kind === 'capped'
      ? t('pool.aprCapped', { cap: formatBps(apr.capBps) })
      : apr.kind === 'thin'
        ? t('pool.aprThin', { min: formatUsdt(apr.minTvlUsdt) })
        : apr.reason === 'nothingStaked'
          ? t('pool.aprNothingStaked')
          : t('pool.aprNoPrice');
  return (
    <p className="pool-apr-note" data-testid="apr-note">
      {text}
    </p>
  );
}

/**
 * One farm pool: APR, TVL, its share of the emission, the user's staked LP, LP balance and the
 * pending ETRO of this block, with Harvest (disabled while nothing is pending), Stake LP and Retrieve.
 */
export function PoolCard({
  pool,
  harvestTx,
  busy,
  onHarvest,
  onStake,
  onRetrieve,
}: {
  pool: FarmPoolView;
  /** The harvest in progress for this pool, if any (its steps show in the card). */
  harvestTx: Pick<Transaction, 'state'> | null;
  /** A write of the screen is running: no other is started. */
  busy: boolean;
  onHarvest: () => void;
  onStake: () => void;
  onRetrieve: () => void;
}) {
  const { t } = useTranslation('defi');
  const locale = useFigureLocale();
  const titleId = `pool-${pool.symbol}-title`;
  return (
    <article className="farm-card pool" aria-labelledby={titleId} data-testid={`pool-${pool.symbol}`}>
      <header className="pool-head">
        <span className="pair-icons" aria-hidden="true">
          <TokenIcon symbol={pool.pairedWith} />
          <TokenIcon symbol="USDT" />
        </span>
        <span className="pool-name">
          <h3 id={titleId}>{pool.symbol}</h3>
          <small>{t(`pool.pair.${pool.symbol}`)}</small>
        </span>
        <span className="pool-apr">
          <small>{t('pool.apr')}</small>
          <strong data-testid="apr">{aprText(pool.apr)}</strong>
        </span>
      </header>
      <AprNote apr={pool.apr} />

      <dl className="figure-grid pool-stats">
        <div>
          <dt>{t('pool.tvl')}</dt>
          <dd>
            {pool.tvlUsdt === null ? (
              <span data-testid="tvl">{t('pool.noLiquidity')}</span>
            ) : (
              // TVL with 2 decimals (a dollar value), compact from a million; the exact value on tap.
              <FigureText
                figure={figureAmount(pool.tvlUsdt, locale, { digits: 6, shortDigits: 2 })}
                prefix="≈"
                suffix="USDT"
                testId="tvl"
              />
            )}
          </dd>
        </div>
        <div>
          <dt>{t('pool.perBlock')}</dt>
          <dd>{t('pool.perBlockValue', { amount: formatEtro(pool.etroPerBlock) })}</dd>
        </div>
        <div>
          <dt>{t('pool.staked')}</dt>
          <dd data-testid="staked">
            {formatLp(pool.staked)} <small>{pool.symbol}</small>
          </dd>
        </div>
        <div>
          <dt>{t('pool.balance')}</dt>
          <dd data-testid="lp-balance">
            {formatLp(pool.lpBalance)} <small>{pool.symbol}</small>
          </dd>
        </div>
      </dl>
      <LiquidityLink pair={pool.symbol} />

      <div className="pool-pending">
        <span className="pool-pending-text">
          <small>{t('pool.pending')}</small>
          <strong data-testid="pending">{formatEtro(pool.pending)}</strong>
        </span>
        <button
          type="button"
          className="button button-primary"
          disabled={busy || pool.pending === 0n}
          onClick={onHarvest}
        >
          {t('actions.harvest')}
        </button>
      </div>
      {harvestTx ? <TxProgress tx={harvestTx} /> : null}

      <div className="pool-actions">
        <button type="button" className="button" disabled={busy} onClick={onStake}>
          {t('actions.stake')}
        </button>
        <button type="button" className="button" disabled={busy || pool.staked === 0n} onClick={onRetrieve}>
          {t('actions.retrieve')}
        </button>
      </div>
    </article>
  );
}
