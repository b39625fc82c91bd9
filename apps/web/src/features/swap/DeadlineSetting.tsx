import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DeadlineError,
  MAX_DEADLINE_MINUTES,
  MIN_DEADLINE_MINUTES,
  parseDeadlineMinutes,
} from '@eterno/protocol/swap/deadline';

/**
 * Transaction deadline: how many minutes a trade may wait before it is mined (1 to 4,320, default
 * 20); after that the contract refuses it. An invalid value keeps the last valid one and reports
 * itself with `onInvalid(true)` (the panel then sends nothing).
 */
export function DeadlineSetting({
  minutes,
  onChange,
  onInvalid,
}: {
  minutes: bigint;
  onChange: (minutes: bigint) => void;
  onInvalid: (invalid: boolean) => void;
}) {
  const { t } = useTranslation('swap');
  const [text, setText] = useState(minutes.toString());
  const [error, setError] = useState<DeadlineError['code'] | null>(null);
  const inputId = useId();
  const messageId = useId();

  const type = (next: string) => {
    setText(next);
    try {
      onChange(parseDeadlineMinutes(next));
      setError(null);
      onInvalid(false);
    } catch (caught) {
      if (!(caught instanceof DeadlineError)) throw caught;
      setError(caught.code);
      onInvalid(true);
    }
  };

  const message = error
    ? t(`deadline.${error}`, {
        min: MIN_DEADLINE_MINUTES.toString(),
        max: MAX_DEADLINE_MINUTES.toLocaleString('en-US'),
      })
    : t('deadline.hint');
  return (
    <div className="deadline" data-testid="deadline" data-state={error ? 'invalid' : 'ok'}>
      <div className="deadline-row">
        <label htmlFor={inputId}>{t('deadline.title')}</label>
        <span
          className={error ? 'slippage-custom slippage-custom-invalid deadline-box' : 'slippage-custom deadline-box'}
        >
          <input
            id={inputId}
            data-testid="deadline-minutes"
            inputMode="numeric"
            autoComplete="off"
            aria-invalid={error !== null}
            aria-describedby={messageId}
            value={text}
            onChange={(event) => type(event.target.value)}
          />
          <span aria-hidden="true">{t('deadline.unit')}</span>
        </span>
      </div>
      <p
        id={messageId}
        className={error ? 'slippage-note slippage-note-refuse' : 'deadline-hint'}
        data-testid="deadline-note"
        aria-live="polite"
      >
        {message}
      </p>
    </div>
  );
}
