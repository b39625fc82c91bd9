import { describe, expect, it } from 'vitest';
import { ApiError } from '../http/errors.ts';
import type { VoucherRow } from '../store/voucherStore.ts';
import { formatBillCursor, newerFirst, parseBillCursor, parseBillType, voucherBills } from './bills.ts';

const row: VoucherRow = {
  id: 3n,
  user: '0x70997970c51812dc3a010c7d01b50e0d17dc79c8',
  token: '0x5fbdb2315678afecb367f032d93f642f64180aa3',
  amount: 250n,
  nonce: 0n,
  deadline: 2_800n,
  signedAt: 1_000n,
  r: `0x${'1'.repeat(64)}`,
  s: `0x${'2'.repeat(64)}`,
  v: 28,
  state: 'signed',
};

const code = (fn: () => unknown): string => {
  try {
    fn();
  } catch (err) {
    if (err instanceof ApiError) return err.code;
    throw err;
  }
  return 'none';
};

describe('voucher bills', () => {
  it('an open voucher is a withdraw bill without a transaction at its signing time', () => {
    const bills = voucherBills({ row, state: 'signed', settledBy: null });
    expect(bills.map((b) => b.bill)).toEqual([
      { id: 'voucher-3-withdraw', type: 'withdraw', token: row.token, amount: '-250', time: '1000', txHash: null },
    ]);
  });

  it('an expired voucher adds the timeout return at its deadline', () => {
    const bills = voucherBills({ row, state: 'expired', settledBy: null }).map((b) => b.bill);
    expect(bills).toHaveLength(2);
    expect(bills[1]).toEqual({
      id: 'voucher-3-timeout_return',
      type: 'timeout_return',
      token: row.token,
      amount: '250',
      time: '2800',
      txHash: null,
    });
  });

  it('settled (the chain has the bill) and cancelled vouchers show none', () => {
    expect(voucherBills({ row, state: 'cancelled', settledBy: null })).toEqual([]);
    expect(voucherBills({ row, state: 'settled', settledBy: null })).toEqual([]);
  });
});

describe('bill order and cursor', () => {
  it('orders by time, then block, log index and id, newest first; a voucher bill before the chain bills of its second', () => {
    const chain = { time: 1_000n, blockNumber: 5n, logIndex: 2, id: 'e1' };
    const [voucher] = voucherBills({ row, state: 'signed', settledBy: null });
    expect(newerFirst(voucher!.place, chain)).toBeLessThan(0);
    expect(newerFirst({ ...chain, time: 999n }, chain)).toBeGreaterThan(0);
    expect(newerFirst({ ...chain, logIndex: 3 }, chain)).toBeLessThan(0);
    expect(newerFirst(chain, chain)).toBe(0);
    // Two bills of one event: the id decides.
    expect(newerFirst({ ...chain, id: 'e1-out' }, chain)).toBeLessThan(0);
  });

  it('round-trips the cursor and refuses a malformed one', () => {
    const place = { time: 1_700_000_000n, blockNumber: 2n ** 63n - 1n, logIndex: 0, id: 'voucher-7-withdraw' };
    expect(parseBillCursor(formatBillCursor(place))).toEqual(place);
    expect(parseBillCursor(undefined)).toBeUndefined();
    expect(parseBillCursor('1:2:3:0xab-01:out')?.id).toBe('0xab-01:out');
    for (const bad of ['', '1:2:3', 'a:1:2:3', '1:2:3:a b', '-1:2:3:4', '1:2:3:'])
      expect(code(() => parseBillCursor(bad))).toBe('BAD_REQUEST');
  });

  it('takes the 23 spec types and deposit as filters, nothing else', () => {
    expect(parseBillType('timeout_return')).toBe('timeout_return');
    expect(parseBillType('deposit')).toBe('deposit');
    expect(parseBillType(undefined)).toBeUndefined();
    expect(code(() => parseBillType('withdrawal'))).toBe('BAD_REQUEST');
  });
});
