import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { FinanceOrder } from '../../api/finance.ts';
import { formatDateTime } from '../../i18n/dateTime.ts';
import { amountText } from '../vault/format.ts';
import { useIndexLag } from '../../tx/useIndexLag.ts';
import { allocationText, clockText, multipleText, progressBps, usdtText } from './format.ts';
import { paidOrderKey } from './usePurchase.ts';

export type OrderCardProps = {
  order: FinanceOrder;
  /** The chain's time now (unix seconds), for an unpaid order's time left; null while unknown. */
  now: number | null;
};

/**
 * One package order: id, registration type, payment, both multiples, allocation ratio, progress
 * (gained / limit as a bar), time and status — unpaid with its time left, waiting with its place
 * in the queue, in progress, finished.
 */
export function OrderCard({ order, now }: OrderCardProps) {
  const { t, i18n } = useTranslation(['finance', 'common']);
  const time = (seconds: number) => formatDateTime(seconds, i18n.language);
  const bps = progressBps(order.gained, order.rewardLimit);
  // Paid here, not indexed yet: "Recording…", not "Unpaid" with a payment deadline.
  const recording = useIndexLag(paidOrderKey('package', order.id), order.status);
  const unpaid = order.status === 'unpaid' && !recording;
  const left = unpaid && order.deadline !== null && now !== null ? order.deadline - now : null;
  return (
    <li
      className={`finance-card order-card order-${order.status}`}
      data-testid={`order-${order.id}`}
      data-recording={recording || undefined}
    >
      <header className="order-head">
        <h3>{unpaid ? t('orders.unpaidId') : t('orders.order', { id: order.id })}</h3>
        <span className={`order-status order-status-${order.status}`} data-testid={`order-${order.id}-status`}>
          {recording ? t('common:recording') : t(`orders.status.${order.status}`)}
        </span>
      </header>
      {order.status === 'waiting' && order.queuePosition !== null ? (
        <Link className="order-queue" to="/finance/rights-issue" data-testid={`order-${order.id}-queue`}>
          {t('orders.queue', { place: order.queuePosition })} ›
        </Link>
      ) : null}
      {unpaid ? (
        <p className="order-deadline" data-testid={`order-${order.id}-deadline`}>
          {left === null
            ? '…'
            : left > 0
              ? t('orders.unpaidLeft', { left: clockText(left) })
              : t('orders.unpaidLapsed')}
        </p>
      ) : null}
      <dl className="finance-figures">
        <div>
          <dt>{t('orders.type')}</dt>
          <dd>{t(`orders.types.${order.registrationType}`)}</dd>
        </div>
        <div>
          <dt>{t('orders.payment')}</dt>
          <dd data-testid={`order-${order.id}-payment`}>
            {usdtText(order.payment)} · {t('buy.units', { count: order.units })}
          </dd>
        </div>
        <div>
          <dt>{t('orders.multiples')}</dt>
          <dd>
            {multipleText(order.multiple01Bps)} / {multipleText(order.multiple02Bps)}
          </dd>
        </div>
        <div>
          <dt>{t('orders.allocation')}</dt>
          <dd>{allocationText(order.allocation01Bps)}</dd>
        </div>
        <div>
          <dt>{t('orders.time')}</dt>
          <dd>{time(order.createdAt)}</dd>
        </div>
      </dl>
      <div className="order-progress">
        <div className="order-progress-head">
          <span>{t('orders.progress')}</span>
          <span data-testid={`order-${order.id}-progress`}>
            {t('orders.progressValue', { gained: usdtText(order.gained), limit: usdtText(order.rewardLimit) })}
          </span>
        </div>
        <div
          className="progress-bar"
          role="progressbar"
          aria-label={t('orders.progress')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.floor(bps / 100)}
        >
          <span style={{ width: `${bps / 100}%` }} />
        </div>
        <small className="finance-note" data-testid={`order-${order.id}-progress-hint`}>
          {t('orders.progressHint')}
        </small>
        {order.gainedUsdt > 0n || order.gainedEtro > 0n ? (
          <small className="finance-note">
            {t('orders.paidOut', {
              usdt: usdtText(order.gainedUsdt),
              etro: `${amountText(order.gainedEtro, 'ETRO')} ETRO`,
            })}
          </small>
        ) : null}
      </div>
      {order.allottedAt !== null && order.status !== 'finished' ? (
        <p className="finance-note">{t('orders.allotted', { time: time(order.allottedAt) })}</p>
      ) : null}
      {order.finishedAt !== null ? (
        <p className="finance-note">{t('orders.finished', { time: time(order.finishedAt) })}</p>
      ) : null}
    </li>
  );
}
