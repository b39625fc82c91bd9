import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FigureLocale, FigureText as Figure } from '@eterno/protocol/figure';
import './figureText.css';

/** The app language as the figure formatters know it (zh for any Chinese, else en). */
export function useFigureLocale(): FigureLocale {
  const { i18n } = useTranslation();
  return i18n.language?.startsWith('zh') ? 'zh' : 'en';
}

/**
 * A figure that always fits its line: the short text (never cut with "…", never broken mid-digit),
 * and, when it was shortened, a tap (or Enter) shows the exact value under it
 * (docs/decisions/amount-display.md). `prefix` ("≈") and `suffix` (a token symbol) go around both.
 */
export function FigureText({
  figure,
  prefix,
  suffix,
  className,
  testId,
  align = 'end',
}: {
  figure: Figure;
  prefix?: string;
  suffix?: string;
  className?: string;
  testId?: string;
  /** Which edge the exact value's bubble lines up with: the figure's end (right) or start. */
  align?: 'start' | 'end';
}) {
  const { t } = useTranslation('common');
  const [open, setOpen] = useState(false);
  const exactId = useId();
  const around = (value: string) => [prefix, value, suffix].filter(Boolean).join(' ');
  const text = around(figure.text);
  const classes = className ? `figure-text ${className}` : 'figure-text';
  if (!figure.shortened) {
    return (
      <span className={classes} data-testid={testId} data-exact={figure.exact}>
        {text}
      </span>
    );
  }
  const exact = around(figure.exact);
  return (
    <span className={align === 'start' ? 'figure-text-wrap figure-text-start' : 'figure-text-wrap'}>
      <button
        type="button"
        className={`${classes} figure-text-button`}
        data-testid={testId}
        data-exact={figure.exact}
        aria-expanded={open}
        aria-controls={exactId}
        title={t('figure.exactHint')}
        onClick={() => setOpen((v) => !v)}
      >
        {text}
      </button>
      <span id={exactId} className="figure-exact" role="status" hidden={!open}>
        {open ? (
          <>
            <span className="figure-exact-label">{t('figure.exact')}</span>
            {exact}
          </>
        ) : null}
      </span>
    </span>
  );
}
