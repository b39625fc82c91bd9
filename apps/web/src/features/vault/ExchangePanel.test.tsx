// @vitest-environment jsdom
import '../../i18n/index.ts';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { parseEther } from 'viem';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorMessage } from '@eterno/protocol/errors';
import type { ExchangeQuote } from '../../api/vault.ts';
import { setLanguage } from '../../i18n/index.ts';
import { ApiError } from '../../session/ApiError.ts';
import { IDLE } from '../../tx/txState.ts';
import type { ExchangePair } from './exchangeQuote.ts';
import { ExchangePanel, type ExchangePanelProps } from './ExchangePanel.tsx';

afterEach(async () => {
  await act(async () => setLanguage('en'));
});

const USDT = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const ETRO = '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512';
const PAIRS: ExchangePair[] = [
  {
    tokenIn: USDT,
    tokenOut: ETRO,
    symbolIn: 'USDT',
    symbolOut: 'ETRO',
    pricing: 'twap',
    feeBps: 300,
    perDayCap: parseEther('10000'),
  },
  {
    tokenIn: ETRO,
    tokenOut: USDT,
    symbolIn: 'ETRO',
    symbolOut: 'USDT',
    pricing: 'twap',
    feeBps: 300,
    perDayCap: parseEther('10000'),
  },
];
const QUOTE: ExchangeQuote = {
  user: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  tokenIn: USDT,
  tokenOut: ETRO,
  amountIn: parseEther('100'),
  amountOut: parseEther('970'),
  fee: parseEther('30'),
  feeBps: 300,
  pricing: 'twap',
  price: parseEther('10'),
  nonce: 0n,
  deadline: 1_800_000_120n,
  signature: { r: `0x${'11'.repeat(32)}`, s: `0x${'22'.repeat(32)}`, v: 27 },
};

function props(over: Partial<ExchangePanelProps> = {}): ExchangePanelProps {
  return {
    pairs: PAIRS,
    configError: null,
    onRetry: vi.fn(),
    pair: PAIRS[0],
    onPair: vi.fn(),
    limits: null,
    text: '100',
    onText: vi.fn(),
    balance: parseEther('500'),
    quote: null,
    secondsLeft: 0,
    quoting: false,
    error: null,
    tx: { state: IDLE, busy: false },
    done: null,
    onAsk: vi.fn(),
    onConfirm: vi.fn(),
    ...over,
  };
}

describe('ExchangePanel', () => {
  it('asks for a quote for the typed amount; the wallet is not involved yet', () => {
    const p = props();
    render(<ExchangePanel {...p} />);
    expect(screen.queryByTestId('exchange-confirm')).toBeNull();
    fireEvent.click(screen.getByTestId('exchange-quote'));
    expect(p.onAsk).toHaveBeenCalledWith(parseEther('100'));
  });

  it('above the wallet balance: Insufficient balance, no quote asked', () => {
    const p = props({ text: '501' });
    render(<ExchangePanel {...p} />);
    fireEvent.click(screen.getByTestId('exchange-quote'));
    expect(screen.getByTestId('exchange-problem').textContent).toBe('Insufficient balance');
    expect(p.onAsk).not.toHaveBeenCalled();
  });

  it('shows the signed quote (price, fee, receive, countdown) before the exchange is confirmed', () => {
    const p = props({ quote: QUOTE, secondsLeft: 95 });
    render(<ExchangePanel {...p} />);
    expect(screen.getByTestId('quote-price').textContent).toBe('1 USDT = 10 ETRO');
    expect(screen.getByTestId('quote-fee').textContent).toBe('30 ETRO');
    expect(screen.getByTestId('quote-receive').textContent).toBe('970 ETRO');
    expect(screen.getByTestId('quote-countdown').textContent).toBe('1:35');
    expect(screen.getByText('Fee (3 %)')).toBeTruthy();
    fireEvent.click(screen.getByTestId('exchange-confirm'));
    expect(p.onConfirm).toHaveBeenCalledWith(QUOTE);
  });

  it('an expired quote cannot be sent: ask again', () => {
    const p = props({ quote: QUOTE, secondsLeft: 0 });
    render(<ExchangePanel {...p} />);
    expect(screen.getByTestId('quote-expired').textContent).toBe('The quote has expired: ask for a new one.');
    expect((screen.getByTestId('exchange-confirm') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByTestId('exchange-requote'));
    expect(p.onAsk).toHaveBeenCalledWith(parseEther('100'));
  });

  it("the server's refusal in the user's language, with its figures", async () => {
    const error = new ApiError('OVER_DAY_CAP', errorMessage('OVER_DAY_CAP', { remaining: '12 ETRO' }), 422);
    render(<ExchangePanel {...props({ error })} />);
    expect(screen.getByTestId('exchange-error').textContent).toBe(
      "Today's limit is reached: at most 12 ETRO more can go out today",
    );
    await act(async () => setLanguage('zh'));
    expect(screen.getByTestId('exchange-error').textContent).toBe('已达今日上限：今天最多还能转出 12 ETRO');
    expect(screen.getByTestId('exchange-quote').textContent).toBe('获取报价');
  });

  it('after a confirmed exchange the cleared amount is not a red "Please enter an amount"', () => {
    const { rerender } = render(<ExchangePanel {...props({ text: '' })} />);
    fireEvent.click(screen.getByTestId('exchange-quote'));
    expect(screen.getByRole('alert').textContent).toBe('Please enter an amount');
    rerender(<ExchangePanel {...props({ text: '', tx: { state: { ...IDLE, phase: 'pending' }, busy: true } })} />);
    rerender(<ExchangePanel {...props({ text: '', tx: { state: { ...IDLE, phase: 'confirmed' }, busy: false } })} />);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('lists the pairs and reports the choice', () => {
    const p = props();
    render(<ExchangePanel {...p} />);
    fireEvent.click(screen.getByLabelText('ETRO → USDT'));
    expect(p.onPair).toHaveBeenCalledWith('ETRO-USDT');
  });

  it('no pair offered: says so', () => {
    render(<ExchangePanel {...props({ pairs: [], pair: undefined })} />);
    expect(screen.getByText('No exchange is offered right now.')).toBeTruthy();
    expect(screen.queryByTestId('exchange-form')).toBeNull();
  });
});
