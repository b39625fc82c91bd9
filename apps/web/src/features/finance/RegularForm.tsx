import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { regularInterest } from '@eterno/protocol/finance/rules';
import type { RegularProduct } from '../../api/finance.ts';
import { AmountField } from '../../components/AmountField.tsx';
import { TxProgress } from '../../tx/TxProgress.tsx';
import type { Transaction } from '../../tx/useTransaction.ts';
import { errorKeyOf } from '../vault/errorText.ts';
import { amountText } from '../vault/format.ts';
import { percentText, usdtText } from './format.ts';
import { checkRegularAmount } from './regularAmount.ts';

export type RegularFormProps = {
  products: readonly RegularProduct[];
  /** The wallet's USDT (undefined: not read yet). */
  balance: bigint | undefined;
  paused: boolean;
  tx: Pick<Transaction, 'state' | 'busy'>;
  requesting: boolean;
  error: unknown;
  done: boolean;
  /** Asks the authorisation, approves exactly the amount if needed, deposits; true when mined. */
  onDeposit: (product: RegularProduct, amount: bigint) => Promise<boolean>;
  /** The user changed the term or the amount: a finished or refused deposit's messages no longer apply. */
  onEdit?: () => void;
};

/**
 * A fixed-term deposit: the term (days and daily rate of the catalogue), the amount checked as
 * typed against the product's bounds and the wallet (nothing requested while wrong), the interest
 * it earns at maturity, then the same purchase flow as a package.
 */
export function RegularForm(props: RegularFormProps) {
  const { t } = useTranslation(['finance', 'errors']);
  const [chosen, setChosen] = useState(props.products[0]?.id ?? 0);
  const product = props.products.find((p) => p.id === chosen) ?? props.products[0];
  const [text, setText] = useState('');
  const [attempted, setAttempted] = useState(false);
  if (!product) return null;
  const check = checkRegularAmount(text, product, props.balance ?? null);
  const showProblem = !check.ok && (attempted || text.trim() !== '');
  const busy = props.tx.busy || props.requesting;
  const serverError = props.error ? errorKeyOf(props.error) : null;
  const interest = check.ok ? regularInterest(check.amount, product.dailyRateBps, product.days) : null;
  const range = { min: amountText(product.minAmount, 'USDT'), max: amountText(product.maxAmount, 'USDT') };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    if (!check.ok || busy || props.paused) return;
    if (await props.onDeposit(product, check.amount)) {
      setText('');
      setAttempted(false);
    }
  };

  return (
    <form className="finance-card finance-form" onSubmit={submit} noValidate data-testid="regular-form">
      <fieldset className="regular-terms">
        <legend>{t('finance:regular.term')}</legend>
        {props.products.map((p) => (
          <label key={p.id} className={p.id === product.id ? 'regular-term regular-term-active' : 'regular-term'}>
            <input
              type="radio"
              name="regular-term"
              value={p.id}
              checked={p.id === product.id}
              disabled={busy}
              onChange={() => {
                setChosen(p.id);
                props.onEdit?.();
              }}
            />
            <strong>{t('finance:regular.product', { days: p.days })}</strong>
            <small>{t('finance:regular.rate', { rate: percentText(p.dailyRateBps) })}</small>
          </label>
        ))}
      </fieldset>
      <AmountField
        label={t('finance:regular.amount')}
        value={text}
        onChange={(next) => {
          setText(next);
          props.onEdit?.();
        }}
        symbol="USDT"
        balanceText={t('finance:regular.balance', {
          amount: props.balance !== undefined ? usdtText(props.balance) : '…',
        })}
        max={props.balance ?? null}
        problem={showProblem && !check.ok ? check.problem : null}
        problemValues={{ range }}
        disabled={busy || props.paused}
        hint={t('finance:regular.bounds', { min: usdtText(product.minAmount), max: usdtText(product.maxAmount) })}
        testId="regular"
      />
      <dl className="finance-figures">
        <div>
          <dt>{t('finance:regular.interest')}</dt>
          <dd data-testid="regular-interest">{interest === null ? '—' : usdtText(interest)}</dd>
        </div>
      </dl>
      <p className="finance-note">{t('finance:regular.maturity', { days: product.days })}</p>
      {props.paused ? (
        <p className="finance-error" role="alert">
          {t('finance:subscribe.paused')}
        </p>
      ) : null}
      {serverError ? (
        <p className="finance-error" role="alert" data-testid="regular-error" data-code={serverError.code}>
          {t(`errors:${serverError.code}`, serverError.params)}
        </p>
      ) : null}
      {props.done ? (
        <p className="finance-success" role="status" data-testid="regular-success">
          {t('finance:regular.success')}
        </p>
      ) : null}
      <button
        type="submit"
        className="button button-primary finance-submit"
        data-testid="regular-submit"
        disabled={busy || props.paused}
      >
        {props.requesting ? t('finance:regular.requesting') : t('finance:regular.submit')}
      </button>
      <TxProgress tx={props.tx} />
    </form>
  );
}
