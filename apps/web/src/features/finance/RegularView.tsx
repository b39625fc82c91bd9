import { useTranslation } from 'react-i18next';
import type { FinanceCatalogue, RegularOrder, RegularProduct } from '../../api/finance.ts';
import { ReadErrorCard } from '../../components/ReadErrorCard.tsx';
import { readErrorText } from '../../chain/readErrorText.ts';
import { RegularForm, type RegularFormProps } from './RegularForm.tsx';
import { RegularOrders } from './RegularOrders.tsx';
import type { Paged } from './useFinanceOrders.ts';
import './finance.css';

export type RegularViewProps = Omit<RegularFormProps, 'products'> & {
  catalogue: { data: FinanceCatalogue | undefined; error: unknown; retry: () => void };
  orders: Paged<RegularOrder>;
  onDeposit: (product: RegularProduct, amount: bigint) => Promise<boolean>;
};

/** Finance › regular (`/finance/regular`): the fixed-term products, the deposit form, my regular orders. */
export function RegularView({ catalogue, orders, ...form }: RegularViewProps) {
  const { t } = useTranslation(['finance', 'errors']);
  return (
    <section className="finance-screen" data-testid="finance-regular" aria-busy={!catalogue.data && !catalogue.error}>
      <header className="card-heading">
        <h2>{t('finance:regular.title')}</h2>
      </header>
      <p className="finance-note">{t('finance:regular.intro')}</p>
      {catalogue.error && !catalogue.data ? (
        <ReadErrorCard
          failure={readErrorText(catalogue.error, t as (key: string) => string, 'finance:loadError')}
          onRetry={catalogue.retry}
        />
      ) : catalogue.data ? (
        catalogue.data.regular.length === 0 ? (
          <p className="finance-empty">{t('finance:regular.none')}</p>
        ) : (
          <RegularForm products={catalogue.data.regular} {...form} />
        )
      ) : (
        <div className="finance-loading" data-testid="finance-loading">
          <span className="skeleton skeleton-card" />
        </div>
      )}
      <h3 className="finance-subtitle">{t('finance:regular.mine')}</h3>
      {orders.error && !orders.data ? (
        <ReadErrorCard
          failure={readErrorText(orders.error, t as (key: string) => string, 'finance:loadError')}
          onRetry={orders.retry}
        />
      ) : orders.data ? (
        <>
          <RegularOrders orders={orders.data} />
          {orders.hasMore ? (
            <button
              type="button"
              className="button finance-more"
              data-testid="regular-orders-more"
              disabled={orders.loadingMore}
              onClick={orders.loadMore}
            >
              {orders.loadingMore ? t('finance:orders.loadingMore') : t('finance:orders.more')}
            </button>
          ) : null}
        </>
      ) : (
        <span className="skeleton skeleton-card" />
      )}
    </section>
  );
}
