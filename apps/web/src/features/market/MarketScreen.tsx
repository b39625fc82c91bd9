import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { shortenAddress } from '@eterno/protocol/address';
import { DISPLAY_DIGITS } from '@eterno/protocol/amount';
import { figureAmount } from '@eterno/protocol/figure';
import type { MarketOrder } from '../../api/market.ts';
import { readErrorText } from '../../chain/readErrorText.ts';
import { FigureText, useFigureLocale } from '../../components/FigureText.tsx';
import { ReadErrorCard } from '../../components/ReadErrorCard.tsx';
import { useWallet } from '../../shell/walletContext.ts';
import { BuySheet } from './BuySheet.tsx';
import { bpsText, marketAmount } from './format.ts';
import { ListSheet } from './ListSheet.tsx';
import { useMarketBook } from './useMarketLists.ts';
import { useBuyOrder, useListOrder } from './useMarketTx.ts';
import { useMarketView } from './useMarketView.ts';
import './market.css';

/** Market › EUSD market (`/market/eusd`): the rules in force, the open book best price first, list and buy sheets. */
export default function MarketScreen() {
  const { t } = useTranslation(['market', 'errors', 'common']);
  const { account } = useWallet();
  const locale = useFigureLocale();
  const read = useMarketView(account);
  const book = useMarketBook();
  const list = useListOrder();
  const buy = useBuyOrder();
  const [sheet, setSheet] = useState<{ kind: 'list' } | { kind: 'buy'; order: MarketOrder } | null>(null);
  const view = read.data;
  const me = account?.toLowerCase();

  return (
    <section className="market-screen" data-testid="market-screen" aria-busy={!view && !read.error}>
      <header className="card-heading">
        <h2>{t('market:book.title')}</h2>
      </header>
      <p className="market-note">{t('market:book.intro')}</p>
      {read.error && !view ? (
        <ReadErrorCard
          failure={readErrorText(read.error, t as (key: string) => string, 'market:book.loadError')}
          onRetry={read.retry}
        />
      ) : null}
      {view ? (
        <div className="market-card">
          <dl className="figure-grid" data-testid="market-rules">
            <div>
              <dt>{t('market:rules.maxPrice')}</dt>
              <dd>{marketAmount(view.maxUnitPrice, 'USDT')} USDT</dd>
            </div>
            <div>
              <dt>{t('market:rules.fee')}</dt>
              <dd>{bpsText(view.sellerFeeBps)} %</dd>
            </div>
            <div>
              <dt>{t('market:rules.reward')}</dt>
              <dd>{bpsText(view.rewardBps)} %</dd>
            </div>
            <div>
              <dt>{t('market:rules.reserve')}</dt>
              <dd>
                <FigureText
                  figure={figureAmount(view.rewardReserve, locale, { digits: DISPLAY_DIGITS.EUSD })}
                  suffix="EUSD"
                  testId="market-reserve"
                />
              </dd>
            </div>
          </dl>
          {view.paused ? <p className="market-paused">{t('market:rules.paused')}</p> : null}
          <button
            type="button"
            className="button button-primary"
            data-testid="market-list-open"
            disabled={view.paused}
            onClick={() => {
              list.tx.reset();
              setSheet({ kind: 'list' });
            }}
          >
            {t('market:list.open')}
          </button>
        </div>
      ) : null}

      {book.error && !book.data ? (
        <ReadErrorCard
          failure={readErrorText(book.error, t as (key: string) => string, 'market:book.loadError')}
          onRetry={book.retry}
        />
      ) : book.data ? (
        book.data.length === 0 ? (
          <p className="market-empty" data-testid="market-book-empty">
            {t('market:book.none')}
          </p>
        ) : (
          <ol className="market-list" data-testid="market-book">
            {book.data.map((order) => (
              <li
                key={order.orderId.toString()}
                className="market-row"
                data-testid="market-order"
                data-order={order.orderId.toString()}
              >
                <div className="market-row-main">
                  <span className="market-price">
                    {marketAmount(order.unitPrice, 'USDT')} <small>USDT</small>
                  </span>
                  <span className="market-row-sub">
                    {t('common:labelValue', {
                      label: t('market:book.remaining'),
                      value: `${marketAmount(order.remaining, 'EUSD')} EUSD`,
                    })}
                  </span>
                  <span className="market-row-sub">
                    #{order.orderId.toString()} · {t('market:book.seller')} {shortenAddress(order.seller)}
                  </span>
                </div>
                {order.seller.toLowerCase() === me ? (
                  <span className="market-tag">{t('market:book.mine')}</span>
                ) : (
                  <button
                    type="button"
                    className="button button-primary"
                    data-testid="market-buy-open"
                    disabled={!view || view.paused}
                    onClick={() => {
                      buy.tx.reset();
                      setSheet({ kind: 'buy', order });
                    }}
                  >
                    {t('market:book.buy')}
                  </button>
                )}
              </li>
            ))}
          </ol>
        )
      ) : null}
      {book.hasMore ? (
        <button
          type="button"
          className="button"
          data-testid="market-book-more"
          disabled={book.loadingMore}
          onClick={book.loadMore}
        >
          {t('market:book.more')}
        </button>
      ) : null}

      {view && sheet?.kind === 'list' ? (
        <ListSheet
          view={view}
          tx={list.tx}
          onList={async (quantity, unitPrice) => {
            const outcome = await list.list(view, quantity, unitPrice);
            if (outcome === 'confirmed') book.retry();
            return outcome;
          }}
          onClose={() => setSheet(null)}
        />
      ) : null}
      {view && sheet?.kind === 'buy' ? (
        <BuySheet
          view={view}
          order={sheet.order}
          tx={buy.tx}
          onBuy={async (quantity) => {
            const outcome = await buy.buy(view, sheet.order, quantity);
            if (outcome === 'confirmed') book.retry();
            return outcome;
          }}
          onClose={() => setSheet(null)}
        />
      ) : null}
    </section>
  );
}
