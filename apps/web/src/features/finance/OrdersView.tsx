import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { OrdersView as View } from '../../api/finance.ts';
import { ReadErrorCard } from '../../components/ReadErrorCard.tsx';
import { readErrorText } from '../../chain/readErrorText.ts';
import { OrderCard } from './OrderCard.tsx';
import type { OrderPages } from './useFinanceOrders.ts';
import './finance.css';

export type OrdersViewProps = {
  view: View;
  orders: OrderPages;
  /** The chain's time now (unix seconds); null while unknown. */
  now: number | null;
};

/** Finance › orders (`/finance/mine`: unpaid, waiting, in progress) and › past (`/finance/past`: finished). */
export function OrdersView({ view, orders, now }: OrdersViewProps) {
  const { t } = useTranslation(['finance', 'errors']);
  const { data, error, retry } = orders;
  return (
    <section className="finance-screen" data-testid={`finance-orders-${view}`} aria-busy={!data && !error}>
      <header className="card-heading">
        <h2>{view === 'active' ? t('finance:orders.title') : t('finance:orders.pastTitle')}</h2>
      </header>
      {error && !data ? (
        <ReadErrorCard
          failure={readErrorText(error, t as (key: string) => string, 'finance:loadError')}
          onRetry={retry}
        />
      ) : data ? (
        data.length === 0 ? (
          <div className="finance-empty" data-testid="orders-empty">
            <p>{view === 'active' ? t('finance:orders.none') : t('finance:orders.nonePast')}</p>
            {view === 'active' ? (
              <Link className="button button-primary" to="/finance/overview">
                {t('finance:orders.buy')}
              </Link>
            ) : null}
          </div>
        ) : (
          <>
            <ul className="order-list">
              {data.map((order) => (
                <OrderCard key={order.id} order={order} now={now} />
              ))}
            </ul>
            {orders.hasMore ? (
              <button
                type="button"
                className="button finance-more"
                data-testid="orders-more"
                disabled={orders.loadingMore}
                onClick={orders.loadMore}
              >
                {orders.loadingMore ? t('finance:orders.loadingMore') : t('finance:orders.more')}
              </button>
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
