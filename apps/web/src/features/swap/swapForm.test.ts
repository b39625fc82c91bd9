import { describe, expect, it } from 'vitest';
import { parseEther } from 'viem';
import { quoteAmount, swapForm } from './swapForm.ts';
import { quoteFor, swapView } from './testData.ts';

describe('quoteAmount', () => {
  it('is the typed amount when it can be quoted, else null', () => {
    expect(quoteAmount('12.5')).toBe(parseEther('12.5'));
    for (const text of ['', '0', 'abc', '-1', '1e3', '0.0000000000000000001', '99999999999999999999999999999999999']) {
      expect(quoteAmount(text), text).toBeNull();
    }
  });
});

describe('swapForm', () => {
  const amount = parseEther('1000');

  it('is loading until the panel has figures for this direction', () => {
    expect(swapForm({ text: '1000', direction: 'buy', slippageBps: 50n, data: undefined }).submit).toEqual({
      kind: 'loading',
    });
    // the figures on screen are still the sell side's: nothing of them is used
    const stale = swapForm({
      text: '1000',
      direction: 'buy',
      slippageBps: 50n,
      data: swapView({ direction: 'sell', amountIn: amount }),
    });
    expect(stale).toMatchObject({ submit: { kind: 'loading' }, balance: null, quote: null, minOut: null });
  });

  it('asks for an amount while the field is empty, without a problem shown', () => {
    const form = swapForm({ text: ' ', direction: 'buy', slippageBps: 50n, data: swapView() });
    expect(form).toMatchObject({
      submit: { kind: 'enterAmount' },
      problem: null,
      input: 'USDT',
      output: 'ETRO',
      balance: parseEther('50000'),
    });
  });

  it.each([
    ['abc', 'NOT_A_NUMBER'],
    ['1.0000000000000000001', 'TOO_MANY_DECIMALS'],
    ['0', 'ZERO'],
    ['-5', 'NEGATIVE'],
    ['50000.000000000000000001', 'INSUFFICIENT_BALANCE'],
  ] as const)('%j: %s, nothing can be sent', (text, problem) => {
    const form = swapForm({ text, direction: 'buy', slippageBps: 50n, data: swapView() });
    expect(form.problem).toBe(problem);
    expect(form.submit).toEqual({ kind: 'invalid', problem });
  });

  it('checks the sell side against the ETRO balance', () => {
    expect(
      swapForm({ text: '20000', direction: 'sell', slippageBps: 50n, data: swapView({ direction: 'sell' }) }).problem,
    ).toBeNull();
    expect(
      swapForm({ text: '20001', direction: 'sell', slippageBps: 50n, data: swapView({ direction: 'sell' }) }).problem,
    ).toBe('INSUFFICIENT_BALANCE');
  });

  it('waits for the quote of exactly the typed amount', () => {
    const form = swapForm({ text: '999', direction: 'buy', slippageBps: 50n, data: swapView({ amountIn: amount }) });
    expect(form).toMatchObject({ submit: { kind: 'quoting' }, quote: null, minOut: null });
  });

  it('is ready with the quote, the minimum received and an approval when the allowance is short', () => {
    const data = swapView({ amountIn: amount });
    const form = swapForm({ text: '1000', direction: 'buy', slippageBps: 100n, data });
    const quote = quoteFor('buy', amount);
    expect(form.quote).toEqual(quote);
    expect(form.minOut).toBe((quote.amountOut * 9_900n) / 10_000n);
    expect(form.submit).toEqual({ kind: 'ready', needsApproval: true, confirm: false });
    expect(form.policy).toEqual({ level: 'ok', reason: null });
    const approved = swapForm({
      text: '1000',
      direction: 'buy',
      slippageBps: 100n,
      data: swapView({ amountIn: amount, allowance: amount }),
    });
    expect(approved.submit).toEqual({ kind: 'ready', needsApproval: false, confirm: false });
  });

  it('warns from 5 %, asks to confirm from 10 %, refuses from 15 % of slippage tolerance', () => {
    const data = swapView({ amountIn: amount });
    const at = (slippageBps: bigint) => swapForm({ text: '1000', direction: 'buy', slippageBps, data });
    expect(at(499n).submit).toMatchObject({ kind: 'ready', confirm: false });
    expect(at(500n)).toMatchObject({ policy: { level: 'warn' }, submit: { kind: 'ready', confirm: false } });
    expect(at(1_000n)).toMatchObject({ policy: { level: 'confirm' }, submit: { kind: 'ready', confirm: true } });
    expect(at(1_500n).submit).toEqual({ kind: 'refused', policy: { level: 'refuse', reason: 'slippage' } });
    // refused even before a quote arrives
    expect(swapForm({ text: '7', direction: 'buy', slippageBps: 1_500n, data }).submit).toMatchObject({
      kind: 'refused',
    });
  });

  it('refuses a trade whose price impact is 15 % or more', () => {
    const big = parseEther('49000');
    const data = swapView({ amountIn: big, balances: { USDT: parseEther('1000000'), ETRO: 0n } });
    // 46,060 USDT into a 501,000 USDT pool is about 8.7 %: allowed
    expect(swapForm({ text: '49000', direction: 'buy', slippageBps: 50n, data }).submit.kind).toBe('ready');
    const huge = parseEther('200000');
    const refused = swapForm({
      text: '200000',
      direction: 'buy',
      slippageBps: 50n,
      data: swapView({ amountIn: huge, balances: { USDT: parseEther('1000000'), ETRO: 0n } }),
    });
    expect(refused.quote!.priceImpactBps).toBeGreaterThanOrEqual(1_500n);
    expect(refused.submit).toEqual({ kind: 'refused', policy: { level: 'refuse', reason: 'priceImpact' } });
  });

  it('calls an amount the pool pays nothing for too small', () => {
    const data = swapView({ amountIn: 1n, quote: { ...quoteFor('buy', 1n), amountOut: 0n } });
    expect(swapForm({ text: '0.000000000000000001', direction: 'buy', slippageBps: 50n, data })).toMatchObject({
      problem: 'TOO_SMALL',
      submit: { kind: 'invalid', problem: 'TOO_SMALL' },
    });
  });
});
