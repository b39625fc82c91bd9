import { describe, expect, it } from 'vitest';
import type { VoucherRow } from '../store/voucherStore.ts';
import type { IndexedWithdrawal } from './ledgerView.ts';
import { balanceOf, judgeVoucher, withdrawalJson } from './vouchers.ts';

const USER = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';
const USDT = '0x5fbdb2315678afecb367f032d93f642f64180aa3' as const;
const ETRO = '0xe7f1725e7734ce288f8367e1bb143e90bb3f0512' as const;

const voucher = (over: Partial<VoucherRow> = {}): VoucherRow => ({
  id: 7n,
  user: USER,
  token: USDT,
  amount: 100n,
  nonce: 2n,
  deadline: 5_000n,
  signedAt: 3_200n,
  r: `0x${'1'.repeat(64)}`,
  s: `0x${'2'.repeat(64)}`,
  v: 27,
  state: 'signed',
  ...over,
});

const paid = (over: Partial<IndexedWithdrawal> = {}): IndexedWithdrawal => ({
  user: USER,
  token: USDT,
  amount: 100n,
  nonce: 2n,
  deadline: 5_000n,
  timestamp: 4_000n,
  txHash: `0x${'a'.repeat(64)}`,
  ...over,
});

const head = (timestamp: bigint) => ({ blockNumber: 10n, timestamp });

describe('judgeVoucher', () => {
  it('is signed while the final block is at or before its deadline and nothing paid it', () => {
    expect(judgeVoucher(voucher(), { final: head(5_000n), withdrawCount: 2, withdrawals: [] }).state).toBe('signed');
  });

  it('is settled by an indexed Withdrawn with its user, token, amount, nonce and deadline — even if cancelled', () => {
    for (const state of ['signed', 'cancelled'] as const) {
      const judged = judgeVoucher(voucher({ state }), { final: head(9_000n), withdrawCount: 3, withdrawals: [paid()] });
      expect(judged.state).toBe('settled');
      expect(judged.settledBy?.txHash).toBe(`0x${'a'.repeat(64)}`);
    }
  });

  it('is not settled by a withdrawal that differs in any field', () => {
    const judge = (other: IndexedWithdrawal) =>
      judgeVoucher(voucher(), { final: head(4_000n), withdrawCount: 2, withdrawals: [other] }).state;
    // Another user's or another nonce's withdrawal says nothing about this voucher.
    expect(judge(paid({ nonce: 3n }))).toBe('signed');
    expect(judge(paid({ user: '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc' }))).toBe('signed');
    // Another voucher of the same nonce paid (before this one's deadline): this one can never pay.
    for (const other of [paid({ deadline: 5_001n }), paid({ amount: 99n }), paid({ token: ETRO })])
      expect(judge(other)).toBe('cancelled');
  });

  it('is expired only when the INDEXED head is past its deadline', () => {
    expect(judgeVoucher(voucher(), { final: head(5_001n), withdrawCount: 2, withdrawals: [] }).state).toBe('expired');
    expect(judgeVoucher(voucher(), { final: null, withdrawCount: 2, withdrawals: [] }).state).toBe('signed');
  });

  it('is cancelled when the user cancelled it or its nonce was used by another voucher', () => {
    expect(
      judgeVoucher(voucher({ state: 'cancelled' }), { final: head(0n), withdrawCount: 2, withdrawals: [] }).state,
    ).toBe('cancelled');
    expect(judgeVoucher(voucher(), { final: head(9_000n), withdrawCount: 3, withdrawals: [] }).state).toBe('cancelled');
    const other = paid({ amount: 7n, deadline: 6_000n, timestamp: 4_500n });
    expect(judgeVoucher(voucher(), { final: head(9_000n), withdrawCount: 3, withdrawals: [other] }).state).toBe(
      'cancelled',
    );
  });

  it('stays expired when a later voucher re-uses its nonce after its deadline', () => {
    const later = paid({ amount: 7n, deadline: 8_000n, timestamp: 7_000n });
    expect(judgeVoucher(voucher(), { final: head(9_000n), withdrawCount: 3, withdrawals: [later] }).state).toBe(
      'expired',
    );
  });
});

describe('withdrawalJson and balanceOf', () => {
  it('gives the signature only while the voucher can be sent, and the settling transaction', () => {
    const open = withdrawalJson({ row: voucher(), state: 'signed', settledBy: null });
    expect(open).toMatchObject({
      id: '7',
      amount: '100',
      nonce: '2',
      deadline: '5000',
      signedAt: '3200',
      state: 'signed',
    });
    expect(open.signature).toEqual({ r: `0x${'1'.repeat(64)}`, s: `0x${'2'.repeat(64)}`, v: 27 });
    const settled = withdrawalJson({ row: voucher(), state: 'settled', settledBy: paid() });
    expect(settled.signature).toBeNull();
    expect(settled).toMatchObject({ settledTx: `0x${'a'.repeat(64)}`, settledAt: '4000' });
    expect(withdrawalJson({ row: voucher(), state: 'expired', settledBy: null }).signature).toBeNull();
  });

  it('the balance a new voucher may take: released − withdrawn − what vouchers of other nonces still hold', () => {
    const row = { token: USDT, credited: 1_000n, unreleased: 0n, released: 1_000n, withdrawn: 100n, contributed: 0n };
    const snapshot = { head: head(4_500n), deposits: 1, withdrawals: 3, exchanges: 0, balances: [row], lastBlock: 5n };
    const final = head(4_500n);
    const j = (judged: ReturnType<typeof judgeVoucher>[], withdrawals: IndexedWithdrawal[] = []) => ({
      snapshot,
      final,
      withdrawals,
      judged,
    });
    const judge = (v: VoucherRow, withdrawals: IndexedWithdrawal[] = []) =>
      judgeVoucher(v, { final, withdrawCount: 3, withdrawals });
    expect(balanceOf(row, j([]), USDT)).toEqual({ reserved: 0n, available: 900n });
    // A cancelled voucher of the CURRENT nonce (3) shares its nonce with the next one: it does not count...
    const cancelled = voucher({ nonce: 3n, amount: 600n, state: 'cancelled' });
    expect(balanceOf(row, j([judge(cancelled)]), USDT)).toEqual({ reserved: 0n, available: 900n });
    // ... unless it is larger than the balance: then nothing may be asked until it expires.
    const big = voucher({ nonce: 3n, amount: 901n, state: 'cancelled' });
    expect(balanceOf(row, j([judge(big)]), USDT)).toEqual({ reserved: 0n, available: 0n });
    // A cancelled voucher of an earlier nonce (2), whose nonce paid 100: it may still replace that payment
    // (a reorg), so 600 − 100 stays held until its deadline passes on final state.
    const paid100 = paid({ nonce: 2n, amount: 100n, deadline: 4_800n });
    const earlier = voucher({ nonce: 2n, amount: 600n, state: 'cancelled' });
    expect(balanceOf(row, j([judge(earlier, [paid100])], [paid100]), USDT)).toEqual({
      reserved: 500n,
      available: 400n,
    });
    // Past its deadline on final state it holds nothing; another token's voucher holds nothing of USDT.
    const expired = voucher({ nonce: 2n, amount: 600n, deadline: 4_499n, state: 'cancelled' });
    const etro = voucher({ nonce: 2n, token: ETRO, amount: 600n, state: 'cancelled' });
    expect(balanceOf(row, j([judge(expired, [paid100]), judge(etro, [paid100])], [paid100]), USDT)).toEqual({
      reserved: 0n,
      available: 900n,
    });
  });
});
