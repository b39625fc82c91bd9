import { describe, expect, it } from 'vitest';
import type { QuoteRow } from '../store/quoteStore.ts';
import type { VoucherRow } from '../store/voucherStore.ts';
import type { IndexedWithdrawal } from './ledgerView.ts';
import { freeOf, quoteReservations, sharedWindow, voucherReservations } from './solvency.ts';

const ALICE = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';
const BOB = '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc';
const USDT = '0x5fbdb2315678afecb367f032d93f642f64180aa3';
const EUSD = '0xe7f1725e7734ce288f8367e1bb143e90bb3f0512';

const voucher = (over: Partial<VoucherRow> = {}): VoucherRow => ({
  id: 1n,
  user: ALICE,
  token: USDT,
  amount: 1_000n,
  nonce: 4n,
  deadline: 5_000n,
  signedAt: 3_200n,
  r: `0x${'1'.repeat(64)}`,
  s: `0x${'2'.repeat(64)}`,
  v: 27,
  state: 'signed',
  ...over,
});

const paid = (v: VoucherRow): IndexedWithdrawal => ({
  user: v.user,
  token: v.token,
  amount: v.amount,
  nonce: v.nonce,
  deadline: v.deadline,
  timestamp: 4_000n,
  txHash: `0x${'a'.repeat(64)}`,
});

const quote = (over: Partial<QuoteRow> = {}): QuoteRow => ({
  id: 1n,
  user: ALICE,
  tokenIn: EUSD,
  amountIn: 100n,
  tokenOut: USDT,
  amountOut: 97n,
  nonce: 0n,
  deadline: 5_000n,
  signedAt: 4_880n,
  r: `0x${'1'.repeat(64)}`,
  s: `0x${'2'.repeat(64)}`,
  v: 27,
  ...over,
});

describe('voucherReservations (security review M-2)', () => {
  it('the review’s test D: a cancelled 1,000 and a paid 100 of one nonce hold 900 beyond the 100 withdrawn', () => {
    const big = voucher({ id: 1n, amount: 1_000n, state: 'cancelled' });
    const small = voucher({ id: 2n, amount: 100n });
    // Before the small one paid: the nonce holds its largest voucher, 1,000 (not 1,100: one nonce pays once).
    expect(voucherReservations([big, small], [], 4_500n)).toEqual(new Map([[USDT, 1_000n]]));
    // After: 100 is withdrawn, the cancelled 1,000 could still replace it (a reorg): 900 more held.
    expect(voucherReservations([big, small], [paid(small)], 4_500n)).toEqual(new Map([[USDT, 900n]]));
    // Once its deadline has passed on final state, nothing.
    expect(voucherReservations([big, small], [paid(small)], 5_001n)).toEqual(new Map());
  });

  it('sums across nonces, per token; a paid voucher and an expired one hold nothing', () => {
    const a = voucher({ id: 1n, nonce: 4n, amount: 300n });
    const b = voucher({ id: 2n, nonce: 5n, amount: 200n });
    const c = voucher({ id: 3n, nonce: 6n, token: EUSD, amount: 50n });
    const old = voucher({ id: 4n, nonce: 3n, amount: 9_999n, deadline: 4_000n });
    expect(voucherReservations([a, b, c, old], [paid(a)], 4_500n)).toEqual(
      new Map([
        [USDT, 200n],
        [EUSD, 50n],
      ]),
    );
  });

  it('leaves out the cancelled vouchers of the current nonce (the new voucher takes their nonce), not its signed one', () => {
    const cancelled = voucher({ id: 1n, amount: 700n, state: 'cancelled' });
    const open = voucher({ id: 2n, amount: 70n });
    expect(voucherReservations([cancelled], [], 4_500n, 4n)).toEqual(new Map());
    expect(voucherReservations([cancelled, open], [], 4_500n, 4n)).toEqual(new Map([[USDT, 70n]]));
    expect(voucherReservations([cancelled], [], 4_500n, 5n)).toEqual(new Map([[USDT, 700n]]));
  });

  it('a payment of another token by the same nonce: the other token’s voucher may still replace it', () => {
    const usdt = voucher({ id: 1n, amount: 500n, state: 'cancelled' });
    const eusd = voucher({ id: 2n, token: EUSD, amount: 40n });
    expect(voucherReservations([usdt, eusd], [paid(eusd)], 4_500n)).toEqual(new Map([[USDT, 500n]]));
  });
});

describe('quoteReservations (security review M-1)', () => {
  const final = { blockNumber: 100n, timestamp: 4_500n };

  it('holds the largest quote of each (user, nonce) until its deadline passes or its nonce is used on final state', () => {
    const q1 = quote({ id: 1n, amountOut: 97n });
    const q2 = quote({ id: 2n, amountOut: 50n });
    const bob = quote({ id: 3n, user: BOB, amountOut: 30n });
    const eusd = quote({ id: 4n, user: BOB, nonce: 1n, tokenIn: USDT, tokenOut: EUSD, amountOut: 9n });
    expect(quoteReservations([q1, q2, bob, eusd], [], final)).toEqual(
      new Map([
        [USDT, 127n],
        [EUSD, 9n],
      ]),
    );
    // Alice's nonce 0 executed in a final block: none of its quotes can execute any more.
    expect(quoteReservations([q1, q2, bob], [{ user: ALICE, nonce: 0n, blockNumber: 100n }], final)).toEqual(
      new Map([[USDT, 30n]]),
    );
    // Executed in a block not yet final: still held (a reorg could undo it).
    expect(quoteReservations([q1, bob], [{ user: ALICE, nonce: 0n, blockNumber: 101n }], final)).toEqual(
      new Map([[USDT, 127n]]),
    );
    // Past the deadline on final state.
    expect(quoteReservations([q1], [], { blockNumber: 100n, timestamp: 5_001n })).toEqual(new Map());
  });
});

describe('freeOf and sharedWindow', () => {
  it('free = holdings − owed − unexpired quotes, negative when short', () => {
    expect(freeOf({ token: USDT, holdings: 100n, owed: 70n, unexpiredQuotes: 20n })).toBe(10n);
    expect(freeOf({ token: USDT, holdings: 100n, owed: 90n, unexpiredQuotes: 20n })).toBe(-10n);
  });

  it('calls of one window share one read; a call after it was sent gets a fresh one', async () => {
    let reads = 0;
    const read = sharedWindow(async () => ++reads, 5);
    const together = await Promise.all([read(), read(), read()]);
    expect(together).toEqual([1, 1, 1]);
    expect(await read()).toBe(2);
  });
});
