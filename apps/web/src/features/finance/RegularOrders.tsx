import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { RegularOrder } from '../../api/finance.ts';
import { formatDateTime } from '../../i18n/dateTime.ts';
import { useIndexLagCheck } from '../../tx/useIndexLag.ts';
import { percentText, usdtText } from './format.ts';
import { paidOrderKey } from './usePurchase.ts';

/** The user's fixed-term deposits: principal, interest, maturity, state; matured money is withdrawn in Assets. */
export function RegularOrders({ orders }: { orders: readonly RegularOrder[] }) {
  const { t, i18n } = useTranslation(['finance', 'common']);
  // Paid here, not indexed yet: "Recording…", not "Unpaid".
  const recording = useIndexLagCheck();
  if (orders.length === 0) return <p className="finance-empty">{t('regular.noOrders')}</p>;
  const matured = orders.some((order) => order.state === 'matured');
  return (
    <>
      <ul className="order-list">
        {orders.map((order) => (
          <li key={order.id} className={`finance-card order-card`} data-testid={`regular-order-${order.id}`}>
            <header className="order-head">
              <h3>
                {t('regular.product', { days: order.days })} ·{' '}
                {t('regular.rate', { rate: percentText(order.dailyRateBps) })}
              </h3>
              <span
                className={`order-status regular-state-${order.state}`}
                data-testid={`regular-order-${order.id}-state`}
              >
                {recording(paidOrderKey('regular', order.id), order.state)
                  ? t('common:recording')
                  : t(`regular.states.${order.state}`)}
              </span>
            </header>
            <dl className="finance-figures">
              <div>
                <dt>{t('regular.principal')}</dt>
                <dd>{usdtText(order.principal)}</dd>
              </div>
              <div>
                <dt>{t('regular.interest')}</dt>
                <dd data-testid={`regular-order-${order.id}-interest`}>{usdtText(order.interest)}</dd>
              </div>
              <div>
                <dt>{t('regular.maturesAt')}</dt>
                <dd>{formatDateTime(order.maturesAt, i18n.language)}</dd>
              </div>
            </dl>
          </li>
        ))}
      </ul>
      {matured ? (
        <div className="finance-card finance-offer" data-testid="regular-withdraw">
          <p>{t('regular.withdrawHint')}</p>
          <Link className="button button-primary" to="/assets/overview/usdt">
            {t('regular.withdraw')}
          </Link>
        </div>
      ) : null}
    </>
  );
}
