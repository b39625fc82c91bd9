import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AmountField } from '../../components/AmountField.tsx';
import { TxProgress } from '../../tx/TxProgress.tsx';
import type { Transaction } from '../../tx/useTransaction.ts';
import { errorKeyOf } from './errorText.ts';
import { amountText } from './format.ts';
import { checkWithdrawAmount } from './vaultAmounts.ts';

export type WithdrawFormProps = {
  symbol: string;
  /** The ledger's available balance (undefined: not read yet). */
  available: bigint | undefined;
  /** The vault's per-transaction cap of the token (null: unknown). */
  perTxCap: bigint | null;
  /**
   * What the day caps leave today (GET /vault/limits): the user's own payouts cap and the vault-wide one
   * (net outflow); null while unknown.
   */
  limits: { userRemaining: bigint; userDayCap: bigint; vaultRemaining: bigint } | null;
  /** How long a voucher stays valid, in minutes. */
  voucherMinutes: number | null;
  tx: Pick<Transaction, 'state' | 'busy'>;
  /** The voucher is being requested from the server. */
  requesting: boolean;
  /** The server's refusal of the last request (nothing was signed). */
  error: unknown;
  disabled: boolean;
  /** Requests a voucher and sends it; true when the withdrawal was mined. */
  onWithdraw: (amount: bigint) => Promise<boolean>;
};

/**
 * Withdraw from the ledger: the amount with Max = the withdrawable balance, checked as typed
 * ('Insufficient balance', the per-transaction cap and what the day caps leave today are shown and
 * NOTHING is requested), then the voucher request and the wallet's withdraw step.
 */
export function WithdrawForm(props: WithdrawFormProps) {
  const { t } = useTranslation(['vault', 'errors']);
  const { symbol, available, perTxCap, tx, limits } = props;
  const [text, setText] = useState('');
  const [attempted, setAttempted] = useState(false);
  const dayRemaining =
    limits === null
      ? null
      : limits.userRemaining < limits.vaultRemaining
        ? limits.userRemaining
        : limits.vaultRemaining;
  const check = checkWithdrawAmount(text, { available: available ?? null, perTxCap, dayRemaining });
  const showProblem = !check.ok && (attempted || text.trim() !== '');
  const busy = tx.busy || props.requesting;
  const serverError = props.error ? errorKeyOf(props.error) : null;
  const capText = perTxCap !== null ? amountText(perTxCap, symbol) : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    if (!check.ok || busy || props.disabled) return;
    if (await props.onWithdraw(check.amount)) {
      setText('');
      setAttempted(false);
    }
  };

  return (
    <form className="vault-form" onSubmit={submit} noValidate data-testid="withdraw-form">
      <AmountField
        label={t('vault:withdraw.amount')}
        value={text}
        onChange={setText}
        symbol={symbol}
        balanceText={t('vault:withdraw.available', {
          amount: available !== undefined ? `${amountText(available, symbol)} ${symbol}` : '…',
        })}
        max={available ?? null}
        problem={showProblem && !check.ok ? check.problem : null}
        problemValues={{
          ...(capText ? { cap: `${capText} ${symbol}` } : {}),
          ...(dayRemaining !== null ? { remaining: `${amountText(dayRemaining, symbol)} ${symbol}` } : {}),
        }}
        disabled={busy || props.disabled}
        hint={capText ? t('vault:withdraw.cap', { cap: capText, symbol }) : undefined}
        testId="withdraw"
      />
      {limits !== null ? (
        <p className="vault-note" data-testid="withdraw-limits">
          {t('vault:withdraw.today', {
            remaining: amountText(limits.userRemaining, symbol),
            cap: amountText(limits.userDayCap, symbol),
            symbol,
          })}
          {limits.vaultRemaining < limits.userRemaining
            ? ` ${t('vault:withdraw.vaultToday', { remaining: amountText(limits.vaultRemaining, symbol), symbol })}`
            : ''}
        </p>
      ) : null}
      {props.voucherMinutes !== null ? (
        <p className="vault-note">{t('vault:withdraw.note', { minutes: props.voucherMinutes })}</p>
      ) : null}
      {serverError ? (
        <p className="vault-error" role="alert" data-testid="withdraw-error" data-code={serverError.code}>
          {t(`errors:${serverError.code}`, serverError.params)}
        </p>
      ) : null}
      <button
        type="submit"
        className="button button-primary vault-submit"
        data-testid="withdraw-submit"
        disabled={busy || props.disabled}
      >
        {props.requesting ? t('vault:withdraw.requesting') : t('vault:withdraw.submit')}
      </button>
      <TxProgress tx={tx} />
    </form>
  );
}
