import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { FinanceCatalogue, FinancePackage } from '../../api/finance.ts';
import { ReadErrorCard } from '../../components/ReadErrorCard.tsx';
import { readErrorText } from '../../chain/readErrorText.ts';
import { TxProgress } from '../../tx/TxProgress.tsx';
import type { Transaction } from '../../tx/useTransaction.ts';
import { errorKeyOf } from '../vault/errorText.ts';
import { multipleText, percentText, usdtText } from './format.ts';
import { RegisterOffer } from './RegisterOffer.tsx';
import { subscribeState } from './subscribeState.ts';
import './finance.css';

export type SubscribeViewProps = {
  /** The id of the URL, as typed. */
  id: string | undefined;
  catalogue: { data: FinanceCatalogue | undefined; error: unknown; retry: () => void };
  /** The wallet's USDT (undefined: not read yet). */
  balance: bigint | undefined;
  /** Deposits paused by the vault: nothing can be paid. */
  paused: boolean;
  tx: Pick<Transaction, 'state' | 'busy'>;
  requesting: boolean;
  /** The server's refusal of the last request (NOT_REGISTERED, CYCLES_USED_UP, …), or null. */
  error: unknown;
  /** The purchase was paid (the diveIn mined). */
  done: boolean;
  onBuy: (pkg: FinancePackage) => void;
};

function codeOf(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : undefined;
}

/**
 * `/finance/overview/subscribe/:id`: the payment, the limit it earns, the rules in plain words (the
 * live settings), and Buy: authorisation → approve exactly the price (if needed) → `diveInWithToken`.
 * An unknown id is not found; an unregistered user is offered registration; nothing is requested
 * while the wallet cannot pay.
 */
export function SubscribeView(props: SubscribeViewProps) {
  const { t } = useTranslation(['finance', 'common', 'errors']);
  const { data, error, retry } = props.catalogue;
  if (error && !data) {
    return (
      <section className="finance-screen">
        <ReadErrorCard
          failure={readErrorText(error, t as (key: string) => string, 'finance:loadError')}
          onRetry={retry}
        />
      </section>
    );
  }
  if (!data) {
    return (
      <section className="finance-screen" aria-busy="true">
        <div className="finance-loading" data-testid="finance-loading">
          <span className="skeleton skeleton-card" />
        </div>
      </section>
    );
  }
  const state = subscribeState(data, props.id);
  const back = (
    <Link className="finance-back" to="/finance/overview">
      ‹ {t('finance:subscribe.back')}
    </Link>
  );
  if (state.kind === 'notFound') {
    return (
      <section className="finance-screen" data-testid="subscribe-not-found">
        {back}
        <div className="finance-card finance-offer" role="alert">
          <h3>{t('finance:subscribe.notFoundTitle')}</h3>
          <p>{t('finance:subscribe.notFound', { id: props.id ?? '' })}</p>
        </div>
      </section>
    );
  }
  const { pkg } = state;
  const serverError = props.error ? errorKeyOf(props.error) : null;
  const refusedUnregistered = codeOf(props.error) === 'NOT_REGISTERED';
  const busy = props.tx.busy || props.requesting;
  const short = props.balance !== undefined && props.balance < pkg.price;
  const canBuy = state.kind === 'ready' && !refusedUnregistered && !props.paused && !props.done;
  const minutes = Math.floor(data.purchaseLifetime / 60);

  return (
    <section className="finance-screen" data-testid="subscribe" data-package={pkg.id}>
      {back}
      <header className="card-heading">
        <h2>{t('finance:subscribe.title', { id: pkg.id, units: t('finance:buy.units', { count: pkg.units }) })}</h2>
      </header>
      <div className="finance-card subscribe-figures">
        <dl className="finance-figures finance-figures-big">
          <div>
            <dt>{t('finance:subscribe.payment')}</dt>
            <dd data-testid="subscribe-payment">{usdtText(pkg.price)}</dd>
          </div>
          <div>
            <dt>{t('finance:subscribe.limit')}</dt>
            <dd data-testid="subscribe-limit">{usdtText(pkg.rewardLimit)}</dd>
          </div>
        </dl>
      </div>
      <section className="finance-card subscribe-rules" data-testid="subscribe-rules">
        <h3>{t('finance:subscribe.rulesTitle')}</h3>
        <ul>
          <li>{t('finance:subscribe.rules.queue', { quota: usdtText(data.dailyQuota) })}</li>
          <li>
            {t('finance:subscribe.rules.earn', {
              rate: percentText(pkg.dailyRateBps),
              daily: usdtText((pkg.price * BigInt(pkg.dailyRateBps)) / 10_000n),
              limit: usdtText(pkg.rewardLimit),
            })}
          </li>
          <li>
            {t('finance:subscribe.rules.split', {
              share01: percentText(pkg.allocation01Bps),
              share02: percentText(10_000 - pkg.allocation01Bps),
              m01: multipleText(pkg.multiple01Bps),
              m02: multipleText(pkg.multiple02Bps),
            })}
          </li>
          <li>
            {t('finance:subscribe.rules.cycles', {
              max: pkg.cyclesMax,
              left: pkg.cyclesLeft ?? pkg.cyclesMax,
            })}
          </li>
          <li>{t('finance:subscribe.rules.deadline', { minutes })}</li>
        </ul>
      </section>

      {state.kind === 'unregistered' || refusedUnregistered ? <RegisterOffer packageId={pkg.id} /> : null}
      {state.kind === 'cyclesUsedUp' ? (
        <div className="finance-card finance-offer" role="alert" data-testid="cycles-used-up">
          <h3>{t('finance:subscribe.usedUpTitle')}</h3>
          <p>{t('errors:CYCLES_USED_UP', { max: pkg.cyclesMax })}</p>
        </div>
      ) : null}
      {props.paused ? (
        <p className="finance-error" role="alert" data-testid="subscribe-paused">
          {t('finance:subscribe.paused')}
        </p>
      ) : null}

      {props.done ? (
        <div className="finance-card finance-success" role="status" data-testid="buy-success">
          <p>{t('common:buySuccess')}</p>
          <Link className="button" to="/finance/mine">
            {t('finance:subscribe.seeOrders')}
          </Link>
        </div>
      ) : null}

      {canBuy ? (
        <div className="finance-card subscribe-pay">
          <p className="finance-note" data-testid="subscribe-balance">
            {t('finance:subscribe.balance', {
              amount: props.balance !== undefined ? usdtText(props.balance) : '…',
            })}
          </p>
          {short && props.balance !== undefined ? (
            <p className="finance-error" role="alert" data-testid="subscribe-insufficient">
              {t('errors:INSUFFICIENT_BALANCE')} ·{' '}
              {t('finance:subscribe.insufficient', { balance: usdtText(props.balance) })}
            </p>
          ) : null}
          {serverError && !refusedUnregistered ? (
            <p className="finance-error" role="alert" data-testid="subscribe-error" data-code={serverError.code}>
              {t(`errors:${serverError.code}`, serverError.params)}
            </p>
          ) : null}
          <p className="finance-note">{t('finance:subscribe.steps', { amount: usdtText(pkg.price) })}</p>
          <button
            type="button"
            className="button button-primary finance-submit"
            data-testid="subscribe-buy"
            disabled={busy || props.balance === undefined || short}
            onClick={() => props.onBuy(pkg)}
          >
            {props.requesting
              ? t('finance:subscribe.requesting')
              : t('finance:subscribe.submit', { amount: usdtText(pkg.price) })}
          </button>
        </div>
      ) : null}
      <TxProgress tx={props.tx} />
    </section>
  );
}
