// @vitest-environment jsdom
import '../../i18n/index.ts';
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../i18n/index.ts';
import type { FinanceRounds } from '../../api/finance.ts';
import { RoundView, type RoundWhich } from './RoundView.tsx';
import { NOW, ROUNDS } from './testData.ts';

afterEach(async () => {
  await act(async () => setLanguage('en'));
});

const view = (which: RoundWhich, rounds: FinanceRounds = ROUNDS, now: number | null = NOW) =>
  render(
    <MemoryRouter initialEntries={[which === 'current' ? '/finance/rights-issue' : '/finance/rights-issue-new']}>
      <RoundView which={which} rounds={{ data: rounds, error: null, retry: vi.fn() }} now={now} />
    </MemoryRouter>,
  );

describe('RoundView (/finance/rights-issue, /finance/rights-issue-new)', () => {
  it('the current round: quota, allotted, the queue before it, the time to the next settlement; no place of mine in a round that already ran', () => {
    view('current');
    expect(screen.getByTestId('round-quota').textContent).toBe('50,000 USDT');
    expect(screen.getByTestId('round-allotted').textContent).toBe('49,500 USDT');
    expect(screen.getByTestId('round-queue').textContent).toBe('120 orders · 61,000 USDT');
    expect(screen.queryByTestId('round-my-place')).toBeNull();
    expect(screen.getByTestId('round-countdown').textContent).toBe('16:00:00');
    expect(screen.getByRole('link', { name: 'Current round' }).getAttribute('aria-current')).toBe('page');
  });

  it('the next round: what would be allotted now', () => {
    view('next', { ...ROUNDS, next: { ...ROUNDS.next, queueLength: 1 } });
    expect(screen.getByTestId('round-queue').textContent).toBe('1 order · 11,500 USDT');
    expect(screen.getByText('Would be allotted now')).toBeTruthy();
    expect(screen.getByTestId('round-allotted').textContent).toBe('11,500 USDT');
    expect(screen.getByTestId('round-my-place').textContent).toBe('No. 2');
  });

  it('before the first settlement: says so; no waiting order: says so', () => {
    view('current', { ...ROUNDS, current: null });
    expect(screen.getByTestId('round-none').textContent).toContain('No settlement has run yet');
  });

  it('no order of mine waiting', () => {
    view('next', { ...ROUNDS, next: { ...ROUNDS.next, myPlace: null } });
    expect(screen.getByTestId('round-my-place').textContent).toBe('No order waiting');
  });

  it('speaks Chinese', async () => {
    view('next');
    await act(async () => setLanguage('zh'));
    expect(screen.getByTestId('round-my-place').textContent).toBe('第 2 位');
    expect(screen.getByTestId('round-queue').textContent).toBe('14 笔 · 11,500 USDT');
  });
});
