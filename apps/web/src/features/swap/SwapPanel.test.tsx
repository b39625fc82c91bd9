// @vitest-environment jsdom
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { parseEther } from 'viem';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatTokenAmount } from '@eterno/protocol/amount';
import type { SwapDirection } from '@eterno/protocol/swap/readSwap';
import { modal } from '../../components/modal/modal.ts';
import { setLanguage } from '../../i18n/index.ts';
import { IDLE } from '../../tx/txState.ts';
import type { TxOutcome } from '../../tx/useTransaction.ts';
import { quoteAmount } from './swapForm.ts';
import { SwapPanel } from './SwapPanel.tsx';
import { quoteFor, swapView } from './testData.ts';
import type { SwapView } from './useSwapRead.ts';
import type { TradeRequest } from './useSwapTrade.ts';

afterEach(async () => {
  modal.hide();
  vi.restoreAllMocks();
  await act(() => setLanguage('en'));
});

/** The device clock the panel reads when it sends: 2027-01-15, after the test chain's block time. */
const NOW_MS = 1_800_000_000_000;
const clock = () => vi.spyOn(Date, 'now').mockReturnValue(NOW_MS);

/**
 * The panel with its state, fed figures as a read of the seeded chain would give them for the
 * typed amount (`quoted: false` keeps the quote of the previous amount, as while the next loads).
 */
function renderPanel(
  opts: { overrides?: Partial<SwapView>; quoted?: boolean; slippageBps?: bigint; deadlineMinutes?: bigint } = {},
) {
  const onTrade = vi.fn<(request: TradeRequest) => Promise<TxOutcome>>(async () => 'confirmed');
  const reset = vi.fn();
  function Harness() {
    const [direction, setDirection] = useState<SwapDirection>('buy');
    const [text, setText] = useState('');
    const [slippageBps, setSlippageBps] = useState(opts.slippageBps ?? 50n);
    const [deadlineMinutes, setDeadlineMinutes] = useState(opts.deadlineMinutes ?? 20n);
    const amount = opts.quoted === false ? null : quoteAmount(text);
    const data = swapView({ direction, amountIn: amount, ...opts.overrides });
    return (
      <SwapPanel
        direction={direction}
        onDirection={setDirection}
        text={text}
        onText={setText}
        slippageBps={slippageBps}
        onSlippage={setSlippageBps}
        deadlineMinutes={deadlineMinutes}
        onDeadline={setDeadlineMinutes}
        data={data}
        tx={{ state: IDLE, busy: false, reset }}
        onTrade={onTrade}
      />
    );
  }
  render(<Harness />);
  return { onTrade, reset };
}

const amountInput = () => screen.getByTestId('swap-amount') as HTMLInputElement;
const submit = () => screen.getByTestId('swap-submit') as HTMLButtonElement;
const type = (text: string) => fireEvent.change(amountInput(), { target: { value: text } });
const deadlineInput = () => screen.getByTestId('deadline-minutes') as HTMLInputElement;
const typeDeadline = (text: string) => fireEvent.change(deadlineInput(), { target: { value: text } });

describe('SwapPanel', () => {
  it('buys by default: USDT in, ETRO out (locked 24 h), the price and the balance', () => {
    renderPanel();
    expect(screen.getByTestId('swap-panel').dataset.direction).toBe('buy');
    expect(screen.getByTestId('swap-balance').textContent).toBe('Balance: 50,000 USDT');
    expect(screen.getByTestId('swap-price').textContent).toBe('1 ETRO = 0.5 USDT');
    expect(screen.getByText('Locked, released over 24 h')).toBeTruthy();
    expect(submit().disabled).toBe(true);
    expect(submit().textContent).toBe('Enter an amount');
    expect(screen.queryByTestId('swap-problem')).toBeNull();
  });

  it('quotes the typed amount: you receive, the 6 % fee, price impact and minimum received', () => {
    renderPanel();
    type('1000');
    const quote = quoteFor('buy', parseEther('1000'));
    expect(screen.getByTestId('swap-receive').textContent).toBe(formatEtro(quote.amountOut));
    expect(screen.getByText('Fee (6 %)')).toBeTruthy();
    expect(screen.getByTestId('swap-fee').textContent).toBe('60 USDT');
    expect(screen.getByTestId('swap-impact').textContent).toBe('0.49 %');
    expect(screen.getByTestId('swap-minimum').textContent).toBe(
      `${formatEtro((quote.amountOut * 9_950n) / 10_000n)} ETRO`,
    );
    expect(submit().disabled).toBe(false);
    expect(submit().textContent).toBe('Approve USDT and buy');
    expect(screen.getByText('2 steps: approve USDT, then confirm the trade')).toBeTruthy();
  });

  it('says Insufficient balance above the balance and sends nothing', () => {
    const { onTrade } = renderPanel();
    type('50000.5');
    expect(screen.getByTestId('swap-problem').textContent).toBe('Insufficient balance');
    expect(amountInput().getAttribute('aria-invalid')).toBe('true');
    expect(submit().disabled).toBe(true);
    fireEvent.submit(submit().form!);
    expect(onTrade).not.toHaveBeenCalled();
  });

  it.each([
    ['abc', 'The amount is not a number'],
    ['0', 'The amount must be greater than 0'],
    ['1.1234567890123456789', 'At most 18 decimal places'],
  ])('%j → %s', (text, message) => {
    renderPanel();
    type(text);
    expect(screen.getByTestId('swap-problem').textContent).toBe(message);
    expect(submit().disabled).toBe(true);
  });

  it('Max fills the whole balance, exactly', () => {
    renderPanel({ overrides: { balances: { USDT: parseEther('1234.000000000000000009'), ETRO: 0n } } });
    fireEvent.click(screen.getByTestId('swap-max'));
    expect(amountInput().value).toBe('1234.000000000000000009');
    expect(screen.queryByTestId('swap-problem')).toBeNull();
  });

  it('the toggle turns it into a sell: ETRO in, USDT out paid at once, no fee line', () => {
    const { reset } = renderPanel();
    type('5');
    fireEvent.click(screen.getByTestId('swap-toggle'));
    expect(screen.getByTestId('swap-panel').dataset.direction).toBe('sell');
    expect(amountInput().value).toBe('');
    expect(reset).toHaveBeenCalled();
    expect(screen.getByTestId('swap-balance').textContent).toBe('Balance: 20,000 ETRO');
    expect(screen.getByText('Paid to your wallet at once')).toBeTruthy();
    type('400');
    expect(screen.queryByTestId('swap-fee')).toBeNull();
    expect(submit().textContent).toBe('Approve ETRO and sell');
  });

  it('sends the quote on screen with the minimum for the tolerance, and clears the amount once confirmed', async () => {
    clock();
    const { onTrade } = renderPanel({ overrides: { allowance: parseEther('1000') } });
    fireEvent.click(screen.getByRole('button', { name: '3 %' }));
    type('1000');
    expect(submit().textContent).toBe('Buy ETRO');
    fireEvent.click(submit());
    const quote = quoteFor('buy', parseEther('1000'));
    await vi.waitFor(() => expect(amountInput().value).toBe(''));
    expect(onTrade).toHaveBeenCalledWith({
      direction: 'buy',
      amountIn: parseEther('1000'),
      minOut: (quote.amountOut * 9_700n) / 10_000n,
      deadline: BigInt(NOW_MS / 1000) + 20n * 60n,
      balance: parseEther('50000'),
      allowance: parseEther('1000'),
    });
  });

  it('sends the deadline it shows: 20 min by default, the minutes typed after the moment of sending', async () => {
    clock();
    const { onTrade } = renderPanel({ overrides: { allowance: parseEther('1000') } });
    expect(deadlineInput().value).toBe('20');
    expect(screen.getByTestId('deadline').textContent).toContain('Transaction deadline');
    expect(screen.getByTestId('deadline-note').textContent).toBe(
      'The trade is refused if it is not mined within this time',
    );
    typeDeadline('45');
    type('1000');
    fireEvent.click(submit());
    await vi.waitFor(() => expect(onTrade).toHaveBeenCalledTimes(1));
    expect(onTrade.mock.calls[0]![0].deadline).toBe(BigInt(NOW_MS / 1000) + 45n * 60n);
  });

  it('counts the deadline from the chain time when the chain is ahead of the device clock', async () => {
    clock();
    const chainTime = BigInt(NOW_MS / 1000) + 86_400n;
    const { onTrade } = renderPanel({
      overrides: { allowance: parseEther('1000'), blockTimestamp: chainTime },
      deadlineMinutes: 5n,
    });
    expect(deadlineInput().value).toBe('5');
    type('1000');
    fireEvent.click(submit());
    await vi.waitFor(() => expect(onTrade).toHaveBeenCalledTimes(1));
    expect(onTrade.mock.calls[0]![0].deadline).toBe(chainTime + 5n * 60n);
  });

  it('a deadline that is not 1 to 4,320 whole minutes says so and sends nothing until fixed', async () => {
    const { onTrade } = renderPanel({ overrides: { allowance: parseEther('1000') } });
    type('1000');
    const cases: Array<[string, string]> = [
      ['', 'Enter the deadline as a whole number of minutes'],
      ['abc', 'Enter the deadline as a whole number of minutes'],
      ['2.5', 'Enter the deadline as a whole number of minutes'],
      ['-3', 'Enter the deadline as a whole number of minutes'],
      ['0', 'The deadline must be 1 to 4,320 minutes'],
      ['4321', 'The deadline must be 1 to 4,320 minutes'],
    ];
    for (const [text, message] of cases) {
      typeDeadline(text);
      expect(screen.getByTestId('deadline').dataset.state).toBe('invalid');
      expect(deadlineInput().getAttribute('aria-invalid')).toBe('true');
      expect(screen.getByTestId('deadline-note').textContent).toBe(message);
      expect(submit().disabled).toBe(true);
      fireEvent.submit(submit().form!);
    }
    expect(onTrade).not.toHaveBeenCalled();
    typeDeadline('4320');
    expect(screen.getByTestId('deadline').dataset.state).toBe('ok');
    expect(submit().disabled).toBe(false);
  });

  it('explains a bad deadline in Chinese', async () => {
    await act(() => setLanguage('zh'));
    renderPanel();
    expect(screen.getByTestId('deadline').textContent).toContain('交易截止时间');
    typeDeadline('1.5');
    expect(screen.getByTestId('deadline-note').textContent).toBe('请以整数分钟输入截止时间');
    typeDeadline('0');
    expect(screen.getByTestId('deadline-note').textContent).toBe('截止时间须为 1 至 4,320 分钟');
  });

  it('does not trade while the quote is for another amount', () => {
    const { onTrade } = renderPanel({ quoted: false });
    type('1000');
    expect(submit().textContent).toBe('Getting a quote…');
    expect(submit().disabled).toBe(true);
    expect(screen.getByTestId('swap-receive').getAttribute('aria-busy')).toBe('true');
    fireEvent.submit(submit().form!);
    expect(onTrade).not.toHaveBeenCalled();
  });

  it('slippage: presets, a warning from 5 %, a confirmation from 10 %, refused from 15 %', async () => {
    const { onTrade } = renderPanel();
    const presets = within(screen.getByRole('group', { name: 'Slippage presets' }));
    expect(presets.getByRole('button', { name: '0.5 %' }).getAttribute('aria-pressed')).toBe('true');
    type('1000');
    const custom = screen.getByTestId('slippage-custom');

    fireEvent.change(custom, { target: { value: '5' } });
    expect(screen.getByTestId('slippage').dataset.level).toBe('warn');
    expect(screen.getByTestId('slippage-note').textContent).toMatch(/High slippage/);
    expect(presets.getByRole('button', { name: '0.5 %' }).getAttribute('aria-pressed')).toBe('false');
    expect(submit().disabled).toBe(false);

    fireEvent.change(custom, { target: { value: '12' } });
    expect(screen.getByTestId('slippage').dataset.level).toBe('confirm');
    fireEvent.click(submit());
    // asked first, nothing sent yet
    const state = modal.getState();
    expect(state.visible).toBe(true);
    if (state.visible) expect(state.options.message).toContain('12 %');
    expect(onTrade).not.toHaveBeenCalled();
    modal.cancel();
    expect(onTrade).not.toHaveBeenCalled();
    fireEvent.click(submit());
    modal.confirm();
    await vi.waitFor(() => expect(onTrade).toHaveBeenCalledTimes(1));
    const quote = quoteFor('buy', parseEther('1000'));
    expect(onTrade.mock.calls[0]![0].minOut).toBe((quote.amountOut * 8_800n) / 10_000n);
    await vi.waitFor(() => expect(amountInput().value).toBe(''));

    type('1000');
    fireEvent.change(custom, { target: { value: '15' } });
    expect(screen.getByTestId('slippage').dataset.level).toBe('refuse');
    expect(screen.getByTestId('slippage-note').textContent).toBe('A slippage tolerance of 15 % or more is not allowed');
    expect(submit().disabled).toBe(true);
    expect(submit().textContent).toBe('Trade not allowed');
  });

  it('an invalid custom slippage blocks the trade until fixed', () => {
    renderPanel();
    type('1000');
    const custom = screen.getByTestId('slippage-custom');
    fireEvent.change(custom, { target: { value: '0.125' } });
    expect(screen.getByTestId('slippage-note').textContent).toBe('Enter a percentage with at most 2 decimals');
    expect(submit().disabled).toBe(true);
    fireEvent.change(custom, { target: { value: '100' } });
    expect(screen.getByTestId('slippage-note').textContent).toBe('The slippage tolerance must be below 100 %');
    fireEvent.change(custom, { target: { value: '0.25' } });
    expect(screen.getByTestId('slippage-value').textContent).toBe('0.25 %');
    expect(submit().disabled).toBe(false);
  });

  it('refuses a trade whose price impact is 15 % or more, whatever the tolerance', () => {
    renderPanel({ overrides: { balances: { USDT: parseEther('1000000'), ETRO: 0n } } });
    type('200000');
    expect(screen.getByTestId('swap-refused').textContent).toMatch(
      /^Price impact \d+\.?\d* %: a trade that moves the price by 15 %/,
    );
    expect(screen.getByTestId('swap-impact').className).toBe('swap-bad');
    expect(submit().disabled).toBe(true);
  });
});

function formatEtro(value: bigint): string {
  return formatTokenAmount(value, 'ETRO', { grouping: true });
}
