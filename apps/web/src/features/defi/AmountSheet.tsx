import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { checkFarmAmount, type FarmAmountProblem } from '@eterno/protocol/farm/amountInput';
import type { FarmPoolView } from '@eterno/protocol/farm/readFarm';
import { TxProgress } from '../../tx/TxProgress.tsx';
import type { Transaction, TxOutcome } from '../../tx/useTransaction.ts';
import { formatInputAmount } from '@eterno/protocol/amount';
import { TOKEN_DECIMALS } from '@eterno/protocol/domain';
import { formatLp } from './format.ts';
import { Sheet } from './Sheet.tsx';

export type AmountAction = 'stake' | 'retrieve';

/**
 * Stake LP / Retrieve: an amount with Max, checked as it is typed (`checkFarmAmount`) and again
 * on submit; a bad amount shows its message and sends nothing. The write's steps show below.
 */
export function AmountSheet({
  action,
  pool,
  tx,
  onSubmit,
  onClose,
}: {
  action: AmountAction;
  pool: FarmPoolView;
  tx: Pick<Transaction, 'state' | 'busy'>;
  onSubmit: (amount: bigint) => Promise<TxOutcome>;
  onClose: () => void;
}) {
  const { t } = useTranslation(['farm', 'errors']);
  const [text, setText] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const inputId = useId();
  const messageId = useId();
  const available = action === 'stake' ? pool.lpBalance : pool.staked;
  const check = checkFarmAmount(text, action, available);
  const problem: FarmAmountProblem | null = check.ok ? null : check.problem;
  const shown = problem !== null && (submitted || (problem !== 'EMPTY' && text.trim() !== '')) ? problem : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!check.ok || tx.busy) return;
    const outcome = await onSubmit(check.amount);
    if (outcome === 'confirmed') {
      setText('');
      setSubmitted(false);
    }
  };

  const title = t(action === 'stake' ? 'farm:form.stakeTitle' : 'farm:form.retrieveTitle', { symbol: pool.symbol });
  return (
    <Sheet title={title} onClose={onClose} testId={`farm-${action}-sheet`}>
      <form className="amount-form" onSubmit={submit} noValidate>
        <div className="amount-form-row">
          <label htmlFor={inputId}>{t('farm:form.amount', { symbol: pool.symbol })}</label>
          <span className="amount-available" data-testid="amount-available">
            {t(action === 'stake' ? 'farm:form.wallet' : 'farm:form.staked', { amount: formatLp(available), symbol: pool.symbol })}
          </span>
        </div>
        <div className={shown ? 'amount-field amount-field-invalid' : 'amount-field'}>
          <input
            id={inputId}
            inputMode="decimal"
            autoComplete="off"
            spellCheck={false}
            placeholder={t('farm:form.placeholder')}
            value={text}
            aria-invalid={shown !== null}
            aria-describedby={shown ? messageId : undefined}
            onChange={(event) => setText(event.target.value)}
          />
          <button type="button" className="amount-max" onClick={() => setText(formatInputAmount(available, TOKEN_DECIMALS))}>
            {t('farm:form.max')}
          </button>
        </div>
        {shown ? (
          <p id={messageId} className="amount-problem" role="alert">
            {shown === 'INSUFFICIENT_BALANCE' ? t('errors:INSUFFICIENT_BALANCE') : t(`farm:problems.${shown}`)}
          </p>
        ) : null}
        <p className="amount-note">{t(action === 'stake' ? 'farm:form.stakeNote' : 'farm:form.retrieveNote')}</p>
        <button type="submit" className="button button-primary amount-submit" disabled={tx.busy}>
          {t(action === 'stake' ? 'farm:form.submitStake' : 'farm:form.submitRetrieve')}
        </button>
      </form>
      <TxProgress tx={tx} />
    </Sheet>
  );
}
