import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { shortenAddress } from '@eterno/protocol/address';
import { pendingChangeId, type PendingChange } from '@eterno/protocol/pending/readPendingChanges';
import { getConfig } from '../../config.ts';
import { formatDateTime } from '../../i18n/dateTime.ts';
import { useDismissedChanges } from './dismissedChanges.ts';
import { usePendingChanges } from './usePendingChanges.ts';
import './pending.css';

/** The test id of the banner (the e2e suites check it is really visible). */
export const PENDING_BANNER_TEST_ID = 'pending-changes';

/** A name from the deployments with the short address, or the short address alone. */
function who(address: string, name: string | null): string {
  return name ? `${name} (${shortenAddress(address)})` : shortenAddress(address);
}

function useChangeText() {
  const { t, i18n } = useTranslation('pending');
  return {
    what(change: PendingChange): string {
      switch (change.kind) {
        case 'ownerTransfer':
          return t('kind.ownerTransfer', { who: who(change.newOwner, change.newOwnerName) });
        case 'vaultSigner':
          return t('kind.vaultSigner', { who: shortenAddress(change.signer) });
        case 'vaultCapIncrease':
          return t('kind.vaultCapIncrease', { token: change.tokenName ?? shortenAddress(change.token) });
        case 'ledgerWriter':
          return t('kind.ledgerWriter', { who: who(change.writer, change.writerName) });
        case 'placementSigner':
          return t('kind.placementSigner', { who: shortenAddress(change.signer) });
        case 'farmAllocation':
          return t('kind.farmAllocation', { pid: change.pid.toString(), points: change.allocPoint.toString() });
      }
    },
    when(change: PendingChange, now: bigint): string {
      if (change.eta === null) return t('when.accept');
      if (change.eta <= now) return t('when.now');
      return t('when.from', { time: formatDateTime(change.eta, i18n.language) });
    },
    contract(change: PendingChange): string {
      return t(`contracts.${change.contract}`);
    },
  };
}

/**
 * What the banner shows, from the chain's figures: the first change in one line (contract, what,
 * when), how many more, and on "Details" every change with the contract's full address (a link to
 * the explorer when the config names one), the full addresses of what changes and the exact time.
 */
export function PendingChangesView({
  changes,
  timestamp,
  explorerUrl,
  onDismiss,
}: {
  changes: readonly PendingChange[];
  /** The chain's time at the block read (unix seconds): an eta at or before it can take effect now. */
  timestamp: bigint;
  explorerUrl: string | undefined;
  onDismiss: () => void;
}) {
  const { t } = useTranslation('pending');
  const text = useChangeText();
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  const [first] = changes;
  if (!first) return null;
  return (
    <section
      className="pending-banner"
      role="status"
      aria-live="polite"
      aria-label={t('title', { count: changes.length })}
      data-testid={PENDING_BANNER_TEST_ID}
      data-count={changes.length}
    >
      <div className="pending-banner-row">
        <svg className="pending-banner-icon" viewBox="0 0 24 24" aria-hidden="true">
          <path d="M12 3.5 2.8 19.5h18.4L12 3.5z" />
          <path d="M12 10v4.5M12 17.2v.3" />
        </svg>
        <div className="pending-banner-text">
          <strong className="pending-banner-title">{t('title', { count: changes.length })}</strong>
          <span
            className="pending-banner-summary"
            data-testid="pending-summary"
            data-kind={first.kind}
            data-eta={first.eta?.toString() ?? ''}
          >
            {text.contract(first)} · {text.what(first)} · {text.when(first, timestamp)}
            {changes.length > 1 ? ` ${t('more', { count: changes.length - 1 })}` : ''}
          </span>
        </div>
        <button
          type="button"
          className="pending-banner-dismiss"
          aria-label={t('dismiss')}
          data-testid="pending-dismiss"
          onClick={onDismiss}
        >
          <svg viewBox="0 0 24 24" aria-hidden="true">
            <path d="M6 6l12 12M18 6L6 18" />
          </svg>
        </button>
      </div>
      <button
        type="button"
        className="pending-banner-toggle"
        aria-expanded={open}
        aria-controls={detailsId}
        onClick={() => setOpen((value) => !value)}
      >
        {open ? t('hideDetails') : t('details')}
      </button>
      {open ? (
        <div id={detailsId} className="pending-banner-details">
          <p className="pending-banner-explain">{t('explain')}</p>
          <ul>
            {changes.map((change) => (
              <li
                key={pendingChangeId(change)}
                data-testid="pending-change"
                data-kind={change.kind}
                data-eta={change.eta?.toString() ?? ''}
              >
                <span className="pending-change-what">{text.what(change)}</span>
                <span className="pending-change-when">{text.when(change, timestamp)}</span>
                <span className="pending-change-at">
                  {explorerUrl ? (
                    <a href={`${explorerUrl}/address/${change.address}`} target="_blank" rel="noreferrer">
                      {t('contractAt', { contract: text.contract(change), address: change.address })}
                    </a>
                  ) : (
                    t('contractAt', { contract: text.contract(change), address: change.address })
                  )}
                </span>
                {subjectAddress(change) ? (
                  <code className="pending-change-subject">{subjectAddress(change)}</code>
                ) : null}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}

/** The full address the change concerns, for the details (a farm allocation names its pool instead). */
function subjectAddress(change: PendingChange): string | null {
  switch (change.kind) {
    case 'ownerTransfer':
      return change.newOwner;
    case 'vaultSigner':
    case 'placementSigner':
      return change.signer;
    case 'vaultCapIncrease':
      return change.token;
    case 'ledgerWriter':
      return change.writer;
    case 'farmAllocation':
      return null;
  }
}

/**
 * The pending-change banner under the header, on every signed-in screen: read from the chain each
 * block, hidden while nothing is pending; dismissing it hides the changes it shows for this session,
 * and a new change (a new proposal) brings it back. A read that has never succeeded says so.
 */
export function PendingChangesBanner() {
  const { t } = useTranslation(['pending', 'common']);
  const { data, error, retry } = usePendingChanges();
  const [dismissed, dismiss] = useDismissedChanges();
  if (data === undefined) {
    if (!error || dismissed.has('read-error')) return null;
    return (
      <section className="pending-banner pending-banner-error" role="status" data-testid="pending-read-error">
        <div className="pending-banner-row">
          <span className="pending-banner-summary">{t('pending:readError')}</span>
          <button type="button" className="pending-banner-toggle" onClick={retry}>
            {t('common:retry')}
          </button>
          <button
            type="button"
            className="pending-banner-dismiss"
            aria-label={t('pending:dismiss')}
            onClick={() => dismiss(['read-error'])}
          >
            <svg viewBox="0 0 24 24" aria-hidden="true">
              <path d="M6 6l12 12M18 6L6 18" />
            </svg>
          </button>
        </div>
      </section>
    );
  }
  const shown = data.changes.filter((change) => !dismissed.has(pendingChangeId(change)));
  return (
    <PendingChangesView
      changes={shown}
      timestamp={data.timestamp}
      explorerUrl={getConfig().explorerUrl}
      onDismiss={() => dismiss(shown.map(pendingChangeId))}
    />
  );
}
