import { useTranslation } from 'react-i18next';
import { NavLink, Outlet } from 'react-router';
import { sectionById, type SectionId } from '../app/sections.ts';

/** A tab bar section: its sub-tabs (spec §2 screen contents) as links, then the page. */
export default function SectionLayout({ section: id }: { section: SectionId }) {
  const { t } = useTranslation(['screens', 'common']);
  const section = sectionById(id);
  return (
    <div className="section">
      <nav className="sub-tabs" aria-label={t('common:sectionNav')}>
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
