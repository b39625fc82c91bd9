import { describe, expect, it, vi } from 'vitest';
import type { Withdrawal } from '../../api/vault.ts';
import { ApiError } from '../../session/ApiError.ts';
import { latestVoucher, runWithdraw, sendVoucher, voucherIsOpen, voucherStatus } from './withdrawFlow.ts';

const USDT = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const ETRO = '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512';
const TX = `0x${'ab'.repeat(32)}` as const;
const TX2 = `0x${'cd'.repeat(32)}` as const;

const voucher = (over: Partial<Withdrawal> = {}): Withdrawal => ({
  id: 'v1',
  user: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  token: USDT,
  amount: 5n,
  nonce: 0n,
  deadline: 1_800n,
  signedAt: 0,
  state: 'signed',
  signature: { r: `0x${'11'.repeat(32)}`, s: `0x${'22'.repeat(32)}`, v: 27 },
  settledTx: null,
  settledAt: null,
  ...over,
});

describe('latestVoucher', () => {
  it("is the newest of the token's vouchers, whatever the address case", () => {
    const list = [voucher({ id: 'e', token: ETRO }), voucher({ id: 'u2' }), voucher({ id: 'u1' })];
    expect(latestVoucher(list, USDT.toLowerCase() as typeof USDT)?.id).toBe('u2');
    expect(latestVoucher([voucher({ token: ETRO })], USDT)).toBeNull();
  });
});

describe('voucherStatus', () => {
  it('follows the API: settled with its transaction, expired, cancelled', () => {
    expect(
      voucherStatus(voucher({ state: 'settled', signature: null, settledTx: TX, settledAt: 9 }), null),
    ).toMatchObject({
      kind: 'settled',
      hash: TX,
    });
    expect(voucherStatus(voucher({ state: 'expired', signature: null }), { id: 'v1', hash: TX }).kind).toBe('expired');
    expect(voucherStatus(voucher({ state: 'cancelled', signature: null }), null).kind).toBe('cancelled');
  });

  it('a signed voucher is pending once this page mined its transaction, open otherwise', () => {
    expect(voucherStatus(voucher(), { id: 'v1', hash: TX2 })).toMatchObject({ kind: 'pending', hash: TX2 });
    expect(voucherStatus(voucher(), { id: 'other', hash: TX2 }).kind).toBe('open');
    expect(voucherStatus(voucher(), null).kind).toBe('open');
  });

  it('a signed voucher is sending, with no Send or Cancel, while this page withdraws; mined, it is pending', () => {
    expect(voucherStatus(voucher(), null, true).kind).toBe('sending');
    expect(voucherStatus(voucher(), { id: 'v1', hash: TX2 }, true).kind).toBe('pending');
    expect(
      voucherStatus(voucher({ state: 'settled', signature: null, settledTx: TX, settledAt: 9 }), null, true).kind,
    ).toBe('settled');
  });

  it('only a signed voucher is open', () => {
    expect(voucherIsOpen(voucher())).toBe(true);
    expect(voucherIsOpen(voucher({ state: 'expired' }))).toBe(false);
    expect(voucherIsOpen(null)).toBe(false);
  });
});

describe('runWithdraw', () => {
  const args = { token: USDT, amount: 5n } as const;

  it('a refused request sends nothing and cancels nothing', async () => {
    const error = new ApiError('INSUFFICIENT_BALANCE', 'Insufficient balance', 409);
    const deps = { request: vi.fn().mockRejectedValue(error), send: vi.fn(), cancel: vi.fn() };
    expect(await runWithdraw(deps, args)).toEqual({ kind: 'refused', error });
    expect(deps.send).not.toHaveBeenCalled();
    expect(deps.cancel).not.toHaveBeenCalled();
  });

  it('sends the voucher; a confirmed transaction is sent, nothing cancelled', async () => {
    const v = voucher();
    const deps = {
      request: vi.fn().mockResolvedValue(v),
      send: vi.fn().mockResolvedValue('confirmed'),
      cancel: vi.fn(),
    };
    expect(await runWithdraw(deps, args)).toEqual({ kind: 'sent', voucher: v });
    expect(deps.request).toHaveBeenCalledWith(args);
    expect(deps.send).toHaveBeenCalledWith(v);
    expect(deps.cancel).not.toHaveBeenCalled();
  });

  it('a wallet refusal cancels the voucher (the reservation is released)', async () => {
    const v = voucher({ id: 'v7' });
    const deps = { request: vi.fn().mockResolvedValue(v), send: vi.fn().mockResolvedValue('refused'), cancel: vi.fn() };
    expect(await runWithdraw(deps, args)).toEqual({ kind: 'cancelled', voucher: v });
    expect(deps.cancel).toHaveBeenCalledWith('v7');
  });

  it('a failed cancel leaves the voucher open with the error', async () => {
    const error = new ApiError('NETWORK_ERROR', 'down', 0);
    const deps = { send: vi.fn().mockResolvedValue('refused'), cancel: vi.fn().mockRejectedValue(error) };
    expect(await sendVoucher(deps, voucher())).toMatchObject({ kind: 'open', error });
  });

  it('a failed transaction keeps the voucher open (send again, cancel, or it expires)', async () => {
    const deps = { send: vi.fn().mockResolvedValue('failed'), cancel: vi.fn() };
    expect(await sendVoucher(deps, voucher())).toMatchObject({ kind: 'open' });
    expect(deps.cancel).not.toHaveBeenCalled();
  });
});
