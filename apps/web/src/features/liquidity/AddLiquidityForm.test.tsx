// @vitest-environment jsdom
import { act, fireEvent, render, screen } from '@testing-library/react';
import { parseEther } from 'viem';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../i18n/index.ts';
import { IDLE } from '../../tx/txState.ts';
import type { TxOutcome } from '../../tx/useTransaction.ts';
import { AddLiquidityForm } from './AddLiquidityForm.tsx';
import { amountText } from './format.ts';
import { RemoveLiquidityForm } from './RemoveLiquidityForm.tsx';
import { liquidityRead } from './testData.ts';
import type { AddRequest, RemoveRequest } from './useLiquidityTx.ts';

const ALICE = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const settings = { slippageBps: 50n, deadlineMinutes: 20n, settingsInvalid: false };
const NOW_MS = 1_800_000_000_000;

afterEach(async () => {
  vi.restoreAllMocks();
  await act(() => setLanguage('en'));
});

const input = (id: string) => screen.getByTestId(id) as HTMLInputElement;
const type = (id: string, value: string) => fireEvent.change(input(id), { target: { value } });

describe('AddLiquidityForm', () => {
  it('pairs the typed amount, shows the LP, share and minimums, and sends exactly them', async () => {
    vi.spyOn(Date, 'now').mockReturnValue(NOW_MS);
    const onAdd = vi.fn<(r: AddRequest) => Promise<TxOutcome>>(async () => 'confirmed');
    const data = liquidityRead();
    render(
      <AddLiquidityForm
        pair="EULP"
        account={ALICE}
        data={data}
        settings={settings}
        tx={{ state: IDLE, busy: false }}
        onAdd={onAdd}
      />,
    );
    type('add-a-amount', '100');
    expect(input('add-b-amount').value).toBe('50');
    const lp = (parseEther('100') * data.state.totalSupply) / data.state.reserveA;
    expect(screen.getByTestId('add-lp').textContent).toBe(`${amountText(lp, 'EULP')} EULP`);
    expect(amountText(lp, 'EULP')).toBe('70.71057884');
    expect(screen.getByTestId('add-share').textContent).toBe('< 0.01 %');
    expect(screen.getByTestId('add-min-a').textContent).toBe('99.5');
    expect(screen.getByTestId('add-min-b').textContent).toBe('49.75');
    expect(screen.getByTestId('add-price').textContent).toBe('1 ETRO = 0.5 USDT');
    const submit = screen.getByTestId('add-submit') as HTMLButtonElement;
    expect(submit.textContent).toBe('Approve and add liquidity');
    await act(async () => fireEvent.click(submit));
    expect(onAdd).toHaveBeenCalledWith({
      pair: 'EULP',
      amountA: parseEther('100'),
      amountB: parseEther('50'),
      amountAMin: parseEther('99.5'),
      amountBMin: parseEther('49.75'),
      to: ALICE,
      deadline: 1_800_000_000n + 20n * 60n,
      balances: data.balances,
      allowances: data.allowances,
    });
    // Confirmed: the form is cleared.
    expect(input('add-a-amount').value).toBe('');
  });

  it('an amount above the balance: "Insufficient balance" under the field, the button disabled, nothing sent', () => {
    const onAdd = vi.fn<(r: AddRequest) => Promise<TxOutcome>>(async () => 'confirmed');
    render(
      <AddLiquidityForm
        pair="EULP"
        account={ALICE}
        data={liquidityRead()}
        settings={settings}
        tx={{ state: IDLE, busy: false }}
        onAdd={onAdd}
      />,
    );
    type('add-b-amount', '50001');
    expect(input('add-a-amount').value).toBe('100002');
    expect(screen.getByTestId('add-a-problem').textContent).toBe('Insufficient balance');
    expect(screen.getByTestId('add-b-problem').textContent).toBe('Insufficient balance');
    const submit = screen.getByTestId('add-submit') as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    fireEvent.submit(submit.closest('form')!);
    expect(onAdd).not.toHaveBeenCalled();
  });
});

describe('RemoveLiquidityForm', () => {
  it('50 % of the LP: what it pays, the minimums, and the request sent', async () => {
    vi.spyOn(Date, 'now').mockReturnValue(NOW_MS);
    const onRemove = vi.fn<(r: RemoveRequest) => Promise<TxOutcome>>(async () => 'confirmed');
    const data = liquidityRead();
    render(
      <RemoveLiquidityForm
        pair="EULP"
        account={ALICE}
        data={data}
        settings={settings}
        tx={{ state: IDLE, busy: false }}
        onRemove={onRemove}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Remove 50 % of your EULP' }));
    expect(input('remove-lp-amount').value).toBe('707.1');
    const liquidity = parseEther('707.1');
    const amountA = (liquidity * data.holdings.balanceA) / data.holdings.totalSupply;
    expect(screen.getByTestId('remove-out-a').textContent).toBe(amountText(amountA, 'ETRO'));
    expect(amountText(amountA, 'ETRO')).toBe('999.99181392');
    await act(async () => fireEvent.click(screen.getByTestId('remove-submit')));
    expect(onRemove).toHaveBeenCalledWith(
      expect.objectContaining({
        pair: 'EULP',
        liquidity,
        amountAMin: (amountA * 9_950n) / 10_000n,
      }),
    );
  });
});
