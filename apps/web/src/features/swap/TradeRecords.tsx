import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isAddressEqual, type Address } from 'viem';
import { shortenAddress } from '@eterno/protocol/address';
import type { Page, Trade } from '../../api/indexer.ts';
import { formatDateTime } from '../../i18n/dateTime.ts';
import { tokenText } from './format.ts';
import type { TradeLists } from './useTrades.ts';

type Tab = 'recent' | 'mine';

function TradeRow({ trade, account, showTrader }: { trade: Trade; account: Address; showTrader: boolean }) {
  const { t, i18n } = useTranslation('swap');
  const [paid, got] = trade.isBuy ? (['USDT', 'ETRO'] as const) : (['ETRO', 'USDT'] as const);
  const mine = isAddressEqual(trade.trader, account);
  return (
    <li className="trade-row" data-testid="trade-row" data-hash={trade.txHash} data-side={trade.isBuy ? 'buy' : 'sell'}>
      <span className={trade.isBuy ? 'trade-side trade-buy' : 'trade-side trade-sell'}>
        {t(trade.isBuy ? 'trades.buy' : 'trades.sell')}
      </span>
      <span className="trade-body">
        <span className="trade-amounts">
          {`${tokenText(trade.amountIn, paid)} ${paid} → ${tokenText(trade.amountOut, got)} ${got}`}
        </span>
        <span className="trade-meta">
          {formatDateTime(trade.timestamp, i18n.language)}
          {showTrader ? ` · ${mine ? t('trades.you') : shortenAddress(trade.trader)}` : ''}
          {trade.isBuy && trade.fee > 0n ? ` · ${t('trades.fee', { amount: tokenText(trade.fee, 'USDT') })}` : ''}
        </span>
      </span>
    </li>
  );
}

function TradeList({
  list,
  account,
  tab,
}: {
  list: { data: Page<Trade> | undefined; error: unknown; retry: () => void };
  account: Address;
  tab: Tab;
}) {
  const { t } = useTranslation(['swap', 'common']);
  if (list.error && !list.data) {
    return (
      <div className="trade-empty" role="status">
        <p>{t('swap:trades.loadError')}</p>
        <button type="button" className="button" onClick={list.retry}>
          {t('common:retry')}
        </button>
      </div>
    );
  }
  if (!list.data) {
    return (
      <div className="trade-skeleton" aria-hidden="true">
        <span className="skeleton" />
        <span className="skeleton" />
      </div>
    );
  }
  if (list.data.items.length === 0) {
    return <p className="trade-empty">{t(tab === 'recent' ? 'swap:trades.emptyRecent' : 'swap:trades.emptyMine')}</p>;
  }
  return (
    <ul className="trade-list" data-testid={`trades-${tab}`}>
      {list.data.items.map((trade) => (
        <TradeRow key={trade.id} trade={trade} account={account} showTrader={tab === 'recent'} />
      ))}
    </ul>
  );
}

/** Recent trades (everyone) and my exchange records, from the indexer. */
export function TradeRecords({ lists, account }: { lists: TradeLists; account: Address }) {
  const { t } = useTranslation('swap');
  const [tab, setTab] = useState<Tab>('recent');
  return (
    <section className="swap-card trades-card">
      <div className="segmented" role="tablist" aria-label={t('trades.tabs')}>
        {(['recent', 'mine'] as const).map((id) => (
          <button
            key={id}
            type="button"
            role="tab"
            className="segment"
            aria-selected={tab === id}
            onClick={() => setTab(id)}
          >
            {t(`trades.${id}`)}
          </button>
        ))}
      </div>
      <TradeList key={tab} list={lists[tab]} account={account} tab={tab} />
    </section>
  );
}
