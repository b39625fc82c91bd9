import { useTranslation } from 'react-i18next';
import type { FarmPoolView } from '@eterno/protocol/farm/readFarm';
import { TokenIcon } from '../../components/TokenIcon.tsx';
import { TxProgress } from '../../tx/TxProgress.tsx';
import type { Transaction } from '../../tx/useTransaction.ts';
import { formatBps, formatEtro, formatLp, formatUsdt } from './format.ts';

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
  const usdt = (value: bigint | null) =>
    value === null ? t('pool.noLiquidity') : t('pool.usdtValue', { value: formatUsdt(value) });
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
          <strong data-testid="apr" title={pool.aprBps === null ? t('pool.aprHint') : undefined}>
            {pool.aprBps === null ? t('pool.aprNone') : formatBps(pool.aprBps)}
          </strong>
        </span>
      </header>

      <dl className="figure-grid pool-stats">
        <div>
          <dt>{t('pool.tvl')}</dt>
          <dd data-testid="tvl">{usdt(pool.tvlUsdt)}</dd>
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
