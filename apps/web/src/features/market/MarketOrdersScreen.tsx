import { useTranslation } from 'react-i18next';
import { modal } from '../../components/modal/modal.ts';
import type { Address } from 'viem';
import type { MarketOrder } from '../../api/market.ts';
import { readErrorText } from '../../chain/readErrorText.ts';
import { ReadErrorCard } from '../../components/ReadErrorCard.tsx';
import { formatDateTime } from '../../i18n/dateTime.ts';
import { useWallet } from '../../shell/walletContext.ts';
import { TxProgress } from '../../tx/TxProgress.tsx';
import { marketAmount, orderAmounts } from './format.ts';
import { useMarketFills, useMyMarketOrders } from './useMarketLists.ts';
import { useCancelOrder } from './useMarketTx.ts';
import { useMarketView } from './useMarketView.ts';
import './market.css';

/** Market › orders (`/market/orders`): the account's orders with cancel, and its fills (bought and sold). */

/** An order's amounts in words: still for sale and sold, or what a cancel sent back. */
function OrderAmountsLine({ order }: { order: MarketOrder }) {
  const { t } = useTranslation('market');
  const a = orderAmounts(order);
  return (
    <span className="market-row-sub" data-testid="market-order-amounts">
      {t(`orders.amounts.${order.status}`, {
        quantity: marketAmount(order.quantity, 'EUSD'),
        left: marketAmount(a.left, 'EUSD'),
        sold: marketAmount(a.sold, 'EUSD'),
        refunded: marketAmount(a.refunded, 'EUSD'),
      })}
    </span>
  );
}

export default function MarketOrdersScreen() {
  const { account } = useWallet();
  if (!account) return null;
  return <MarketOrders account={account} />;
}

function MarketOrders({ account }: { account: Address }) {
  const { t, i18n } = useTranslation(['market', 'errors', 'common']);
  const read = useMarketView(account);
  const orders = useMyMarketOrders(account);
  const fills = useMarketFills(account);
  const cancel = useCancelOrder();
  const me = account.toLowerCase();

  return (
    <section className="market-screen" data-testid="market-orders-screen" aria-busy={!orders.data && !orders.error}>
      <header className="card-heading">
        <h2>{t('market:orders.title')}</h2>
      </header>
      <TxProgress tx={cancel.tx} />
      {orders.error && !orders.data ? (
        <ReadErrorCard
          failure={readErrorText(orders.error, t as (key: string) => string, 'market:orders.loadError')}
          onRetry={orders.retry}
        />
      ) : orders.data ? (
        orders.data.length === 0 ? (
          <p className="market-empty" data-testid="market-orders-empty">
            {t('market:orders.none')}
          </p>
        ) : (
          <ol className="market-list" data-testid="market-my-orders">
            {orders.data.map((order) => (
              <li
                key={order.orderId.toString()}
                className="market-row"
                data-testid="market-my-order"
                data-order={order.orderId.toString()}
                data-status={order.status}
              >
                <div className="market-row-main">
                  <span className="market-price">
                    #{order.orderId.toString()} · {marketAmount(order.unitPrice, 'USDT')} <small>USDT</small>
                  </span>
                  <OrderAmountsLine order={order} />
                  <span className="market-row-sub">
                    {t('market:orders.listed')} {formatDateTime(BigInt(order.timestamp), i18n.language)}
                  </span>
                </div>
                <span className={`market-tag market-status-${order.status}`}>
                  {t(`market:orders.status.${order.status}`)}
                </span>
                {order.status === 'open' ? (
                  <button
                    type="button"
                    className="button"
                    data-testid="market-cancel"
                    disabled={cancel.tx.busy || !read.data}
                    onClick={() => {
                      const market = read.data?.market;
                      if (!market) return;
                      // Confirmed first (docs/decisions/market.md): the rest of the order comes back.
                      modal.show({
                        title: t('market:orders.cancelTitle', { id: order.orderId.toString() }),
                        message: t('market:orders.cancelMessage', {
                          amount: marketAmount(order.remaining, 'EUSD'),
                        }),
                        confirmText: t('market:orders.cancelConfirm'),
                        cancelText: t('market:orders.cancelKeep'),
                        onConfirm: () =>
                          void cancel.cancel(market, order.orderId).then((outcome) => {
                            if (outcome === 'confirmed') orders.retry();
                          }),
                      });
                    }}
                  >
                    {t('market:orders.cancel')}
                  </button>
                ) : null}
              </li>
            ))}
          </ol>
        )
      ) : null}
      {orders.hasMore ? (
        <button type="button" className="button" disabled={orders.loadingMore} onClick={orders.loadMore}>
          {t('market:book.more')}
        </button>
      ) : null}

      <h3 className="market-subtitle">{t('market:orders.fills')}</h3>
      {fills.error && !fills.data ? (
        <ReadErrorCard
          failure={readErrorText(fills.error, t as (key: string) => string, 'market:orders.loadError')}
          onRetry={fills.retry}
        />
      ) : fills.data ? (
        fills.data.length === 0 ? (
          <p className="market-empty">{t('market:orders.noFills')}</p>
        ) : (
          <ol className="market-list" data-testid="market-fills">
            {fills.data.map((fill) => {
              const bought = fill.buyer.toLowerCase() === me;
              return (
                <li
                  key={fill.id}
                  className="market-row"
                  data-testid="market-fill"
                  data-side={bought ? 'bought' : 'sold'}
                >
                  <div className="market-row-main">
                    <span className="market-price">
                      {t(bought ? 'market:orders.bought' : 'market:orders.sold')} {marketAmount(fill.quantity, 'EUSD')}{' '}
                      <small>EUSD</small> · #{fill.orderId.toString()}
                    </span>
                    <span className="market-row-sub">
                      {bought
                        ? `${t('market:orders.paid')} ${marketAmount(fill.cost, 'USDT')} USDT · ${t('market:orders.reward')} ${marketAmount(fill.reward, 'EUSD')} EUSD`
                        : `${t('market:orders.received')} ${marketAmount(fill.cost - fill.fee, 'USDT')} USDT · ${t('market:orders.fee')} ${marketAmount(fill.fee, 'USDT')} USDT`}
                    </span>
                    <span className="market-row-sub">{formatDateTime(BigInt(fill.timestamp), i18n.language)}</span>
                  </div>
                </li>
              );
            })}
          </ol>
        )
      ) : null}
      {fills.hasMore ? (
        <button type="button" className="button" disabled={fills.loadingMore} onClick={fills.loadMore}>
          {t('market:book.more')}
        </button>
      ) : null}
    </section>
  );
}
