import '../../i18n/index.ts';
import { act, render, screen, within } from '@testing-library/react';
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
