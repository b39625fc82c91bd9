import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { modal } from '../../components/modal/modal.ts';
import './ecology.css';

const ICONS = {
  defi: <path d="M6 30l8-9 6 5 10-12M24 14h6v6" />,
  nft: (
    <>
      <path d="M18 4l12 7v14l-12 7-12-7V11z" />
      <path d="M13 21l3.5-5 3 3.5 2-2.5 3.5 4" />
    </>
  ),
  nodes: (
    <>
      <circle cx="18" cy="8" r="4" />
      <circle cx="8" cy="27" r="4" />
      <circle cx="28" cy="27" r="4" />
      <path d="M16 11.5l-6 12M20 11.5l6 12M12 27h12" />
    </>
  ),
  gamefi: (
    <>
      <rect x="4" y="11" width="28" height="15" rx="7.5" />
      <path d="M11 16v5M8.5 18.5h5M23 17.5h.01M26.5 20.5h.01" />
    </>
  ),
  metaverse: (
    <>
      <circle cx="18" cy="18" r="13" />
      <path d="M5 18h26M18 5c4 4 5 8.5 5 13s-1 9-5 13M18 5c-4 4-5 8.5-5 13s1 9 5 13" />
    </>
  ),
} satisfies Record<string, ReactNode>;

function EntryIcon({ children }: { children: ReactNode }) {
  return (
    <svg className="entry-icon" viewBox="0 0 36 36" aria-hidden="true">
      {children}
    </svg>
  );
}

/**
 * Ecology overview: DeFi, NFT and nodes entries; GameFi and Metaverse show the 'under construction'
 * tip (spec §2).
 */
export default function EcologyOverview() {
  const { t } = useTranslation(['screens', 'common']);
  const soon = (): void => {
    modal.show({ title: t('common:notice'), message: t('common:underConstruction'), confirmText: t('common:ok') });
  };
  return (
    <div className="ecology-grid">
      <Link className="entry-card entry-defi" to="/ecology/defi">
        <EntryIcon>{ICONS.defi}</EntryIcon>
        <strong>{t('ecology.entries.defi')}</strong>
        <span>{t('ecology.entries.defiHint')}</span>
      </Link>
      <Link className="entry-card entry-nft" to="/ecology/nft">
        <EntryIcon>{ICONS.nft}</EntryIcon>
        <strong>{t('ecology.entries.nft')}</strong>
        <span>{t('ecology.entries.nftHint')}</span>
      </Link>
      <Link className="entry-card entry-wide entry-nodes" to="/ecology/nodes" data-testid="ecology-nodes">
        <EntryIcon>{ICONS.nodes}</EntryIcon>
        <strong>{t('ecology.entries.nodes')}</strong>
        <span>{t('ecology.entries.nodesHint')}</span>
      </Link>
      <button type="button" className="entry-card entry-soon" onClick={soon}>
        <EntryIcon>{ICONS.gamefi}</EntryIcon>
        <strong>{t('ecology.entries.gamefi')}</strong>
        <span className="chip">{t('ecology.entries.soon')}</span>
      </button>
      <button type="button" className="entry-card entry-soon" onClick={soon}>
        <EntryIcon>{ICONS.metaverse}</EntryIcon>
        <strong>{t('ecology.entries.metaverse')}</strong>
        <span className="chip">{t('ecology.entries.soon')}</span>
      </button>
    </div>
  );
}
