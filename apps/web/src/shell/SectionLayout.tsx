import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet, useLocation } from 'react-router';
import { sectionById, type SectionId } from '../app/sections.ts';

/** A tab bar section: its sub-tabs (spec §2 screen contents) as links, then the page. */
export default function SectionLayout({ section: id }: { section: SectionId }) {
  const { t } = useTranslation(['screens', 'common']);
  const section = sectionById(id);
  const { pathname } = useLocation();
  const strip = useRef<HTMLElement>(null);

  useEffect(() => {
    const active = strip.current?.querySelector<HTMLElement>('.sub-tab.active');
    const nav = strip.current;
    if (!active || !nav) return;
    const overflowLeft = active.offsetLeft - nav.scrollLeft;
    const overflowRight = active.offsetLeft + active.offsetWidth - (nav.scrollLeft + nav.clientWidth);
    if (overflowLeft < 0) nav.scrollLeft += overflowLeft;
    else if (overflowRight > 0) nav.scrollLeft += overflowRight;
  }, [pathname]);

  return (
    <div className="section">
      <nav ref={strip} className="sub-tabs" aria-label={t('common:sectionNav')}>
        {section.tabs.map((tab) => (
          <NavLink key={tab.path} to={`${section.base}/${tab.path}`} className="sub-tab">
            {t(tab.label)}
          </NavLink>
        ))}
      </nav>
      <div className="section-body">
        <Outlet />
      </div>
    </div>
  );
}
