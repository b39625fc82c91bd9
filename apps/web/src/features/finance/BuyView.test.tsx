// @vitest-environment jsdom
import '../../i18n/index.ts';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../i18n/index.ts';
import { BuyView } from './BuyView.tsx';
import { CATALOGUE, PACKAGES, ROUNDS } from './testData.ts';

afterEach(async () => {
  await act(async () => setLanguage('en'));
});

const view = (catalogue = CATALOGUE, error: unknown = null) =>
  render(
    <MemoryRouter>
      <BuyView catalogue={{ data: catalogue, error, retry: vi.fn() }} rounds={ROUNDS} />
    </MemoryRouter>,
  );

describe('BuyView (/finance/overview, tab buy)', () => {
  it('lists every package with units, price, both multiples, the allocation, the limit, the daily rate and cycles left', () => {
    view();
    expect(screen.getAllByRole('listitem')).toHaveLength(5);
    const card = within(screen.getByTestId('package-4'));
    expect(card.getByRole('heading').textContent).toBe('30 units');
    expect(screen.getByTestId('package-4-price').textContent).toBe('3,000 USDT');
    expect(card.getByText('2.0×')).toBeTruthy();
    expect(card.getByText('3.0×')).toBeTruthy();
    expect(card.getByText('60 % / 40 %')).toBeTruthy();
    expect(screen.getByTestId('package-4-limit').textContent).toBe('7,200 USDT');
    expect(card.getByText('0.5 %')).toBeTruthy();
    expect(screen.getByTestId('package-4-cycles').textContent).toBe('5 of 5');
    expect(screen.getByTestId('package-4-open').getAttribute('href')).toBe('/finance/overview/subscribe/4');
  });

  it('an unregistered wallet is told, and each Subscribe goes straight to the registration (back to the package after)', () => {
    view({ ...CATALOGUE, registered: false });
    expect(screen.getByTestId('buy-unregistered').textContent).toContain('not registered yet');
    expect(screen.getByTestId('package-4-open').getAttribute('href')).toBe('/register?buy=4');
    view({ ...CATALOGUE, registered: true });
    expect(screen.getAllByTestId('package-4-open')[1]!.getAttribute('href')).toBe('/finance/overview/subscribe/4');
    expect(screen.getAllByTestId('buy-unregistered')).toHaveLength(1);
  });

  it('explains the multiples and the allocation on each card in one line', () => {
    view();
    expect(screen.getByTestId('package-4-multiples-hint').textContent).toBe(
      "Limit = price × (60\u00a0% × 2.0× + 40\u00a0% × 3.0×): ETERNO-01's share of each income is paid in USDT, ETERNO-02's in ETRO.",
    );
  });

  it('shows the settings date only when there is one (never Jan 1, 1970)', () => {
    view({ ...CATALOGUE, effectiveFrom: 0 });
    expect(screen.queryByTestId('settings-from')).toBeNull();
    expect(screen.queryByText(/1970/)).toBeNull();
    cleanup();
    view({ ...CATALOGUE, effectiveFrom: 1_767_225_600 });
    expect(screen.getByTestId('settings-from').textContent).toMatch(/^Settings in force since .*2026/);
  });

  it('a package with no cycle left says so', () => {
    const packages = PACKAGES.map((pkg) => (pkg.id === 1 ? { ...pkg, cyclesLeft: 0 } : pkg));
    view({ ...CATALOGUE, packages });
    expect(screen.getByTestId('package-1-open').textContent).toBe('Cycles used up');
    expect(screen.getByTestId('package-1-cycles').textContent).toBe('0 of 5');
  });

  it('links to the allotment round with its quota and queue', () => {
    view();
    expect(screen.getByTestId('round-link').getAttribute('href')).toBe('/finance/rights-issue');
    expect(screen.getByTestId('round-link').textContent).toContain('Daily quota 50,000 USDT · 14 waiting');
  });

  it('an empty catalogue says so', () => {
    view({ ...CATALOGUE, packages: [] });
    expect(screen.getByText('No package is on sale right now.')).toBeTruthy();
  });

  it('speaks Chinese', async () => {
    view();
    await act(async () => setLanguage('zh'));
    expect(within(screen.getByTestId('package-2')).getByRole('heading').textContent).toBe('5 份');
    expect(screen.getByTestId('package-2-open').textContent).toBe('认购');
  });
});
