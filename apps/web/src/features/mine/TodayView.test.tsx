// @vitest-environment jsdom
import '../../i18n/index.ts';
import { act, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../i18n/index.ts';
import { ApiError } from '../../session/ApiError.ts';
import { TodayView, type TodayViewProps } from './TodayView.tsx';
import { INCOME, LEDGER, MISSING, SUMMARY, TEAM, failed, ok } from './testData.ts';

afterEach(async () => {
  await act(async () => setLanguage('en'));
});

const view = (props: Partial<TodayViewProps> = {}) =>
  render(
    <MemoryRouter>
      <TodayView team={ok(TEAM)} summary={ok(SUMMARY)} ledger={ok(LEDGER)} income={ok(INCOME)} {...props} />
    </MemoryRouter>,
  );

const text = (id: string) => screen.getByTestId(id).textContent;

describe('TodayView (/mine/today)', () => {
  it("today's volume per side and in total, from the team figures, with the UTC day", () => {
    view();
    expect(text('today-left')).toBe('500 USDT');
    expect(text('today-right')).toBe('0 USDT');
    expect(text('today-total')).toBe('500 USDT');
    expect(screen.getByText(/Nov 15, 2023/)).toBeTruthy();
  });

  it('every figure of the Mine summary, each from its source', () => {
    view();
    expect(text('sum-units')).toBe('6 units');
    expect(text('sum-current')).toBe('600 USDT');
    expect(text('sum-etro')).toBe('3 ETRO');
    expect(text('sum-usdt')).toBe('12 USDT');
    expect(text('sum-prize')).toBe('9 EUSD');
    expect(text('sum-ep')).toBe('1,400 USDT');
    expect(text('sum-unreleased')).toBe('70 USDT');
    expect(text('sum-released')).toBe('8 USDT');
    expect(text('sum-gained')).toBe('40 USDT');
    expect(text('sum-remaining')).toBe('1,400 USDT');
    expect(text('sum-limit')).toBe('1,440 USDT');
    expect(text('sum-cycles')).toBe('4');
  });

  it('a 404 on the income route is an error with Retry on those four figures, the others stay', () => {
    view({ income: failed(MISSING) });
    const error = screen.getByTestId('summary-income-error');
    expect(error.textContent).toMatch(/could not be read from the server/);
    expect(within(error).getByRole('button', { name: 'Retry' })).toBeTruthy();
    expect(screen.queryByTestId('sum-ep')).toBeNull();
    expect(text('sum-units')).toBe('6 units');
    expect(text('today-left')).toBe('500 USDT');
  });

  it('a failed read shows its error with Retry; a wallet outside the network is offered registration', () => {
    view({ summary: failed(new ApiError('INTERNAL', 'boom', 500)), team: ok({ ...TEAM, team: null }) });
    expect(screen.getByRole('alert').textContent).toMatch(/Retry/);
    expect(screen.getByTestId('mine-not-registered')).toBeTruthy();
    // Register goes straight to the registration, not through Mine › Invite register.
    expect(within(screen.getByTestId('mine-not-registered')).getByRole('link').getAttribute('href')).toBe('/register');
    expect(screen.queryByTestId('today-left')).toBeNull();
  });

  it('a read the server did not answer waits quietly: no raw text, no Retry of its own (the network banner has it)', () => {
    view({ summary: failed(new ApiError('NETWORK_ERROR', 'Failed to fetch', 0)) });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByTestId('read-waiting').textContent).toBe('Waiting for the connection…');
    expect(document.body.textContent).not.toContain('Failed to fetch');
  });

  it('speaks Chinese', async () => {
    view();
    await act(async () => setLanguage('zh'));
    expect(screen.getByText('今日业绩')).toBeTruthy();
    expect(text('sum-units')).toBe('6 单位');
  });
});
