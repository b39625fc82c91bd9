import { useTranslation } from 'react-i18next';
import type { StakeView } from '@eterno/protocol/stake/readStake';
import { shortenAddress } from '@eterno/protocol/address';
import { modal as defaultModal, type ModalStore } from '../../components/modal/modal.ts';
import { TxProgress } from '../../tx/TxProgress.tsx';
import type { Transaction, TxOutcome } from '../../tx/useTransaction.ts';
import { rateText, tokenText } from './format.ts';
import type { RecordRow } from './history.ts';

export type StakeRecordsProps = {
  view: StakeView;
  /** The view's records, completed by the indexer where it has them. */
  rows: readonly RecordRow[];
  tx: Pick<Transaction, 'state' | 'busy'>;
  onLeave: (id: bigint) => Promise<TxOutcome>;
  modal?: ModalStore;
};

/**
 * The account's stake records in this pool, newest first (spec §3: period, rate, left period,
 * total revenue) with the amount and status. "Leave" once unlocked; "Leave early" while locked only
 * when the contract allows it, and only after the global modal has said what is kept and what is
 * forfeited (`quoteLeave`: in the EULP pool the base released so far is kept, the rest and the bonus
 * are forfeited) — before the wallet opens.
 */
export function StakeRecords({ view, rows, tx, onLeave, modal = defaultModal }: StakeRecordsProps) {
  const { t } = useTranslation(['stake', 'common']);
  const symbol = view.symbol;

  const leaveEarly = (record: RecordRow) => {
    const left = record.timeLeft ?? { days: 0, hours: 0 };
    // quoteLeave: kept + forfeited = the full reward. EULP pool: the base released so far (the 30-day rate by
    // the second) is kept; the rest of the base and the bonus (full − base) are forfeited.
    const kept = record.leave?.reward ?? 0n;
    const forfeited = record.leave?.forfeited ?? record.reward;
    const texts = {
      id: record.id.toString(),
      days: left.days,
      hours: left.hours,
      principal: tokenText(record.amount, symbol),
      symbol,
      reward: tokenText(record.reward, 'ETRO'),
      earned: tokenText(record.revenue ?? 0n, 'ETRO'),
      kept: tokenText(kept, 'ETRO'),
      forfeit: tokenText(forfeited, 'ETRO'),
      bonus: tokenText(record.reward - record.base, 'ETRO'),
    };
    modal.show({
      title: t('stake:early.title'),
      message: view.accrual === 'perSecond' ? t('stake:early.messageStream', texts) : t('stake:early.message', texts),
      confirmText: t('stake:early.confirm'),
      cancelText: t('stake:early.cancel'),
      onConfirm: () => void onLeave(record.id),
    });
  };

  return (
    <section className="stake-card stake-records" aria-labelledby="stake-records-title" data-testid="stake-records">
      <h3 id="stake-records-title" className="stake-card-title">
        {t('stake:records.heading')}
      </h3>
      <TxProgress tx={tx} />
      {rows.length === 0 ? (
        <p className="stake-empty">{t('stake:records.empty')}</p>
      ) : (
        <ul className="stake-record-list">
          {rows.map((record) => (
            <li
              key={record.id.toString()}
              className="stake-record"
              data-testid="stake-record"
              data-id={record.id.toString()}
              data-status={record.status}
            >
              <div className="stake-record-head">
                <span className="stake-record-id">{t('stake:records.order', { id: record.id.toString() })}</span>
                <span className={`stake-status stake-status-${record.status}`}>
                  {t(`stake:records.statuses.${record.leftEarly ? 'leftEarly' : record.status}`)}
                </span>
              </div>
              <dl className="figure-grid">
                <div>
                  <dt>{t('stake:records.amount')}</dt>
                  <dd data-field="amount">{`${tokenText(record.amount, symbol)} ${symbol}`}</dd>
                </div>
                <div>
                  <dt>{t('stake:records.period')}</dt>
                  <dd data-field="period">{t('stake:form.days', { days: record.days })}</dd>
                </div>
                <div>
                  <dt>{t('stake:records.rate')}</dt>
                  <dd data-field="rate">{t('stake:form.rate', { rate: rateText(record.rateBps) })}</dd>
                </div>
                <div>
                  <dt>{t('stake:records.left')}</dt>
                  <dd data-field="left">
                    {record.timeLeft
                      ? t('stake:records.leftValue', { days: record.timeLeft.days, hours: record.timeLeft.hours })
                      : record.status === 'left'
                        ? t('stake:form.none')
                        : t('stake:records.unlocked')}
                  </dd>
                </div>
                <div className="stake-record-wide">
                  <dt>{t('stake:records.revenue')}</dt>
                  <dd data-field="revenue">
                    {record.revenue === null ? t('stake:form.none') : `${tokenText(record.revenue, 'ETRO')} ETRO`}
                  </dd>
                </div>
              </dl>
              {record.enteredTx || record.leftTx ? (
                <p className="stake-record-txs">
                  {record.enteredTx ? (
                    <span title={record.enteredTx} data-hash={record.enteredTx}>
                      {t('stake:records.enteredTx')} {shortenAddress(record.enteredTx)}
                    </span>
                  ) : null}
                  {record.leftTx ? (
                    <span title={record.leftTx} data-hash={record.leftTx}>
                      {t('stake:records.leftTx')} {shortenAddress(record.leftTx)}
                    </span>
                  ) : null}
                </p>
              ) : null}
              {record.status === 'unlocked' ? (
                <button
                  type="button"
                  className="button button-primary stake-leave"
                  disabled={tx.busy}
                  onClick={() => void onLeave(record.id)}
                >
                  {t('stake:records.leave')}
                </button>
              ) : null}
              {record.status === 'locked' && view.earlyExitAllowed ? (
                <button
                  type="button"
                  className="button stake-leave stake-leave-early"
                  disabled={tx.busy}
                  onClick={() => leaveEarly(record)}
                >
                  {t('stake:records.leaveEarly')}
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
