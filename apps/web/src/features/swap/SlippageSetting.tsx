import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  parseSlippagePercent,
  SLIPPAGE_PRESETS_BPS,
  SlippageError,
  slippageLevel,
} from '@eterno/protocol/swap/slippage';
import { percentText } from './format.ts';

/**
 * Slippage tolerance: presets 0.5 / 1 / 3 % and a custom percentage. From 5 % a warning, from 10 %
 * the trade asks for confirmation, from 15 % it is refused (the panel applies it). An invalid custom
 * value keeps the last valid one and reports itself with `onInvalid(true)`.
 */
export function SlippageSetting({
  bps,
  onChange,
  onInvalid,
}: {
  bps: bigint;
  onChange: (bps: bigint) => void;
  onInvalid: (invalid: boolean) => void;
}) {
  const { t } = useTranslation('swap');
  const isPreset = (SLIPPAGE_PRESETS_BPS as readonly bigint[]).includes(bps);
  const [custom, setCustom] = useState(isPreset ? '' : percentText(bps));
  const [error, setError] = useState<SlippageError['code'] | null>(null);
  const customId = useId();
  const messageId = useId();
  const level = slippageLevel(bps);

  const typeCustom = (text: string) => {
    setCustom(text);
    if (text.trim() === '') {
      setError(null);
      onInvalid(false);
      return;
    }
    try {
      onChange(parseSlippagePercent(text));
      setError(null);
      onInvalid(false);
    } catch (caught) {
      if (!(caught instanceof SlippageError)) throw caught;
      setError(caught.code);
      onInvalid(true);
    }
  };
  const pick = (preset: bigint) => {
    setCustom('');
    setError(null);
    onInvalid(false);
    onChange(preset);
  };

  const message = error ? t(`slippage.${error}`) : level === 'ok' ? null : t(`slippage.${level}`);
  return (
    <div className="slippage" data-testid="slippage" data-level={error ? 'invalid' : level}>
      <div className="slippage-head">
        <span>{t('slippage.title')}</span>
        <strong data-testid="slippage-value">{t('quote.percent', { percent: percentText(bps) })}</strong>
      </div>
      <div className="slippage-options" role="group" aria-label={t('slippage.presets')}>
        {SLIPPAGE_PRESETS_BPS.map((preset) => (
          <button
            key={preset.toString()}
            type="button"
            className="slippage-preset"
            aria-pressed={custom === '' && bps === preset}
            onClick={() => pick(preset)}
          >
            {t('quote.percent', { percent: percentText(preset) })}
          </button>
        ))}
        <label className={error ? 'slippage-custom slippage-custom-invalid' : 'slippage-custom'} htmlFor={customId}>
          <input
            id={customId}
            data-testid="slippage-custom"
            inputMode="decimal"
            autoComplete="off"
            placeholder={t('slippage.custom')}
            aria-label={t('slippage.customLabel')}
            aria-invalid={error !== null}
            aria-describedby={message ? messageId : undefined}
            value={custom}
            onChange={(event) => typeCustom(event.target.value)}
          />
          <span aria-hidden="true">%</span>
        </label>
      </div>
      {message ? (
        <p
          id={messageId}
          className={`slippage-note slippage-note-${error ? 'refuse' : level}`}
          data-testid="slippage-note"
        >
          {message}
        </p>
      ) : null}
    </div>
  );
}
