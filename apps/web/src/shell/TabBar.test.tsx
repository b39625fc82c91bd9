// @vitest-environment jsdom
import '../i18n/index.ts';
import { act, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../i18n/index.ts';
import { TabBar } from './TabBar.tsx';

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '*', Component: TabBar }], { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return screen.getByRole('navigation');
}

afterEach(async () => {
  await act(() => setLanguage('en'));
  localStorage.clear();
});

describe('<TabBar/> (spec §2)', () => {
  it('labels the six tabs in English, Finance as "Kits", linking to the sections', () => {
    const nav = renderAt('/home/eterno');
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['Home', 'Kits', 'Market', 'Assets', 'Ecology', 'Mine']);
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/home',
      '/finance',
      '/market',
      '/assets',
      '/ecology',
      '/mine',
    ]);
  });

  it('labels them in Chinese', async () => {
    await act(() => setLanguage('zh'));
    const nav = renderAt('/home/eterno');
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['首页', '理财', '市场', '资产', '生态', '我的']);
  });

  it('marks the tab of the current section active', () => {
    const nav = renderAt('/assets/overview/units');
    const active = within(nav)
      .getAllByRole('link')
      .filter((link) => link.getAttribute('aria-current') === 'page');
    expect(active.map((link) => link.textContent)).toEqual(['Assets']);
  });
});
