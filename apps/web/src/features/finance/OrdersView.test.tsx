// @vitest-environment jsdom
import '../../i18n/index.ts';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../i18n/index.ts';
import type { FinanceOrder, OrdersView as View } from '../../api/finance.ts';
import { indexLag } from '../../tx/indexLag.ts';
import { OrdersView } from './OrdersView.tsx';
import { paidOrderKey } from './usePurchase.ts';
import type { OrderPages } from './useFinanceOrders.ts';
import { FINISHED, NOW, ORDERS } from './testData.ts';

afterEach(async () => {
  await act(async () => setLanguage('en'));
});

const pages = (items: FinanceOrder[], more: Partial<OrderPages> = {}): OrderPages => ({
  data: items,
  error: null,
  hasMore: false,
  loadingMore: false,
  loadMore: vi.fn(),
  retry: vi.fn(),
  ...more,
});

const view = (
  items: FinanceOrder[],
  which: View = 'active',
  now: number | null = NOW,
  more: Partial<OrderPages> = {},
) =>
  render(
    <MemoryRouter>
      <OrdersView view={which} orders={pages(items, more)} now={now} />
    </MemoryRouter>,
  );

describe('OrdersView (/finance/mine, tab orders; /finance/past)', () => {
  it('an unpaid order: its time left to pay, counted on the chain clock', () => {
    view(ORDERS);
    expect(screen.getByTestId('order-u9-status').textContent).toBe('Unpaid');
    expect(screen.getByTestId('order-u9-deadline').textContent).toBe(
      'Pay within 0:12:34, or it lapses with nothing charged',
    );
  });

  it('an order this page paid, not indexed yet: "Recording…", not "Unpaid" with a deadline', () => {
    indexLag.mark(paidOrderKey('package', 'u9'), 'unpaid');
    view(ORDERS);
    expect(screen.getByTestId('order-u9-status').textContent).toBe('Recording…');
    expect(screen.queryByTestId('order-u9-deadline')).toBeNull();
    // The indexer caught up (the order moved on): the mark ends.
    expect(indexLag.lagging(paidOrderKey('package', 'u9'), 'waiting')).toBe(false);
  });

  it('an unpaid order past its deadline: lapsed, nothing charged', () => {
    view(ORDERS, 'active', NOW + 755);
    expect(screen.getByTestId('order-u9-deadline').textContent).toBe('Lapsed: nothing was charged');
  });

  it('a waiting order: its place in the allotment queue, linking to the rights issue', () => {
    view(ORDERS);
    expect(screen.getByTestId('order-14-status').textContent).toBe('Waiting');
    const queue = screen.getByTestId('order-14-queue');
    expect(queue.textContent).toBe('No. 2 in the allotment queue ›');
    expect(queue.getAttribute('href')).toBe('/finance/rights-issue');
  });

  it('an in-progress order: id, type, payment, multiples, allocation, progress as a bar, time', () => {
    view(ORDERS);
    const card = within(screen.getByTestId('order-7'));
    expect(card.getByRole('heading').textContent).toBe('Order #7');
    expect(screen.getByTestId('order-7-status').textContent).toBe('In progress');
    expect(card.getByText('Repeat')).toBeTruthy();
    expect(screen.getByTestId('order-7-payment').textContent).toBe('100 USDT · 1 unit');
    expect(card.getByText('2.0× / 3.0×')).toBeTruthy();
    expect(card.getByText('60 % / 40 %')).toBeTruthy();
    expect(screen.getByTestId('order-7-progress').textContent).toBe('60 USDT / 240 USDT');
    expect(card.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('25');
    expect(card.getByText('Paid: 36 USDT + 120 ETRO')).toBeTruthy();
    // Which incomes count toward the limit, in one line.
    expect(screen.getByTestId('order-7-progress-hint').textContent).toMatch(
      /^Counts this order's daily income and the referral incomes credited to it/,
    );
  });

  it('past: the finished orders, a full bar', () => {
    view([FINISHED], 'past');
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Past orders');
    expect(screen.getByTestId('order-3-status').textContent).toBe('Finished');
    expect(within(screen.getByTestId('order-3')).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
  });

  it('more pages: Show more asks for the next one', () => {
    const loadMore = vi.fn();
    view(ORDERS, 'active', NOW, { hasMore: true, loadMore });
    fireEvent.click(screen.getByTestId('orders-more'));
    expect(loadMore).toHaveBeenCalled();
  });

  it('no more pages: no button', () => {
    view(ORDERS);
    expect(screen.queryByTestId('orders-more')).toBeNull();
  });

  it('empty lists say so', () => {
    view([], 'active');
    expect(screen.getByTestId('orders-empty').textContent).toContain('You have no open order');
    expect(screen.getByRole('link', { name: 'Buy a package' }).getAttribute('href')).toBe('/finance/overview');
  });

  it('speaks Chinese', async () => {
    view(ORDERS);
    await act(async () => setLanguage('zh'));
    expect(screen.getByTestId('order-14-queue').textContent).toBe('分配队列第 2 位 ›');
    expect(screen.getByTestId('order-7-status').textContent).toBe('进行中');
  });
});
