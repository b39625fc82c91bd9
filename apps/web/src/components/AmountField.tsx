import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatInputAmount } from '@eterno/protocol/amount';
import type { AmountProblem } from '@eterno/protocol/amountCheck';
import { TOKEN_DECIMALS } from '@eterno/protocol/domain';
import { amountProblemText, type AmountProblemValues } from './amountProblemText.ts';
import { TokenIcon } from './TokenIcon.tsx';
import './amountField.css';

export type AmountFieldProps = {
  /** The visible label (the input's accessible name unless `ariaLabel` is given). */
  label: string;
  /** An accessible name more precise than the label ("Amount of USDT to pay"). */
  ariaLabel?: string;
  /** The typed text, kept as text: the form's checker parses it (no floats). */
  value: string;
  onChange: (text: string) => void;
  /** The token typed, shown beside the input with its icon. */
  symbol: string;
  /** The line beside the label ("Balance: 12.5 USDT"), formatted by the form. */
  balanceText: string;
  /** What Max fills, exactly (null: not known yet, Max disabled). */
  max: bigint | null;
  /** The problem to show under the field (null: none shown). */
  problem: AmountProblem | null;
  problemValues?: AmountProblemValues;
  disabled?: boolean;
  /** A note inside the box under the input (a minimum, …). */
  hint?: ReactNode;
  /** Prefix of the test ids: `<testId>-amount`, `-balance`, `-max`, `-problem`. */
  testId?: string;
};

/**
 * The amount input of every form (swap, stake, DeFi): label, balance with Max, a decimal text
 * input with the token, and the checker's problem as a message in the user's language. The form
 * owns the text and the check; this only shows them.
 */
export function AmountField(props: AmountFieldProps) {
  const { value, problem, max, testId } = props;
  const { t } = useTranslation(['amount', 'errors']);
  const inputId = useId();
  const problemId = useId();
  const id = (part: string) => (testId ? `${testId}-${part}` : undefined);
  return (
    <>
      <div className={problem ? 'amount-box amount-box-invalid' : 'amount-box'}>
        <div className="amount-box-head">
          <label htmlFor={inputId}>{props.label}</label>
          <span className="amount-box-balance" data-testid={id('balance')}>
            {props.balanceText}
          </span>
          <button
            type="button"
            className="amount-box-max"
            data-testid={id('max')}
            disabled={max === null || props.disabled}
            onClick={() => max !== null && props.onChange(formatInputAmount(max, TOKEN_DECIMALS))}
          >
            {t('amount:max')}
          </button>
        </div>
        <div className="amount-box-row">
          <input
            id={inputId}
            className="amount-box-input"
            data-testid={id('amount')}
            inputMode="decimal"
            autoComplete="off"
            spellCheck={false}
            placeholder={t('amount:placeholder')}
            aria-label={props.ariaLabel}
            aria-invalid={problem !== null}
            aria-describedby={problem ? problemId : undefined}
            value={value}
            disabled={props.disabled}
            onChange={(event) => props.onChange(event.target.value)}
          />
          <span className="amount-box-token">
            <TokenIcon symbol={props.symbol} />
            {props.symbol}
          </span>
        </div>
        {props.hint ? <span className="amount-box-hint">{props.hint}</span> : null}
      </div>
      {problem ? (
        <p
          id={problemId}
          className="amount-box-problem"
          data-testid={id('problem')}
          data-problem={problem}
          role="alert"
        >
          {amountProblemText(t, problem, props.problemValues)}
        </p>
      ) : null}
    </>
  );
}
