// @vitest-environment jsdom
import '../i18n/index.ts';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AmountProblem } from '@eterno/protocol/amountCheck';
import { setLanguage } from '../i18n/index.ts';
import { AmountField, type AmountFieldProps } from './AmountField.tsx';

afterEach(async () => {
  await setLanguage('en');
});

/** Every code the amount checker can report (a new one must get a message here too). */
const PROBLEMS: Record<AmountProblem, true> = {
  EMPTY: true,
  NOT_A_NUMBER: true,
  NEGATIVE: true,
  TOO_MANY_DECIMALS: true,
  TOO_LARGE: true,
  ZERO: true,
  BELOW_MINIMUM: true,
  INSUFFICIENT_BALANCE: true,
  EXCEEDS_STAKED: true,
  RESERVE_EXCEEDED: true,
  TOO_MANY_RUNNING_ORDERS: true,
  TOO_SMALL: true,
  ABOVE_TX_CAP: true,
  ABOVE_DAY_LIMIT: true,
  OUT_OF_RANGE: true,
};
const CODES = Object.keys(PROBLEMS) as AmountProblem[];

/** The field with its text kept like a form keeps it. */
function Controlled(props: Partial<AmountFieldProps>) {
  const [text, setText] = useState('');
  return (
    <AmountField
      label="Amount"
      symbol="USDT"
      balanceText="Balance: 1,234 USDT"
      max={null}
      problem={null}
      testId="t"
      value={text}
      {...props}
      onChange={(next) => {
        setText(next);
        props.onChange?.(next);
      }}
    />
  );
}

const input = () => screen.getByTestId('t-amount') as HTMLInputElement;
const problem = () => screen.queryByTestId('t-problem');

describe('AmountField', () => {
  it('is a labelled decimal text input with its token, balance and Max', () => {
    render(<Controlled />);
    expect(screen.getByRole('textbox', { name: 'Amount' })).toBe(input());
    expect(input().getAttribute('inputmode')).toBe('decimal');
    expect(input().type).toBe('text');
    expect(input().placeholder).toBe('0.0');
    expect(screen.getByText('USDT')).toBeTruthy();
    expect(screen.getByTestId('t-balance').textContent).toBe('Balance: 1,234 USDT');
    expect(screen.getByRole('button', { name: 'Max' })).toBe(screen.getByTestId('t-max'));
  });

  it('takes a more precise accessible name when given one', () => {
    render(<Controlled label="From" ariaLabel="Amount of USDT to pay" />);
    expect(screen.getByRole('textbox', { name: 'Amount of USDT to pay' })).toBe(input());
  });

  it('passes the text through as typed (no number conversion)', () => {
    const onChange = vi.fn();
    render(<Controlled onChange={onChange} />);
    fireEvent.change(input(), { target: { value: '0.000000000000000001' } });
    expect(onChange).toHaveBeenLastCalledWith('0.000000000000000001');
    expect(input().value).toBe('0.000000000000000001');
  });

  it('Max fills the exact amount, every one of 18 decimals', () => {
    render(<Controlled max={123_456_789_012_345_678_901_234_567n} />);
    fireEvent.click(screen.getByTestId('t-max'));
    expect(input().value).toBe('123456789.012345678901234567');
  });

  it('Max is disabled while the amount it would fill is unknown, and while the form is busy', () => {
    const { rerender } = render(<Controlled max={null} />);
    expect((screen.getByTestId('t-max') as HTMLButtonElement).disabled).toBe(true);
    rerender(<Controlled max={5n} disabled />);
    expect((screen.getByTestId('t-max') as HTMLButtonElement).disabled).toBe(true);
    expect(input().disabled).toBe(true);
  });

  it('shows no problem, and is valid, when given none', () => {
    render(<Controlled />);
    expect(problem()).toBeNull();
    expect(input().getAttribute('aria-invalid')).toBe('false');
    expect(input().getAttribute('aria-describedby')).toBeNull();
  });

  it('shows a problem as an alert the input is described by', () => {
    render(<Controlled problem="ZERO" />);
    expect(screen.getByRole('alert')).toBe(problem());
    expect(problem()?.textContent).toBe('The amount must be greater than 0');
    expect(problem()?.dataset.problem).toBe('ZERO');
    expect(input().getAttribute('aria-invalid')).toBe('true');
    expect(input().getAttribute('aria-describedby')).toBe(problem()?.id);
  });

  it('names the figures of the problems that have some', () => {
    const { rerender } = render(
      <Controlled problem="BELOW_MINIMUM" problemValues={{ minimum: { amount: '100', symbol: 'ETRO' } }} />,
    );
    expect(problem()?.textContent).toBe('The minimum stake is 100 ETRO');
    rerender(<Controlled problem="RESERVE_EXCEEDED" problemValues={{ reserve: { available: '5', reward: '7.5' } }} />);
    expect(problem()?.textContent).toBe("The reward reserve (5 ETRO) cannot cover this stake's reward of 7.5 ETRO");
    rerender(<Controlled problem="INSUFFICIENT_BALANCE" />);
    expect(problem()?.textContent).toBe('Insufficient balance');
    rerender(<Controlled problem="ABOVE_TX_CAP" problemValues={{ cap: '100,000 USDT' }} />);
    expect(problem()?.textContent).toBe('The amount is above the limit of 100,000 USDT per transaction');
    rerender(<Controlled problem="OUT_OF_RANGE" problemValues={{ range: { min: '100', max: '100,000' } }} />);
    expect(problem()?.textContent).toBe('Enter an amount between 100 and 100,000 USDT');
    rerender(<Controlled problem="TOO_MANY_RUNNING_ORDERS" problemValues={{ running: { max: '16' } }} />);
    expect(problem()?.textContent).toBe(
      'You already have 16 orders running in this pool, the most at once. Leave one (an unlocked order, or one early) before staking again.',
    );
  });

  it.each(['en', 'zh'] as const)(
    'has a message in %s for every code the checker reports, each its own',
    async (language) => {
      await act(async () => setLanguage(language));
      const { rerender } = render(<Controlled />);
      const seen = new Set<string>();
      for (const code of CODES) {
        rerender(
          <Controlled
            problem={code}
            problemValues={{
              minimum: { amount: '1', symbol: 'ETRO' },
              reserve: { available: '1', reward: '2' },
              cap: '3 USDT',
              range: { min: '4', max: '5' },
              running: { max: '16' },
            }}
          />,
        );
        const text = problem()?.textContent ?? '';
        expect(text, code).not.toBe('');
        expect(text, code).not.toContain('problems.');
        expect(text, code).not.toContain('{{');
        seen.add(text);
      }
      expect(seen.size).toBe(CODES.length);
    },
  );

  it('speaks Chinese', async () => {
    await act(async () => setLanguage('zh'));
    render(<Controlled problem="TOO_MANY_DECIMALS" max={1n} />);
    expect(screen.getByTestId('t-max').textContent).toBe('最大');
    expect(problem()?.textContent).toBe('最多 18 位小数');
  });
});
