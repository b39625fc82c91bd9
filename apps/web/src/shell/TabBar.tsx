import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { SECTIONS, type SectionId } from '../app/sections.ts';

const ICONS: Record<SectionId, ReactNode> = {
  home: <path d="M4 10.5 12 4l8 6.5V19a1 1 0 0 1-1 1h-4.5v-5.5h-5V20H5a1 1 0 0 1-1-1z" />,
  finance: (
    <>
      <rect x="3.5" y="7" width="17" height="12.5" rx="2.5" />
      <path d="M8.5 7V5.5a1.5 1.5 0 0 1 1.5-1.5h4a1.5 1.5 0 0 1 1.5 1.5V7M3.5 12.5h17M12 11v3" />
    </>
  ),
  market: <path d="M4 19.5h16M6.5 16V10M11 16V6M15.5 16v-4.5M20 4.5l-4.5 4-3-2.5L4 12" />,
  assets: (
    <>
      <path d="M4 7.5A2.5 2.5 0 0 1 6.5 5h11A2.5 2.5 0 0 1 20 7.5v9a2.5 2.5 0 0 1-2.5 2.5h-11A2.5 2.5 0 0 1 4 16.5z" />
      <path d="M20 10h-4a2 2 0 0 0 0 4h4" />
    </>
  ),
  ecology: (
    <>
      <circle cx="12" cy="12" r="3" />
      <circle cx="5.5" cy="6" r="2" />
      <circle cx="18.5" cy="6" r="2" />
      <circle cx="12" cy="20" r="1.8" />
      <path d="M7 7.5l2.8 2.6M17 7.5l-2.8 2.6M12 15v3.2" />
    </>
  ),
  mine: (
    <>
      <circle cx="12" cy="8.5" r="4" />
      <path d="M4.5 20a7.5 7.5 0 0 1 15 0" />
    </>
  ),
};

/** The bottom tab bar (spec §2): Home, Finance ("Kits"), Market, Assets, Ecology, Mine. */
export function TabBar() {
  const { t } = useTranslation('common');
  return (
    <nav className="tab-bar" aria-label={t('mainNav')}>
      {SECTIONS.map((section) => (
        <NavLink key={section.id} to={section.base} className="tab-bar-item" data-section={section.id}>
          <svg viewBox="0 0 24 24" aria-hidden="true">
            {ICONS[section.id]}
          </svg>
          <span>{t(section.label)}</span>
        </NavLink>
      ))}
    </nav>
  );
}
