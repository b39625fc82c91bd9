import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AmountField } from '../../components/AmountField.tsx';
import { TxProgress } from '../../tx/TxProgress.tsx';
import type { Transaction } from '../../tx/useTransaction.ts';
import { errorKeyOf } from './errorText.ts';
import { amountText } from './format.ts';
import { checkSpendAmount } from './vaultAmounts.ts';

export type DepositFormProps = {
  symbol: string;
  /** The wallet's balance of the token (undefined: not read yet). */
  balance: bigint | undefined;
  tx: Pick<Transaction, 'state' | 'busy'>;
  requesting: boolean;
  error: unknown;
  disabled: boolean;
  /** Asks the server's authorisation, approves exactly the amount if needed, deposits; true when mined. */
  onDeposit: (amount: bigint) => Promise<boolean>;
};

/** Deposit into the vault: the amount with Max = the wallet balance, checked as typed (nothing requested while wrong). */
export function DepositForm(props: DepositFormProps) {
  const { t } = useTranslation(['vault', 'errors']);
  const { symbol, balance, tx } = props;
  const [text, setText] = useState('');
  const [attempted, setAttempted] = useState(false);
  const check = checkSpendAmount(text, balance ?? null);
  const showProblem = !check.ok && (attempted || text.trim() !== '');
  const busy = tx.busy || props.requesting;
  const serverError = props.error ? errorKeyOf(props.error) : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    if (!check.ok || busy || props.disabled) return;
    if (await props.onDeposit(check.amount)) {
      setText('');
      setAttempted(false);
    }
  };

  return (
    <form className="vault-form" onSubmit={submit} noValidate data-testid="deposit-form">
      <AmountField
        label={t('vault:deposit.amount')}
        value={text}
        onChange={setText}
        symbol={symbol}
        balanceText={t('vault:deposit.balance', {
          amount: balance !== undefined ? `${amountText(balance, symbol)} ${symbol}` : '…',
        })}
        max={balance ?? null}
        problem={showProblem && !check.ok ? check.problem : null}
        disabled={busy || props.disabled}
        testId="deposit"
      />
      <p className="vault-note">{t('vault:deposit.note')}</p>
      {serverError ? (
        <p className="vault-error" role="alert" data-testid="deposit-error" data-code={serverError.code}>
          {t(`errors:${serverError.code}`, serverError.params)}
        </p>
      ) : null}
      <button
        type="submit"
        className="button button-primary vault-submit"
        data-testid="deposit-submit"
        disabled={busy || props.disabled}
      >
        {props.requesting ? t('vault:deposit.requesting') : t('vault:deposit.submit')}
      </button>
      <TxProgress tx={tx} />
    </form>
  );
}
