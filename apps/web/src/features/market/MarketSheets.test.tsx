// @vitest-environment jsdom
import '../../i18n/index.ts';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { getAddress, parseEther } from 'viem';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EusdMarketView } from '@eterno/protocol/market/readEusdMarket';
import type { MarketOrder } from '../../api/market.ts';
import { setLanguage } from '../../i18n/index.ts';
import { IDLE } from '../../tx/txState.ts';
import { BuySheet } from './BuySheet.tsx';
import { ListSheet } from './ListSheet.tsx';

afterEach(async () => {
  await act(async () => setLanguage('en'));
});

const address = (n: number) => getAddress(`0x${n.toString(16).padStart(40, '0')}`);
const VIEW: EusdMarketView = {
  market: address(1),
  eusd: address(2),
  usdt: address(3),
  blockNumber: 10n,
  maxUnitPrice: parseEther('1'),
  sellerFeeBps: 300n,
  rewardBps: 100n,
  rewardReserve: parseEther('100000'),
  paused: false,
  eusdBalance: parseEther('500'),
  usdtBalance: parseEther('100'),
  eusdAllowance: 0n,
  usdtAllowance: 0n,
};
const ORDER: MarketOrder = {
  orderId: 7n,
  seller: address(9),
  unitPrice: parseEther('0.95'),
  quantity: parseEther('100'),
  remaining: parseEther('60'),
  refunded: 0n,
  feeBps: 300,
  status: 'open',
  timestamp: 1_800_000_000,
  txHash: `0x${'ab'.repeat(32)}`,
};
const tx = { state: IDLE, busy: false };
const problem = (id: string) => screen.getByTestId(`${id}-problem`).textContent;
const type = (id: string, value: string) => fireEvent.change(screen.getByTestId(`${id}-input`), { target: { value } });

describe('ListSheet', () => {
  it('shows every refusal before anything is sent: unit price, ask too high, quantity, multiples of 10, balance', async () => {
    const onList = vi.fn(async () => 'confirmed' as const);
    render(<ListSheet view={VIEW} tx={tx} onList={onList} onClose={vi.fn()} />);
    fireEvent.click(screen.getByTestId('market-list-submit'));
    // Both fields' problems at once.
    expect(problem('market-list-price')).toBe('Please enter the unit price');
    expect(problem('market-list-quantity')).toBe('Please enter the quantity');
    type('market-list-price', '1.2');
    // The seller's ask, not a "bid".
    expect(problem('market-list-price')).toBe('Your asking price is too high, please do not exceed 1!');
    type('market-list-price', '0.95');
    expect(problem('market-list-quantity')).toBe('Please enter the quantity');
    type('market-list-quantity', '15');
    expect(problem('market-list-quantity')).toBe('Trading multiples of 10');
    type('market-list-quantity', '510');
    expect(problem('market-list-quantity')).toBe('Insufficient balance');
    fireEvent.click(screen.getByTestId('market-list-submit'));
    expect(onList).not.toHaveBeenCalled();
    type('market-list-quantity', '100');
    expect(screen.getByTestId('market-list-receive').textContent).toBe('92.15 USDT');
    await act(async () => fireEvent.click(screen.getByTestId('market-list-submit')));
    expect(onList).toHaveBeenCalledWith(parseEther('100'), parseEther('0.95'));
  });

  it('speaks Chinese', async () => {
    await act(async () => setLanguage('zh'));
    render(<ListSheet view={VIEW} tx={tx} onList={vi.fn()} onClose={vi.fn()} />);
    fireEvent.click(screen.getByTestId('market-list-submit'));
    expect(problem('market-list-price')).toBe('请输入单价');
    expect(problem('market-list-quantity')).toBe('请输入数量');
    type('market-list-price', '1.2');
    expect(problem('market-list-price')).toBe('您的挂单价格过高，请不要超过 1！');
  });
});

describe('BuySheet', () => {
  it('checks the quantity against the lot, the order and the USDT balance, and shows cost and reward', async () => {
    const onBuy = vi.fn(async () => 'confirmed' as const);
    render(<BuySheet view={VIEW} order={ORDER} tx={tx} onBuy={onBuy} onClose={vi.fn()} />);
    // The quantity is in EUSD; the balance beside it is the USDT it is paid with, and says so.
    expect(screen.getByText('Paid in USDT · balance 100 USDT')).toBeTruthy();
    fireEvent.click(screen.getByTestId('market-buy-submit'));
    expect(problem('market-buy-quantity')).toBe('Please enter the quantity');
    type('market-buy-quantity', '25');
    expect(problem('market-buy-quantity')).toBe('Trading multiples of 10');
    type('market-buy-quantity', '70');
    expect(problem('market-buy-quantity')).toBe('The order has only 60 EUSD');
    expect(onBuy).not.toHaveBeenCalled();
    type('market-buy-quantity', '30');
    expect(screen.getByTestId('market-buy-cost').textContent).toBe('28.5 USDT');
    expect(screen.getByTestId('market-buy-reward').textContent).toBe('0.3 EUSD');
    await act(async () => fireEvent.click(screen.getByTestId('market-buy-submit')));
    expect(onBuy).toHaveBeenCalledWith(parseEther('30'));
  });
});
