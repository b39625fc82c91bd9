import { useEffect, useId, useRef, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { modal as defaultStore, type ModalStore } from './modal.ts';
import './GlobalModal.css';

/** The global modal (spec §1), rendered once at the root; `modal.show()` / `modal.hide()` drive it. */
export function GlobalModal({ store = defaultStore }: { store?: ModalStore }) {
  const state = useSyncExternalStore(store.subscribe, store.getState, store.getState);
  const { t } = useTranslation('common');
  const titleId = useId();
  const messageId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const visible = state.visible;
  const id = state.visible ? state.id : 0;
  const closable = state.visible ? state.options.closable !== false : false;

  useEffect(() => {
    if (!visible) return undefined;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const dialog = dialogRef.current;
    const first = dialog?.querySelector<HTMLElement>('[data-autofocus]') ?? dialog;
    first?.focus();
    return () => {
      previous?.focus();
    };
  }, [visible, id]);

  useEffect(() => {
    if (!visible || !closable) return undefined;
    const onKey = (event: KeyboardEvent): void => {
      if (event.key === 'Escape') {
        event.preventDefault();
        store.cancel();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [visible, closable, store]);

  if (!state.visible) return null;
  const { title, message, confirmText, cancelText, onConfirm, onCancel } = state.options;
  const hasConfirm = confirmText !== undefined || onConfirm !== undefined;
  const hasCancel = cancelText !== undefined || onCancel !== undefined;

  return (
    <div className="modal-backdrop" onClick={closable ? () => store.cancel() : undefined}>
      <div
        ref={dialogRef}
        className="modal"
        role="dialog"
        aria-modal="true"
        aria-labelledby={title ? titleId : undefined}
        aria-describedby={messageId}
        tabIndex={-1}
        onClick={(event) => event.stopPropagation()}
      >
        {closable ? (
          <button type="button" className="modal-close" aria-label={t('close')} onClick={() => store.cancel()}>
            <svg viewBox="0 0 24 24" aria-hidden="true">
              <path d="M6 6l12 12M18 6L6 18" />
            </svg>
          </button>
        ) : null}
        {title ? (
          <h2 id={titleId} className="modal-title">
            {title}
          </h2>
        ) : null}
        <p id={messageId} className="modal-message">
          {message}
        </p>
        {hasConfirm || hasCancel ? (
          <div className="modal-actions">
            {hasCancel ? (
              <button type="button" className="button modal-cancel" onClick={() => store.cancel()}>
                {cancelText ?? t('cancel')}
              </button>
            ) : null}
            {hasConfirm ? (
              <button
                type="button"
                className="button button-primary modal-confirm"
                data-autofocus
                onClick={() => store.confirm()}
              >
                {confirmText ?? t('confirm')}
              </button>
            ) : null}
          </div>
        ) : null}
      </div>
    </div>
  );
}
