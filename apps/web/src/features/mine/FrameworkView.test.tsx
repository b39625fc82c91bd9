// @vitest-environment jsdom
import '../../i18n/index.ts';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../i18n/index.ts';
import type { BinaryDay } from '../../api/referral.ts';
import { FrameworkView, type FrameworkViewProps } from './FrameworkView.tsx';
import { treeSeats } from './TreeView.tsx';
import { DAY, E18, MISSING, TEAM, TREE, VIEWER, failed, ok, pages, wallet } from './testData.ts';

afterEach(async () => {
  await act(async () => setLanguage('en'));
});

const DAY_ROW: BinaryDay = {
  day: DAY - 86_400,
  leftNew: 500n * E18,
  rightNew: 200n * E18,
  leftCarryIn: 0n,
  rightCarryIn: 100n * E18,
  matched: 300n * E18,
  income: 30n * E18,
  capped: 0n,
  leftCarryOut: 200n * E18,
  rightCarryOut: 0n,
};

const view = (props: Partial<FrameworkViewProps> = {}) =>
  render(
    <MemoryRouter>
      <FrameworkView
        tab={0}
        viewer={VIEWER}
        team={ok(TEAM)}
        days={pages([DAY_ROW])}
        tree={{ ...ok(TREE), stale: false }}
        onOpen={vi.fn()}
        {...props}
      />
    </MemoryRouter>,
  );

const text = (id: string) => screen.getByTestId(id).textContent;

describe('FrameworkView (/mine/framework)', () => {
  it('binary volume: cumulative, today and members per side', () => {
    view();
    expect(text('leg-left-volume')).toBe('1,500 USDT');
    expect(text('leg-right-volume')).toBe('100 USDT');
    expect(text('leg-left-today')).toBe('500 USDT');
    expect(text('leg-right-today')).toBe('0 USDT');
    expect(text('leg-left-members')).toBe('3 accounts');
    expect(text('leg-right-members')).toBe('1 account');
    // The next automatic seat is below that account, and says so.
    expect(text('leg-left-next-seat')).toMatch(/^below 0x[0-9a-fA-F]{4}/);
    expect(screen.getByRole('tab', { name: 'Binary volume' }).getAttribute('aria-selected')).toBe('true');
  });

  it('binary detail: each settled day with its carry-over; a 404 is an error with Retry', () => {
    view({ tab: 1 });
    const day = screen.getByTestId('binary-day');
    expect(within(day).getByText('Nov 14, 2023')).toBeTruthy();
    expect(within(day).getByTestId('binary-day-income').textContent).toBe('30 USDT');
    expect(day.textContent).toContain('0 USDT / 100 USDT');
    view({ tab: 1, days: { ...pages([]), data: undefined, error: MISSING } });
    expect(screen.getByTestId('binary-days-error').textContent).toMatch(/Retry/);
  });

  it('binary detail: no day yet; more pages load on demand', () => {
    const loadMore = vi.fn();
    view({ tab: 1, days: { ...pages([DAY_ROW], true), loadMore } });
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(loadMore).toHaveBeenCalledOnce();
    view({ tab: 1, days: pages([]) });
    expect(screen.getByTestId('binary-days-empty')).toBeTruthy();
  });

  it('binary tree: the seats level by level, vacant seats drawn, nothing under a vacant seat', () => {
    const seats = treeSeats(TREE);
    expect(seats.map((level) => level.map((s) => (s.kind === 'node' ? s.node.wallet : s.kind)))).toEqual([
      [VIEWER],
      [wallet(2), wallet(3)],
      [wallet(4), 'vacant', 'vacant', 'vacant'],
    ]);
    view({ tab: 2 });
    const nodes = screen.getAllByTestId('tree-node');
    expect(nodes.map((n) => n.dataset.wallet)).toEqual([VIEWER, wallet(2), wallet(3), wallet(4)]);
    expect(screen.getAllByTestId('tree-vacant')).toHaveLength(3);
    expect(text('tree-root-today')).toBe("Today's increase: Left 100 · Right 0");
    expect(nodes[1]!.textContent).toContain('Left 100 · Right 0');
    expect(nodes[3]!.textContent).toContain('5 below');
    // The third row's quarter-width cells get a 9-character address (one line), the full one as title.
    const deep = within(nodes[3]!).getByTestId('tree-node-address');
    expect(deep.textContent).toBe(`${wallet(4).slice(0, 5)}…${wallet(4).slice(-3)}`);
    expect(deep.getAttribute('title')).toBe(wallet(4));
    expect(screen.queryByTestId('tree-back')).toBeNull();
    expect(screen.queryByTestId('tree-home')).toBeNull();
  });

  it('binary tree: a tap opens that account, back goes up, home returns to the viewer', () => {
    const onOpen = vi.fn();
    view({
      tab: 2,
      onOpen,
      tree: { ...ok({ ...TREE, root: wallet(2), up: VIEWER, nodes: TREE.nodes.slice(1, 2) }), stale: false },
    });
    fireEvent.click(screen.getByTestId('tree-back'));
    expect(onOpen).toHaveBeenLastCalledWith(VIEWER);
    fireEvent.click(screen.getByTestId('tree-home'));
    expect(onOpen).toHaveBeenLastCalledWith(null);
    view({ tab: 2, onOpen });
    fireEvent.click(screen.getAllByTestId('tree-node').find((n) => n.dataset.wallet === wallet(4))!);
    expect(onOpen).toHaveBeenLastCalledWith(wallet(4));
  });

  it('binary tree: a root outside the team (404) says so and offers the way back', () => {
    const onOpen = vi.fn();
    view({ tab: 2, onOpen, tree: { ...failed(MISSING), stale: false } });
    expect(screen.getByTestId('tree-outside').textContent).toContain('This account is not in your team.');
    expect(screen.queryByTestId('tree-error')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'My position' }));
    expect(onOpen).toHaveBeenCalledWith(null);
  });

  it('speaks Chinese', async () => {
    view({ tab: 2 });
    await act(async () => setLanguage('zh'));
    expect(screen.getAllByTestId('tree-vacant')[0]!.textContent).toContain('空位');
  });
});
