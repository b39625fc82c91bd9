import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { checkFarmAmount, type FarmAmountProblem } from '@eterno/protocol/farm/amountInput';
import type { FarmPoolView } from '@eterno/protocol/farm/readFarm';
import { AmountField } from '../../components/AmountField.tsx';
import { sheetDone } from '../../tx/formAttempt.ts';
import { TxProgress } from '../../tx/TxProgress.tsx';
import type { Transaction, TxOutcome } from '../../tx/useTransaction.ts';
import { formatLp } from './format.ts';
import { Sheet } from './Sheet.tsx';

export type AmountAction = 'stake' | 'retrieve';

/**
 * Stake LP / Retrieve: an amount with Max, checked as it is typed (`checkFarmAmount`) and again
 * on submit; a bad amount shows its message and sends nothing. The write's steps show below; a
 * confirmed write closes the sheet (its toast says so), as every sheet does (tx/formAttempt.ts).
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
  const { t } = useTranslation(['defi']);
  const [text, setText] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const available = action === 'stake' ? pool.lpBalance : pool.staked;
  const check = checkFarmAmount(text, action, available);
  const problem: FarmAmountProblem | null = check.ok ? null : check.problem;
  const shown =
    problem !== null && !sheetDone(tx.state.phase) && (submitted || (problem !== 'EMPTY' && text.trim() !== ''))
      ? problem
      : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!check.ok || tx.busy) return;
    if ((await onSubmit(check.amount)) === 'confirmed') onClose();
  };

  const title = t(action === 'stake' ? 'defi:form.stakeTitle' : 'defi:form.retrieveTitle', { symbol: pool.symbol });
  return (
    <Sheet title={title} onClose={onClose} testId={`farm-${action}-sheet`}>
      <form className="amount-form" onSubmit={submit} noValidate>
        <AmountField
          label={t('defi:form.amount', { symbol: pool.symbol })}
          value={text}
          onChange={setText}
          symbol={pool.symbol}
          balanceText={t(action === 'stake' ? 'defi:form.wallet' : 'defi:form.staked', {
            amount: formatLp(available),
            symbol: pool.symbol,
          })}
          max={available}
          problem={shown}
          testId="defi"
        />
        <p className="amount-note">{t(action === 'stake' ? 'defi:form.stakeNote' : 'defi:form.retrieveNote')}</p>
        <button type="submit" className="button button-primary amount-submit" disabled={tx.busy}>
          {t(action === 'stake' ? 'defi:form.submitStake' : 'defi:form.submitRetrieve')}
        </button>
      </form>
      <TxProgress tx={tx} />
    </Sheet>
  );
}
