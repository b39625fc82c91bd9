import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { shortenAddress } from '@eterno/protocol/address';
import { copyText } from '../components/copyText.ts';
import { modal } from '../components/modal/modal.ts';
import { Logo } from '../components/Logo.tsx';

/**
 * App bar: logo, the short address of the session and a copy button. "Copy successful" shows for a
 * moment over the address chip itself (its own `copy-pill` class: never the transaction toasts'
 * `toast`), so it covers nothing under the header such as the sub-tabs.
 */
export function Header({ address }: { address: string | undefined }) {
  const { t } = useTranslation('common');
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return undefined;
    const timer = setTimeout(() => setCopied(false), 1800);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = (): void => {
    if (!address) return;
    copyText(address).then(
      () => setCopied(true),
      (error: unknown) =>
        modal.show({
          title: t('notice'),
          message: error instanceof Error ? error.message : String(error),
          confirmText: t('ok'),
        }),
    );
  };

  return (
    <header className="app-header">
      <div className="app-brand">
        <Logo />
        <span>{t('appName')}</span>
      </div>
      {address ? (
        <div className="account-chip" title={address}>
          <span className="account-dot" aria-hidden="true" />
          <span className="account-address" aria-label={t('account', { address })}>
            {shortenAddress(address)}
          </span>
          <button type="button" className="copy-button" aria-label={t('copyAddress')} onClick={copy}>
            {copied ? (
              <svg viewBox="0 0 24 24" aria-hidden="true">
                <path d="M5 12.5l4.5 4.5L19 7.5" />
              </svg>
            ) : (
              <svg viewBox="0 0 24 24" aria-hidden="true">
                <rect x="8.5" y="8.5" width="11" height="11" rx="2.5" />
                <path d="M15.5 8.5V6.5a2 2 0 0 0-2-2h-7a2 2 0 0 0-2 2v7a2 2 0 0 0 2 2h2" />
              </svg>
            )}
          </button>
          <p className={copied ? 'copy-pill copy-pill-visible' : 'copy-pill'} role="status" aria-live="polite">
            {copied ? t('copySuccess') : ''}
          </p>
        </div>
      ) : null}
    </header>
  );
}
