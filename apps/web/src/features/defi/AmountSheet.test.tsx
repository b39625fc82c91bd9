// @vitest-environment jsdom
import '../../i18n/index.ts';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { parseEther } from 'viem';
import { describe, expect, it, vi } from 'vitest';
import { TxRefusedError } from '@eterno/protocol/tx/errors';
import { IDLE, type TxState } from '../../tx/txState.ts';
import { AmountSheet, type AmountAction } from './AmountSheet.tsx';
import { fixturePool } from './farmFixture.ts';

const idle = { state: IDLE, busy: false };

function renderSheet(
  action: AmountAction,
  opts: { tx?: { state: TxState; busy: boolean }; outcome?: 'confirmed' | 'failed' | 'refused' } = {},
) {
  const onSubmit = vi.fn(async (_amount: bigint) => opts.outcome ?? 'confirmed');
  const onClose = vi.fn();
  const pool = fixturePool({ lpBalance: parseEther('1314.213562373095048801'), staked: parseEther('100') });
  render(<AmountSheet action={action} pool={pool} tx={opts.tx ?? idle} onSubmit={onSubmit} onClose={onClose} />);
  const input = screen.getByRole('textbox', { name: 'Amount of EULP' }) as HTMLInputElement;
  const submit = screen.getByRole('button', { name: action === 'stake' ? 'Stake' : 'Retrieve' });
  const type = (text: string) => fireEvent.change(input, { target: { value: text } });
  return { onSubmit, onClose, input, submit, type };
}

const problem = () => screen.queryByRole('alert')?.textContent ?? null;

describe('Stake LP form', () => {
  it('is a dialog titled with the pool, showing the wallet LP balance', () => {
    renderSheet('stake');
    expect(screen.getByRole('dialog', { name: 'Stake EULP' })).toBeTruthy();
    expect(screen.getByTestId('defi-balance').textContent).toBe('Wallet: 1,314.21356237 EULP');
  });

  it.each([
    ['', 'Please enter an amount'],
    ['abc', 'The amount is not a number'],
    ['1.5.2', 'The amount is not a number'],
    ['-3', 'The amount cannot be negative'],
    ['0.0000000000000000001', 'At most 18 decimal places'],
    ['0', 'The amount must be greater than 0'],
    ['1314.213562373095048802', 'Insufficient balance'],
  ])('refuses %j with "%s" and sends nothing', async (text, message) => {
    const { onSubmit, submit, type } = renderSheet('stake');
    type(text);
    fireEvent.click(submit);
    await waitFor(() => expect(problem()).toBe(message));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByRole('textbox').getAttribute('aria-invalid')).toBe('true');
  });

  it('says what is wrong while typing, but not "enter an amount" before a submit', () => {
    const { type } = renderSheet('stake');
    expect(problem()).toBeNull();
    type('2000');
    expect(problem()).toBe('Insufficient balance');
    type('');
    expect(problem()).toBeNull();
    type('12');
    expect(problem()).toBeNull();
  });

  it('Max fills the exact balance and stakes it to the last base unit', async () => {
    const { onSubmit, input, submit } = renderSheet('stake');
    fireEvent.click(screen.getByRole('button', { name: 'Max' }));
    expect(input.value).toBe('1314.213562373095048801');
    fireEvent.click(submit);
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith(parseEther('1314.213562373095048801')));
  });

  it('closes once the write is confirmed, like every sheet', async () => {
    const confirmed = renderSheet('stake');
    confirmed.type('12.5');
    fireEvent.click(confirmed.submit);
    await waitFor(() => expect(confirmed.onSubmit).toHaveBeenCalledWith(parseEther('12.5')));
    await waitFor(() => expect(confirmed.onClose).toHaveBeenCalledTimes(1));
  });

  it('shows no problem while it closes after a success (the new balance is not a refusal)', () => {
    const { type } = renderSheet('stake', { tx: { state: { ...IDLE, phase: 'confirmed' }, busy: false } });
    type('99999');
    expect(problem()).toBeNull();
  });

  it('keeps the amount, and stays open, when the wallet refused', async () => {
    const refused = renderSheet('stake', { outcome: 'refused' });
    refused.type('3');
    fireEvent.click(refused.submit);
    await waitFor(() => expect(refused.onSubmit).toHaveBeenCalledTimes(1));
    expect(refused.input.value).toBe('3');
    expect(refused.onClose).not.toHaveBeenCalled();
  });

  it('cannot be submitted while a write runs', () => {
    const { submit } = renderSheet('stake', { tx: { state: { ...IDLE, phase: 'signing' }, busy: true } });
    expect((submit as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows the transaction steps and the refusal in the user language', () => {
    const steps = [
      { kind: 'approve', token: fixturePool().lpToken, symbol: 'EULP', spender: fixturePool().lpToken, amount: 1n },
    ] as const;
    renderSheet('stake', {
      tx: {
        state: { phase: 'failed', steps, stepIndex: 0, hashes: [undefined], error: new TxRefusedError(0) },
        busy: false,
      },
    });
    expect(screen.getByTestId('tx-progress').getAttribute('data-phase')).toBe('failed');
    expect(screen.getByText('Approve EULP')).toBeTruthy();
    expect(problem()).toBe('Refused transaction request');
  });

  it('closes with the close button and with Escape', () => {
    const { onClose } = renderSheet('stake');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});

describe('Retrieve form', () => {
  it('checks against the staked LP, not the wallet', async () => {
    const { onSubmit, submit, type } = renderSheet('retrieve');
    expect(screen.getByRole('dialog', { name: 'Retrieve EULP' })).toBeTruthy();
    expect(screen.getByTestId('defi-balance').textContent).toBe('Staked: 100 EULP');
    type('100.000000000000000001');
    fireEvent.click(submit);
    await waitFor(() => expect(problem()).toBe('You cannot retrieve more than you have staked'));
    expect(onSubmit).not.toHaveBeenCalled();
    type('100');
    fireEvent.click(submit);
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith(parseEther('100')));
  });
});
