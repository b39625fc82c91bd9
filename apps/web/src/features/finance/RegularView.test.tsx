// @vitest-environment jsdom
import '../../i18n/index.ts';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorMessage } from '@eterno/protocol/errors';
import { setLanguage } from '../../i18n/index.ts';
import { ApiError } from '../../session/ApiError.ts';
import { IDLE } from '../../tx/txState.ts';
import { RegularView, type RegularViewProps } from './RegularView.tsx';
import { CATALOGUE, E18, REGULAR_ORDERS } from './testData.ts';

afterEach(async () => {
  await act(async () => setLanguage('en'));
});

const pages = (data: RegularViewProps['orders']['data'], more: Partial<RegularViewProps['orders']> = {}) => ({
  data,
  error: null,
  hasMore: false,
  loadingMore: false,
  loadMore: vi.fn(),
  retry: vi.fn(),
  ...more,
});

function props(over: Partial<RegularViewProps> = {}): RegularViewProps {
  return {
    catalogue: { data: CATALOGUE, error: null, retry: vi.fn() },
    orders: pages(REGULAR_ORDERS),
    balance: 200_000n * E18,
    paused: false,
    tx: { state: IDLE, busy: false },
    requesting: false,
    error: null,
    done: false,
    onDeposit: vi.fn(async () => true),
    ...over,
  };
}

const view = (p: RegularViewProps) =>
  render(
    <MemoryRouter>
      <RegularView {...p} />
    </MemoryRouter>,
  );
const amount = () => screen.getByTestId('regular-amount');
const type = (text: string) => fireEvent.change(amount(), { target: { value: text } });

describe('RegularView (/finance/regular, tab regular)', () => {
  it('offers the 7 / 15 / 30 / 90-day products with their daily rate', () => {
    view(props());
    for (const [days, rate] of [
      ['7 days', '0.2 %'],
      ['15 days', '0.3 %'],
      ['30 days', '0.4 %'],
      ['90 days', '0.5 %'],
    ] as const) {
      expect(screen.getByRole('radio', { name: new RegExp(`${days}.*${rate.replace('.', '\\.')}`) })).toBeTruthy();
    }
  });

  it('deposits the chosen term and amount, showing the interest at maturity first', async () => {
    const p = props();
    view(p);
    fireEvent.click(screen.getByRole('radio', { name: /30 days/ }));
    type('1000');
    expect(screen.getByTestId('regular-interest').textContent).toBe('120 USDT');
    await act(async () => {
      fireEvent.click(screen.getByTestId('regular-submit'));
    });
    expect(p.onDeposit).toHaveBeenCalledWith(CATALOGUE.regular[2], 1000n * E18);
  });

  it.each([
    ['99.99', 'Enter an amount between 100 and 100,000 USDT', '请输入 100 到 100,000 USDT 之间的金额'],
    ['100000.01', 'Enter an amount between 100 and 100,000 USDT', '请输入 100 到 100,000 USDT 之间的金额'],
    ['abc', 'The amount is not a number', '数量不是有效数字'],
  ])('"%s": the message in en and zh, nothing sent', async (text, en, zh) => {
    const p = props();
    view(p);
    type(text);
    fireEvent.click(screen.getByTestId('regular-submit'));
    expect(screen.getByTestId('regular-problem').textContent).toBe(en);
    expect(p.onDeposit).not.toHaveBeenCalled();
    await act(async () => setLanguage('zh'));
    expect(screen.getByTestId('regular-problem').textContent).toBe(zh);
  });

  it('above the wallet: Insufficient balance, nothing sent', () => {
    const p = props({ balance: 150n * E18 });
    view(p);
    type('200');
    fireEvent.click(screen.getByTestId('regular-submit'));
    expect(screen.getByTestId('regular-problem').textContent).toBe('Insufficient balance');
    expect(p.onDeposit).not.toHaveBeenCalled();
  });

  it('an empty submit says to enter an amount', () => {
    const p = props();
    view(p);
    fireEvent.click(screen.getByTestId('regular-submit'));
    expect(screen.getByTestId('regular-problem').textContent).toBe('Please enter an amount');
    expect(p.onDeposit).not.toHaveBeenCalled();
  });

  it("the server's refusal in the user's language", async () => {
    const error = new ApiError(
      'REGULAR_AMOUNT_OUT_OF_RANGE',
      errorMessage('REGULAR_AMOUNT_OUT_OF_RANGE', { min: '100', max: '100000' }),
      422,
    );
    view(props({ error }));
    expect(screen.getByTestId('regular-error').textContent).toBe('Enter an amount between 100 and 100000 USDT');
    await act(async () => setLanguage('zh'));
    expect(screen.getByTestId('regular-error').textContent).toBe('请输入 100 到 100000 USDT 之间的金额');
  });

  it('lists my regular orders (principal, interest, maturity, state) and sends matured money to the Assets withdraw', () => {
    view(props());
    expect(screen.getByTestId('regular-order-5-state').textContent).toBe('Active');
    expect(screen.getByTestId('regular-order-5-interest').textContent).toBe('120 USDT');
    expect(screen.getByTestId('regular-order-2-state').textContent).toBe('Matured');
    expect(screen.getByRole('link', { name: 'Withdraw in Assets' }).getAttribute('href')).toBe('/assets/overview/usdt');
  });

  it('no matured order: no withdraw link', () => {
    view(props({ orders: pages([REGULAR_ORDERS[0]!]) }));
    expect(screen.queryByTestId('regular-withdraw')).toBeNull();
  });

  it('pages the regular orders like the package orders: "Load more" while the server has older ones', () => {
    const loadMore = vi.fn();
    view(props({ orders: pages([REGULAR_ORDERS[0]!], { hasMore: true, loadMore }) }));
    fireEvent.click(screen.getByTestId('regular-orders-more'));
    expect(loadMore).toHaveBeenCalled();
    cleanup();
    view(props({ orders: pages(REGULAR_ORDERS, { hasMore: true, loadingMore: true }) }));
    expect((screen.getByTestId('regular-orders-more') as HTMLButtonElement).disabled).toBe(true);
    cleanup();
    view(props({ orders: pages(REGULAR_ORDERS) }));
    expect(screen.queryByTestId('regular-orders-more')).toBeNull();
  });

  it('submitted: the success text; editing the amount afterwards clears it (onEdit)', () => {
    const onEdit = vi.fn();
    view(props({ done: true, onEdit }));
    expect(screen.getByTestId('regular-success').textContent).toContain('Your fixed-term deposit has been submitted');
    type('200');
    expect(onEdit).toHaveBeenCalled();
  });
});
