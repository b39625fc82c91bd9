// @vitest-environment jsdom
import '../../i18n/index.ts';
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../i18n/index.ts';
import { InvitedView } from './InvitedView.tsx';
import { TeamView } from './TeamView.tsx';
import { E18, TEAM, member, ok, pages, wallet } from './testData.ts';

afterEach(async () => {
  await act(async () => setLanguage('en'));
});

const DIRECT = [member(3, 1, 500n * E18), member(2, 1, 100n * E18)];

describe('InvitedView (/mine/invited)', () => {
  it('recommend volume: the direct invitees’ volume and count', () => {
    render(
      <MemoryRouter>
        <InvitedView tab={0} team={ok(TEAM)} direct={pages(DIRECT)} />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('direct-volume').textContent).toBe('600 USDT');
    expect(screen.getByTestId('direct-count').textContent).toBe('2 accounts');
  });

  it('recommend list: each invitee with its volume; none yet says so', () => {
    render(
      <MemoryRouter>
        <InvitedView tab={1} team={ok(TEAM)} direct={pages(DIRECT)} />
      </MemoryRouter>,
    );
    const rows = screen.getAllByTestId('member-row');
    expect(rows.map((r) => r.dataset.wallet)).toEqual([wallet(3), wallet(2)]);
    expect(rows.map((r) => r.querySelector('[data-testid="member-volume"]')!.textContent)).toEqual([
      '500 USDT',
      '100 USDT',
    ]);
    render(
      <MemoryRouter>
        <InvitedView tab={1} team={ok(TEAM)} direct={pages([])} />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('direct-list-empty')).toBeTruthy();
  });
});

describe('TeamView (/mine/team)', () => {
  it('team size, volume and today per side and in total; levels 2–10 with their level', async () => {
    render(
      <MemoryRouter>
        <TeamView team={ok(TEAM)} indirect={pages([member(7, 3, 0n), member(5, 2, 100n * E18)])} />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('team-size-left').textContent).toBe('3');
    expect(screen.getByTestId('team-size-right').textContent).toBe('1');
    expect(screen.getByTestId('team-size-total').textContent).toBe('4');
    expect(screen.getByTestId('team-volume-left').textContent).toBe('1,500 USDT');
    expect(screen.getByTestId('team-volume-total').textContent).toBe('1,600 USDT');
    expect(screen.getByTestId('team-today-left').textContent).toBe('500 USDT');
    const rows = screen.getAllByTestId('member-row');
    expect(rows[0]!.textContent).toContain('Level 3');
    expect(rows[1]!.textContent).toContain('Level 2');
    // Team size (placement) and levels (invitations) are told apart in one line.
    expect(screen.getByTestId('team-levels-hint').textContent).toMatch(/^Levels follow invitations/);
    await act(async () => setLanguage('zh'));
    expect(rows[0]!.textContent).toContain('第 3 层');
  });
});
