// @vitest-environment jsdom
import '../../i18n/index.ts';
import { act, fireEvent, render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorMessage, type ErrorCode } from '@eterno/protocol/errors';
import { setLanguage } from '../../i18n/index.ts';
import { ApiError } from '../../session/ApiError.ts';
import { IDLE } from '../../tx/txState.ts';
import { SubscribeView, type SubscribeViewProps } from './SubscribeView.tsx';
import { CATALOGUE, E18, PACKAGES } from './testData.ts';

afterEach(async () => {
  await act(async () => setLanguage('en'));
});

function props(over: Partial<SubscribeViewProps> = {}): SubscribeViewProps {
  return {
    id: '2',
    catalogue: { data: CATALOGUE, error: null, retry: vi.fn() },
    balance: 1000n * E18,
    paused: false,
    tx: { state: IDLE, busy: false },
    requesting: false,
    error: null,
    done: false,
    onBuy: vi.fn(),
    ...over,
  };
}

const inRouter = (ui: ReactElement) => render(<MemoryRouter>{ui}</MemoryRouter>);

describe('SubscribeView (/finance/overview/subscribe/:id)', () => {
  it('shows the payment, the limit it earns and the rules from the live settings; Buy asks for this package', () => {
    const p = props();
    inRouter(<SubscribeView {...p} />);
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Package #2 · 5 units');
    expect(screen.getByTestId('subscribe-payment').textContent).toBe('500 USDT');
    expect(screen.getByTestId('subscribe-limit').textContent).toBe('1,200 USDT');
    const rules = screen.getByTestId('subscribe-rules').textContent ?? '';
    expect(rules).toContain('up to 50,000 USDT of payments are allotted');
    expect(rules).toContain('earns 0.5 % of its payment (2.5 USDT)');
    expect(rules).toContain('60 % of each day');
    expect(rules).toContain('ETERNO-01 (2.0×)');
    expect(rules).toContain('40 % is ETERNO-02 (3.0×)');
    expect(rules).toContain('at most 5 times; 5 left');
    expect(rules).toContain('valid for 30 minutes');
    fireEvent.click(screen.getByTestId('subscribe-buy'));
    expect(p.onBuy).toHaveBeenCalledWith(PACKAGES[1]);
  });

  it('rules follow the settings: another quota and rate are shown as the server gives them', () => {
    const packages = PACKAGES.map((pkg) => (pkg.id === 2 ? { ...pkg, dailyRateBps: 75, cyclesLeft: 2 } : pkg));
    inRouter(
      <SubscribeView
        {...props({
          catalogue: { data: { ...CATALOGUE, packages, dailyQuota: 1234n * E18 }, error: null, retry: vi.fn() },
        })}
      />,
    );
    const rules = screen.getByTestId('subscribe-rules').textContent ?? '';
    expect(rules).toContain('up to 1,234 USDT');
    expect(rules).toContain('0.75 % of its payment (3.75 USDT)');
    expect(rules).toContain('2 left');
  });

  it('an unknown id: a not-found screen, no buy button', () => {
    inRouter(<SubscribeView {...props({ id: '42' })} />);
    expect(screen.getByTestId('subscribe-not-found').textContent).toContain(
      'Package #42 is not in the catalogue in force.',
    );
    expect(screen.queryByTestId('subscribe-buy')).toBeNull();
  });

  it('a bad id (not a number) is not found either', () => {
    inRouter(<SubscribeView {...props({ id: '2abc' })} />);
    expect(screen.getByTestId('subscribe-not-found')).toBeTruthy();
  });

  it('not registered (catalogue): says so and offers registration, nothing can be bought', async () => {
    inRouter(
      <SubscribeView
        {...props({ catalogue: { data: { ...CATALOGUE, registered: false }, error: null, retry: vi.fn() } })}
      />,
    );
    expect(screen.getByTestId('register-offer').textContent).toContain(
      'Buying a package needs a place in the referral network',
    );
    expect(screen.getByTestId('register-link').getAttribute('href')).toBe('/register?buy=2');
    expect(screen.getByTestId('register-offer').textContent).not.toContain('Invite register');
    expect(screen.queryByTestId('subscribe-buy')).toBeNull();
    await act(async () => setLanguage('zh'));
    expect(screen.getByTestId('register-offer').textContent).toContain('购买套餐需要在推荐网络中有位置');
  });

  it('not registered (the server says NOT_REGISTERED): the same offer, the buy button gone', () => {
    const error = new ApiError('NOT_REGISTERED', errorMessage('NOT_REGISTERED'), 403);
    inRouter(<SubscribeView {...props({ error })} />);
    expect(screen.getByTestId('register-offer')).toBeTruthy();
    expect(screen.queryByTestId('subscribe-buy')).toBeNull();
  });

  it('cycles used up: the refusal text, nothing can be bought', () => {
    const packages = PACKAGES.map((pkg) => (pkg.id === 2 ? { ...pkg, cyclesLeft: 0 } : pkg));
    inRouter(
      <SubscribeView {...props({ catalogue: { data: { ...CATALOGUE, packages }, error: null, retry: vi.fn() } })} />,
    );
    expect(screen.getByTestId('cycles-used-up').textContent).toContain('You have used all 5 cycles of this package');
    expect(screen.queryByTestId('subscribe-buy')).toBeNull();
  });

  it('the wallet holds less than the price: Insufficient balance, Buy disabled, nothing asked', () => {
    const p = props({ balance: 499n * E18 });
    inRouter(<SubscribeView {...p} />);
    expect(screen.getByTestId('subscribe-insufficient').textContent).toContain('Insufficient balance');
    const buy = screen.getByTestId('subscribe-buy') as HTMLButtonElement;
    expect(buy.disabled).toBe(true);
    fireEvent.click(buy);
    expect(p.onBuy).not.toHaveBeenCalled();
  });

  it('paused deposits: says so, no buy button', () => {
    inRouter(<SubscribeView {...props({ paused: true })} />);
    expect(screen.getByTestId('subscribe-paused')).toBeTruthy();
    expect(screen.queryByTestId('subscribe-buy')).toBeNull();
  });

  it.each<[ErrorCode, Record<string, string>, string, string]>([
    ['CYCLES_USED_UP', { max: '5' }, 'You have used all 5 cycles of this package', '该套餐的 5 次周期已全部用完'],
    [
      'AMOUNT_NOT_PACKAGE_PRICE',
      { price: '500' },
      'The payment must be the package price of 500 USDT',
      '支付金额必须等于套餐价格 500 USDT',
    ],
    ['PACKAGE_NOT_FOUND', {}, 'No such package', '没有这个套餐'],
    ['VAULT_PAUSED', {}, 'Deposits and withdrawals are paused, please try again later', '充值和提现已暂停，请稍后再试'],
    [
      'PURCHASE_EXPIRED',
      {},
      'This payment authorisation has expired, please start again',
      '该支付授权已过期，请重新开始',
    ],
    ['INVALID_AMOUNT', {}, 'Please enter a valid amount', '请输入有效的数量'],
    ['REFUSED_TRANSACTION_REQUEST', {}, 'Refused transaction request', '已拒绝交易请求'],
  ])('the refusal %s shows its text in en and zh', async (code, params, en, zh) => {
    const error = new ApiError(code, errorMessage(code, params), 409);
    inRouter(<SubscribeView {...props({ error })} />);
    expect(screen.getByTestId('subscribe-error').textContent).toBe(en);
    expect(screen.getByTestId('subscribe-error').dataset.code).toBe(code);
    await act(async () => setLanguage('zh'));
    expect(screen.getByTestId('subscribe-error').textContent).toBe(zh);
  });

  it('paid: the spec §8 success message in en and zh, with the way to the orders', async () => {
    inRouter(<SubscribeView {...props({ done: true })} />);
    expect(screen.getByTestId('buy-success').textContent).toContain(
      'Your finance block has been submitted and is waiting for allotment',
    );
    expect(screen.getByRole('link', { name: 'See my orders' }).getAttribute('href')).toBe('/finance/mine');
    await act(async () => setLanguage('zh'));
    expect(screen.getByTestId('buy-success').textContent).toContain('理财区块已提交，正在等待分配');
  });

  it('the catalogue cannot be read: the error with Retry', () => {
    const retry = vi.fn();
    inRouter(<SubscribeView {...props({ catalogue: { data: undefined, error: new Error('boom'), retry } })} />);
    expect(screen.getByRole('alert').textContent).toContain('The finance figures could not be read from the server.');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(retry).toHaveBeenCalled();
  });
});
