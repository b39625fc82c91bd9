import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import '../../components/amountField.css';

export type MarketFieldProps = {
  label: string;
  value: string;
  onChange: (text: string) => void;
  symbol: string;
  /** The line beside the label (a balance), or null. */
  note: string | null;
  /** The problem's message to show under the field, or null. */
  problem: { code: string; text: string } | null;
  disabled: boolean;
  testId: string;
};

/** A decimal text field of the market sheets (the amount field's look), with its problem under it. */
export function MarketField(props: MarketFieldProps) {
  const { t } = useTranslation(['amount']);
  const inputId = useId();
  const problemId = useId();
  const { problem } = props;
  return (
    <>
      <div className={problem ? 'amount-box amount-box-invalid' : 'amount-box'}>
        <div className="amount-box-head">
          <label htmlFor={inputId}>{props.label}</label>
          {props.note ? <span className="amount-box-balance">{props.note}</span> : null}
        </div>
        <div className="amount-box-row">
          <input
            id={inputId}
            className="amount-box-input"
            data-testid={`${props.testId}-input`}
            inputMode="decimal"
            autoComplete="off"
            spellCheck={false}
            placeholder={t('amount:placeholder')}
            aria-invalid={problem !== null}
            aria-describedby={problem ? problemId : undefined}
            value={props.value}
            disabled={props.disabled}
            onChange={(event) => props.onChange(event.target.value)}
          />
          <span className="amount-box-token">{props.symbol}</span>
        </div>
      </div>
      {problem ? (
        <p
          id={problemId}
          className="amount-box-problem"
          data-testid={`${props.testId}-problem`}
          data-problem={problem.code}
          role="alert"
        >
          {problem.text}
        </p>
      ) : null}
    </>
  );
}
