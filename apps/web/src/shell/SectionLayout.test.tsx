// @vitest-environment jsdom
import '../i18n/index.ts';
import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { SectionId } from '../app/sections.ts';
import SectionLayout from './SectionLayout.tsx';

function renderSection(section: SectionId, path: string) {
  const router = createMemoryRouter([{ path: `/${section}/*`, element: <SectionLayout section={section} /> }], {
    initialEntries: [path],
  });
  render(<RouterProvider router={router} />);
  return within(screen.getByRole('navigation', { name: 'Section navigation' }));
}

describe('<SectionLayout/> sub-tabs (spec §2 screen contents)', () => {
  it.each<[SectionId, string[]]>([
    ['home', ['ETERNO', 'TREND']],
    ['finance', ['Buy', 'Orders', 'Past', 'Regular', 'Stake', 'Exchange']],
    ['market', ['EUSD market', 'Orders']],
    ['assets', ['Assets overview', 'Income rewards', 'Data index', 'Contribution bill']],
    ['ecology', ['Overview', 'DeFi', 'NFT']],
    [
      'mine',
      ["Today's volume", 'Invite register', 'First-level network', 'Framework network', 'Team network', 'Settings'],
    ],
  ])('%s shows %j', (section, labels) => {
    const nav = renderSection(section, `/${section}/x`);
    expect(nav.getAllByRole('link').map((link) => link.textContent)).toEqual(labels);
  });

  it('marks the current sub-tab, including below it (an asset detail is in Assets overview)', () => {
    const nav = renderSection('assets', '/assets/overview/usdt');
    const current = nav.getAllByRole('link').filter((link) => link.getAttribute('aria-current') === 'page');
    expect(current.map((link) => link.textContent)).toEqual(['Assets overview']);
  });

  it.each<[SectionId, string, string]>([
    ['assets', '/assets/swap', 'Assets overview'],
    ['finance', '/finance/exchange', 'Exchange'],
    ['ecology', '/ecology/nodes/2', 'Overview'],
  ])('%s: %s highlights %s (one tab, marked active)', (section, path, label) => {
    const nav = renderSection(section, path);
    const current = nav.getAllByRole('link').filter((link) => link.getAttribute('aria-current') === 'page');
    expect(current.map((link) => [link.textContent, link.className])).toEqual([[label, 'sub-tab active']]);
  });
});
