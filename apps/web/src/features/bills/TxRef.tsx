import { useTranslation } from 'react-i18next';
import type { Hash } from 'viem';
import { shortenAddress } from '@eterno/protocol/address';
import { copyText } from '../../components/copyText.ts';
import { toasts } from '../../components/toast/toast.ts';

/** `{explorerUrl}/tx/{hash}`, or null without an explorer. */
export function explorerTxUrl(explorerUrl: string | undefined, hash: Hash): string | null {
  return explorerUrl ? `${explorerUrl}/tx/${hash}` : null;
}

/**
 * The transaction behind an entry: a link to the explorer when the config names one, else the
 * short hash with a copy button (a local chain has no explorer); "No transaction" for null.
 */
export function TxRef({ hash, explorerUrl }: { hash: Hash | null; explorerUrl: string | undefined }) {
  const { t } = useTranslation(['bills', 'common']);
  if (hash === null) return <span className="tx-ref tx-none">{t('bills:noTx')}</span>;
  const short = shortenAddress(hash);
  const url = explorerTxUrl(explorerUrl, hash);
  if (url) {
    return (
      <a
        className="tx-ref"
        href={url}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={t('bills:viewTx', { hash })}
      >
        {short}
      </a>
    );
  }
  const copy = () => {
    copyText(hash).then(
      () => toasts.show({ tone: 'success', message: t('common:copySuccess') }),
      () => undefined,
    );
  };
  return (
    <button
      type="button"
      className="tx-ref tx-copy"
      onClick={copy}
      aria-label={t('bills:copyTx', { hash })}
      data-hash={hash}
    >
      <code>{short}</code>
      <svg viewBox="0 0 24 24" aria-hidden="true">
        <rect x="8.5" y="8.5" width="11" height="11" rx="2.5" />
        <path d="M15.5 8.5V6.5a2 2 0 0 0-2-2h-7a2 2 0 0 0-2 2v7a2 2 0 0 0 2 2h2" />
      </svg>
    </button>
  );
}
