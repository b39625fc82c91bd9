import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A bottom sheet over the app box (position absolute inside the shell, so it turns with a rotated
 * app): a dialog with a title and a close button; Esc and the backdrop close it.
 */
export function Sheet({
  title,
  onClose,
  children,
  tall = false,
  testId,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Fill most of the height (the contract source) instead of fitting the content. */
  tall?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation('common');
  const titleId = useId();
  const ref = useRef<HTMLDivElement>(null);
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  });

  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    ref.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        close.current();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      previous?.focus();
    };
  }, []);

  return (
    <div className="sheet-backdrop" onClick={() => close.current()}>
      <div
        ref={ref}
        className={tall ? 'sheet sheet-tall' : 'sheet'}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        data-testid={testId}
        onClick={(event) => event.stopPropagation()}
      >
        <header className="sheet-header">
          <h2 id={titleId}>{title}</h2>
          <button type="button" className="sheet-close" aria-label={t('close')} onClick={() => close.current()}>
            <svg viewBox="0 0 24 24" aria-hidden="true">
              <path d="M6 6l12 12M18 6L6 18" />
            </svg>
          </button>
        </header>
        <div className="sheet-body">{children}</div>
      </div>
    </div>
  );
}
