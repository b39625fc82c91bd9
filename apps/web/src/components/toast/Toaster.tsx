import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { shortenAddress } from '@eterno/protocol/address';
import { toasts as defaultStore, type ToastStore } from './toast.ts';
import './toast.css';

/** The toasts, rendered once by the signed-in shell. Announced politely to screen readers. */
export function Toaster({ store = defaultStore }: { store?: ToastStore }) {
  const list = useSyncExternalStore(store.subscribe, store.getState, store.getState);
  const { t } = useTranslation('common');
  return (
    <div className="toaster" aria-live="polite">
      {list.map((toast) => (
        <div
          key={toast.id}
          className={`toast toast-${toast.tone}`}
          role={toast.tone === 'error' ? 'alert' : 'status'}
          data-testid="toast"
        >
          <p className="toast-message">{toast.message}</p>
          {toast.hash ? (
            <p className="toast-hash" title={toast.hash} data-hash={toast.hash}>
              {t('txHash', { hash: shortenAddress(toast.hash) })}
            </p>
          ) : null}
          <button type="button" className="toast-close" aria-label={t('close')} onClick={() => store.dismiss(toast.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
