import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Address } from 'viem';
import { shortenAddress } from '@eterno/protocol/address';
import type { AnyBillType } from '@eterno/protocol/vaultApi';
import type { Bill } from '../../api/bills.ts';
import { tokenAmountText } from '../../components/tokenAmountText.ts';
import { getConfig } from '../../config.ts';
import { formatDateTime } from '../../i18n/dateTime.ts';
import { ANY_BILL_TYPES, RESERVED_BILL_TYPES } from '@eterno/protocol/bills';
import { tokenSymbolOf } from './tokenSymbol.ts';
import { TxRef } from './TxRef.tsx';
import { useBills } from './useBills.ts';
import './bills.css';

/** A signed amount with its token: "+5 USDT", "−2.5 ETRO" (a true minus sign). */
export function billAmountText(bill: Pick<Bill, 'amount' | 'token'>): string {
  const symbol = tokenSymbolOf(getConfig().deployments.contracts, bill.token) ?? shortenAddress(bill.token);
  const magnitude = bill.amount < 0n ? -bill.amount : bill.amount;
  const sign = bill.amount < 0n ? '−' : bill.amount > 0n ? '+' : '';
  return `${sign}${tokenAmountText(magnitude, symbol)} ${symbol}`;
}

function BillRow({ bill }: { bill: Bill }) {
  const { t, i18n } = useTranslation('bills');
  const direction = bill.amount < 0n ? 'out' : 'in';
  return (
    <li className="bill-row" data-testid="bill-row" data-type={bill.type} data-amount={bill.amount.toString()}>
      <span className="bill-main">
        <span className="bill-type">{t(`types.${bill.type}`)}</span>
        <span className={`bill-amount bill-${direction}`}>{billAmountText(bill)}</span>
      </span>
      <span className="bill-meta">
        <time dateTime={new Date(bill.time * 1000).toISOString()}>{formatDateTime(bill.time, i18n.language)}</time>
        <TxRef hash={bill.txHash} explorerUrl={getConfig().explorerUrl} />
      </span>
    </li>
  );
}

export type BillListProps = {
  readonly account: Address;
  /** Only this token's entries (the asset detail); all tokens without. */
  readonly token?: Address;
  /**
   * The filter's choices. Without: all 26 types (`ANY_BILL_TYPES`) and "All types" first (the default). With a
   * subset (the contribution bill): those types only, the first selected.
   */
  readonly types?: readonly AnyBillType[];
  readonly title?: string;
};

/** The user's bill: newest first, a type filter, "Load more" for older pages, each entry linked to its transaction. */
export function BillList({ account, token, types, title }: BillListProps) {
  const { t } = useTranslation(['bills', 'common']);
  const choices = types ?? ANY_BILL_TYPES;
  const [type, setType] = useState<AnyBillType | 'all'>(types ? (types[0] ?? 'all') : 'all');
  const filterId = useId();
  const list = useBills(account, { ...(type !== 'all' ? { type } : {}), ...(token ? { token } : {}) });

  let body;
  if (list.error && !list.bills) {
    body = (
      <div className="bill-empty" role="alert">
        <p>{t('bills:loadError')}</p>
        <button type="button" className="button" onClick={list.retry}>
          {t('common:retry')}
        </button>
      </div>
    );
  } else if (!list.bills) {
    body = (
      <div className="bill-skeleton" aria-hidden="true">
        <span className="skeleton" />
        <span className="skeleton" />
        <span className="skeleton" />
      </div>
    );
  } else if (list.bills.length === 0) {
    body = (
      <p className="bill-empty" data-testid="bill-empty">
        {type === 'all'
          ? t('bills:empty')
          : t(RESERVED_BILL_TYPES.includes(type) ? 'bills:emptyReserved' : 'bills:emptyType', {
              type: t(`bills:types.${type}`),
            })}
      </p>
    );
  } else {
    body = (
      <>
        <ul className="bill-list" data-testid="bill-list">
          {list.bills.map((bill) => (
            <BillRow key={bill.id} bill={bill} />
          ))}
        </ul>
        {list.hasMore ? (
          <button
            type="button"
            className="button bill-more"
            onClick={list.loadMore}
            disabled={list.loadingMore}
            data-testid="bill-more"
          >
            {list.loadingMore ? t('bills:loadingMore') : t('bills:loadMore')}
          </button>
        ) : null}
      </>
    );
  }

  return (
    <section className="bill-card" aria-busy={!list.bills && !list.error}>
      <header className="bill-head">
        <h3>{title ?? t('bills:title')}</h3>
        <label className="bill-filter" htmlFor={filterId}>
          <span className="visually-hidden">{t('bills:filter')}</span>
          <select
            id={filterId}
            data-testid="bill-filter"
            value={type}
            onChange={(event) => setType(choices.find((choice) => choice === event.target.value) ?? 'all')}
          >
            {types ? null : <option value="all">{t('bills:all')}</option>}
            {choices.map((choice) => (
              <option key={choice} value={choice}>
                {RESERVED_BILL_TYPES.includes(choice)
                  ? t('bills:reservedOption', { type: t(`bills:types.${choice}`) })
                  : t(`bills:types.${choice}`)}
              </option>
            ))}
          </select>
        </label>
      </header>
      {body}
    </section>
  );
}
