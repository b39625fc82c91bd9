// @vitest-environment jsdom
import '../../i18n/index.ts';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { parseEther } from 'viem';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorMessage } from '@eterno/protocol/errors';
import type { Withdrawal } from '../../api/vault.ts';
import { setLanguage } from '../../i18n/index.ts';
import { ApiError } from '../../session/ApiError.ts';
import { IDLE } from '../../tx/txState.ts';
import { voucherStatus } from '../vault/withdrawFlow.ts';
import { assetFigures } from './assetFigures.ts';
import { AssetDetailView, type AssetDetailViewProps } from './AssetDetailView.tsx';

afterEach(async () => {
  await act(async () => setLanguage('en'));
});

const USDT = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const idleTx = { state: IDLE, busy: false };

const voucher = (over: Partial<Withdrawal> = {}): Withdrawal => ({
  id: 'v1',
  user: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  token: USDT,
  amount: parseEther('5'),
  nonce: 0n,
  deadline: 1_800_001_800n,
  signedAt: 1_800_000_000,
  state: 'signed',
  signature: { r: `0x${'11'.repeat(32)}`, s: `0x${'22'.repeat(32)}`, v: 27 },
  settledTx: null,
  settledAt: null,
  ...over,
});

function props(over: Partial<AssetDetailViewProps> = {}) {
  const onWithdraw = vi.fn(async (_amount: bigint) => true);
  const onDeposit = vi.fn(async (_amount: bigint) => true);
  const base: AssetDetailViewProps = {
    symbol: 'USDT',
    figures: assetFigures('USDT', {
      vaultToken: true,
      wallet: parseEther('50000'),
      lock: undefined,
      ledger: {
        token: USDT,
        symbol: 'USDT',
        credited: parseEther('100'),
        unreleased: 0n,
        released: parseEther('100'),
        withdrawn: parseEther('20'),
        reserved: 0n,
        available: parseEther('80'),
        contributed: parseEther('100'),
      },
    }),
    blockNumber: 61n,
    ledgerBlock: 60n,
    chainError: null,
    ledgerError: null,
    onRetry: vi.fn(),
    vaultKnown: true,
    vault: {
      paused: false,
      withdrawalsPaused: false,
      withdrawalsReopenAt: 0,
      withdraw: {
        available: parseEther('80'),
        perTxCap: parseEther('50'),
        limits: { userRemaining: parseEther('200'), userDayCap: parseEther('200'), vaultRemaining: parseEther('1000') },
        voucherMinutes: 30,
        tx: idleTx,
        requesting: false,
        error: null,
        onWithdraw,
      },
      deposit: { balance: parseEther('50000'), tx: idleTx, requesting: false, error: null, onDeposit },
      voucher: null,
    },
    ...over,
  };
  return { base, onWithdraw, onDeposit };
}

const figure = (key: string) => screen.queryByTestId(`figure-${key}`);

describe('AssetDetailView', () => {
  it('shows the figures that apply to the token, from the chain and the ledger', () => {
    render(<AssetDetailView {...props().base} />);
    expect(within(figure('balance')!).getByText('50,000 USDT')).toBeTruthy();
    expect(within(figure('released')!).getByText('100 USDT')).toBeTruthy();
    expect(within(figure('withdrawable')!).getByText('80 USDT')).toBeTruthy();
    expect(within(figure('contribution')!).getByText('100 USDT')).toBeTruthy();
    expect(figure('lock')).toBeNull();
    expect(figure('swapUnlock')).toBeNull();
    expect(screen.getByText('Ledger at block #60')).toBeTruthy();
    // Each row says what it counts, in one line.
    expect(within(figure('withdrawable')!).getByText(/^Released minus what you withdrew/)).toBeTruthy();
    expect(within(figure('released')!).getByText(/^Credited to you in the vault's ledger/)).toBeTruthy();
    expect(screen.queryByTestId('same-figure-withdrawableIsReleased')).toBeNull();
  });

  it("'Insufficient balance' above the withdrawable amount: nothing is requested", async () => {
    const { base, onWithdraw } = props();
    render(<AssetDetailView {...base} />);
    fireEvent.change(screen.getByTestId('withdraw-amount'), { target: { value: '80.5' } });
    expect(screen.getByTestId('withdraw-problem').textContent).toBe('Insufficient balance');
    await act(async () => fireEvent.click(screen.getByTestId('withdraw-submit')));
    expect(onWithdraw).not.toHaveBeenCalled();
  });

  it('the per-transaction cap is shown and checked before anything is requested', async () => {
    const { base, onWithdraw } = props();
    render(<AssetDetailView {...base} />);
    expect(screen.getByText('At most 50 USDT per withdrawal')).toBeTruthy();
    fireEvent.change(screen.getByTestId('withdraw-amount'), { target: { value: '60' } });
    expect(screen.getByTestId('withdraw-problem').textContent).toBe(
      'The amount is above the limit of 50 USDT per transaction',
    );
    await act(async () => fireEvent.click(screen.getByTestId('withdraw-submit')));
    expect(onWithdraw).not.toHaveBeenCalled();
  });

  it('Max fills the withdrawable amount; a valid amount is withdrawn exactly and the field cleared', async () => {
    const { base, onWithdraw } = props({});
    const withCap = { ...base, vault: { ...base.vault!, withdraw: { ...base.vault!.withdraw, perTxCap: null } } };
    render(<AssetDetailView {...withCap} />);
    fireEvent.click(screen.getByTestId('withdraw-max'));
    expect((screen.getByTestId('withdraw-amount') as HTMLInputElement).value).toBe('80');
    await act(async () => fireEvent.click(screen.getByTestId('withdraw-submit')));
    expect(onWithdraw).toHaveBeenCalledWith(parseEther('80'));
    expect((screen.getByTestId('withdraw-amount') as HTMLInputElement).value).toBe('');
  });

  it("shows the server's refusal in the user's language", async () => {
    const { base } = props();
    const error = new ApiError('VOUCHER_OPEN', errorMessage('VOUCHER_OPEN'), 409);
    const refused = { ...base, vault: { ...base.vault!, withdraw: { ...base.vault!.withdraw, error } } };
    render(<AssetDetailView {...refused} />);
    expect(screen.getByTestId('withdraw-error').textContent).toBe(
      'You already have a withdrawal in progress: finish it or wait until it expires',
    );
    await act(async () => setLanguage('zh'));
    expect(screen.getByTestId('withdraw-error').textContent).toBe('您有一笔提现正在进行中：请先完成，或等待其过期');
  });

  it('Deposit: Max = the wallet balance, above it nothing is requested', async () => {
    const { base, onDeposit } = props();
    render(<AssetDetailView {...base} />);
    fireEvent.click(screen.getByTestId('tab-deposit'));
    fireEvent.change(screen.getByTestId('deposit-amount'), { target: { value: '50001' } });
    await act(async () => fireEvent.click(screen.getByTestId('deposit-submit')));
    expect(screen.getByTestId('deposit-problem').textContent).toBe('Insufficient balance');
    expect(onDeposit).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('deposit-max'));
    await act(async () => fireEvent.click(screen.getByTestId('deposit-submit')));
    expect(onDeposit).toHaveBeenCalledWith(parseEther('50000'));
  });

  it('an open voucher can be sent or cancelled; an expired one shows the timeout return', () => {
    const { base } = props();
    const onSend = vi.fn();
    const onCancel = vi.fn();
    const card = (status: ReturnType<typeof voucherStatus>) => ({
      ...base,
      vault: { ...base.vault!, voucher: { status, busy: false, cancelling: false, onSend, onCancel } },
    });
    const { rerender } = render(<AssetDetailView {...card(voucherStatus(voucher(), null))} />);
    expect(screen.getByTestId('voucher-card').dataset.state).toBe('open');
    fireEvent.click(screen.getByTestId('voucher-send'));
    fireEvent.click(screen.getByTestId('voucher-cancel'));
    expect(onSend).toHaveBeenCalledOnce();
    expect(onCancel).toHaveBeenCalledOnce();

    rerender(<AssetDetailView {...card(voucherStatus(voucher({ state: 'expired', signature: null }), null))} />);
    expect(screen.getByTestId('voucher-state').textContent).toBe('Timeout return');
    expect(screen.getByText('+5 USDT')).toBeTruthy();
    expect(screen.queryByTestId('voucher-send')).toBeNull();

    const tx = `0x${'ab'.repeat(32)}` as const;
    rerender(
      <AssetDetailView
        {...card(
          voucherStatus(voucher({ state: 'settled', signature: null, settledTx: tx, settledAt: 1_800_000_100 }), null),
        )}
      />,
    );
    expect(screen.getByTestId('voucher-state').textContent).toBe('Settled');
    expect(screen.getByTestId('voucher-amount').textContent).toBe('−5 USDT');

    rerender(<AssetDetailView {...card(voucherStatus(voucher({ state: 'cancelled', signature: null }), null))} />);
    expect(screen.getByTestId('voucher-state').textContent).toBe('Cancelled');
    expect(screen.getByTestId('voucher-amount').textContent).toBe('5 USDT');
  });

  it('paused: the forms are disabled with the reason and when withdrawals reopen by themselves', () => {
    const { base } = props();
    const reopen = 1_795_996_800;
    const { rerender } = render(
      <AssetDetailView
        {...base}
        vault={{ ...base.vault!, paused: true, withdrawalsPaused: true, withdrawalsReopenAt: reopen }}
      />,
    );
    expect(screen.getByTestId('vault-paused').textContent).toContain(
      'Deposits, exchanges and withdrawals are paused. Withdrawals reopen by themselves by',
    );
    expect((screen.getByTestId('withdraw-submit') as HTMLButtonElement).disabled).toBe(true);
    // After the pause's maximum: deposits stay paused, withdrawals are open again.
    rerender(<AssetDetailView {...base} vault={{ ...base.vault!, paused: true, withdrawalsPaused: false }} />);
    expect(screen.getByTestId('vault-paused').textContent).toBe(
      'Deposits and exchanges are paused; withdrawals are open.',
    );
    expect((screen.getByTestId('withdraw-submit') as HTMLButtonElement).disabled).toBe(false);
  });

  it('shows what the day caps leave today and refuses more as typed, requesting nothing', async () => {
    const { base, onWithdraw } = props();
    const limits = {
      userRemaining: parseEther('30'),
      userDayCap: parseEther('200'),
      vaultRemaining: parseEther('1000'),
    };
    render(<AssetDetailView {...base} vault={{ ...base.vault!, withdraw: { ...base.vault!.withdraw, limits } }} />);
    expect(screen.getByTestId('withdraw-limits').textContent).toBe(
      'Today you can still withdraw 30 USDT (your daily limit: 200 USDT).',
    );
    fireEvent.change(screen.getByTestId('withdraw-amount'), { target: { value: '40' } });
    expect(screen.getByTestId('withdraw-problem').textContent).toBe(
      'Your own limit for today is reached: at most 30 USDT more can be paid to you today',
    );
    fireEvent.click(screen.getByTestId('withdraw-submit'));
    expect(onWithdraw).not.toHaveBeenCalled();
  });

  it('a token the vault does not take: its figures only, no forms', () => {
    render(
      <AssetDetailView
        {...props().base}
        symbol="FON"
        figures={assetFigures('FON', {
          vaultToken: false,
          wallet: 7n * 10n ** 18n,
          lock: undefined,
          ledger: undefined,
        })}
        vault={null}
      />,
    );
    expect(screen.queryByTestId('withdraw-form')).toBeNull();
    expect(screen.getByTestId('not-in-vault').textContent).toBe(
      'The vault does not take FON: it is not deposited or withdrawn here.',
    );
    expect(screen.queryByTestId('figure-withdrawable')).toBeNull();
  });

  it('speaks Chinese', async () => {
    await act(async () => setLanguage('zh'));
    render(<AssetDetailView {...props().base} />);
    expect(within(figure('withdrawable')!).getByText('可提现')).toBeTruthy();
    expect(screen.getByTestId('withdraw-submit').textContent).toBe('提现');
  });
});
