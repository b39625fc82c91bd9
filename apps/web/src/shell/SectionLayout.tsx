import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { activeSubTab, sectionById, type SectionId } from '../app/sections.ts';

/**
 * A tab bar section: its sub-tabs (spec §2 screen contents) as links, then the page. The highlighted
 * tab is `activeSubTab`'s (a tab also stands for the routes it `owns`, e.g. Swap under Assets overview).
 */
export default function SectionLayout({ section: id }: { section: SectionId }) {
  const { t } = useTranslation(['screens', 'common']);
  const section = sectionById(id);
  const { pathname } = useLocation();
  const strip = useRef<HTMLDivElement>(null);
  const active = activeSubTab(section, pathname);

  useEffect(() => {
    const current = strip.current?.querySelector<HTMLElement>('.sub-tab.active');
    const nav = strip.current;
    if (!current || !nav) return;
    const overflowLeft = current.offsetLeft - nav.scrollLeft;
    // the end padding is where the right-edge fade is: a tab scrolled into view clears it
    const fade = parseFloat(getComputedStyle(nav).paddingRight) || 0;
    const overflowRight = current.offsetLeft + current.offsetWidth + fade - (nav.scrollLeft + nav.clientWidth);
    if (overflowLeft < 0) nav.scrollLeft += overflowLeft;
    else if (overflowRight > 0) nav.scrollLeft += overflowRight;
  }, [pathname]);

  return (
    <div className="section">
      <nav className="sub-tabs" aria-label={t('common:sectionNav')}>
        <div ref={strip} className="sub-tabs-scroll">
          {section.tabs.map((tab) => (
            <Link
              key={tab.path}
              to={`${section.base}/${tab.path}`}
              className={tab === active ? 'sub-tab active' : 'sub-tab'}
              aria-current={tab === active ? 'page' : undefined}
            >
              {t(tab.label)}
            </Link>
          ))}
        </div>
      </nav>
      <div>
        <Outlet />
      </div>
    </div>
  );
}
