import { describe, expect, it } from 'vitest';
import type { RouteObject } from 'react-router';
import { createRoutes } from './routes.tsx';
import { activeSubTab, SECTIONS, sectionById, type SectionId } from './sections.ts';

const tabOf = (id: SectionId, pathname: string) => activeSubTab(sectionById(id), pathname)?.path;

/** Every page route below a section, as an example pathname (`:id` → `7`). */
function sectionPages(): Array<[SectionId, string]> {
  const app = createRoutes({ getSession: () => null, hashOf: () => '' }).find((r) => r.id === 'app');
  const pages: Array<[SectionId, string]> = [];
  for (const child of app?.children ?? []) {
    const section = SECTIONS.find((s) => s.id === child.path);
    if (!section) continue;
    for (const page of (child.children ?? []) as RouteObject[]) {
      if (page.index || page.path === undefined) continue;
      pages.push([section.id, `${section.base}/${page.path.replace(/:[^/]+/g, '7')}`]);
    }
  }
  return pages;
}

describe('activeSubTab: the sub-tab strip highlights where the user is', () => {
  it('finds the pages of every section (the check below is not vacuous)', () => {
    const paths = sectionPages().map(([, path]) => path);
    expect(paths).toEqual(
      expect.arrayContaining(['/assets/swap', '/finance/exchange', '/ecology/nodes', '/ecology/nodes/7']),
    );
    expect(paths.length).toBeGreaterThan(25);
  });

  it.each(sectionPages())('%s: %s highlights exactly one tab', (id, pathname) => {
    const section = sectionById(id);
    const matching = section.tabs.filter((tab) => activeSubTab({ ...section, tabs: [tab] }, pathname));
    expect(matching).toHaveLength(1);
  });

  it.each<[SectionId, string, string]>([
    ['assets', '/assets/swap', 'overview'],
    ['assets', '/assets/overview/usdt', 'overview'],
    ['assets', '/assets/experience', 'experience'],
    ['finance', '/finance/exchange', 'exchange'],
    ['finance', '/finance/overview/subscribe/1', 'overview'],
    ['finance', '/finance/rights-issue-new', 'overview'],
    ['finance', '/finance/mine', 'mine'],
    ['ecology', '/ecology/nodes', 'overview'],
    ['ecology', '/ecology/nodes/3', 'overview'],
    ['mine', '/mine/invite-register', 'invite-register'],
  ])('%s: %s → %s', (id, pathname, tab) => {
    expect(tabOf(id, pathname)).toBe(tab);
  });

  it('matches whole segments only', () => {
    expect(tabOf('finance', '/finance/overviewx')).toBeUndefined();
    expect(tabOf('assets', '/assets/swapping')).toBeUndefined();
    expect(tabOf('finance', '/finance/rights-issue-newer')).toBeUndefined();
  });
});
