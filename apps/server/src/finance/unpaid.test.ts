import { describe, expect, it } from 'vitest';
import type { PurchaseRow } from '../store/purchaseStore.ts';
import { isUnpaid } from './unpaid.ts';

const row = (over: Partial<PurchaseRow> = {}): PurchaseRow => ({
  id: 1n,
  user: '0x70997970c51812dc3a010c7d01b50e0d17dc79c8',
  kind: 'package',
  productId: 1,
  token: '0x5fbdb2315678afecb367f032d93f642f64180aa3',
  amount: 10n ** 20n,
  custom: 1n,
  custom1: 1n,
  nonce: 3n,
  deadline: 5_000n,
  signedAt: 3_200n,
  r: `0x${'1'.repeat(64)}`,
  s: `0x${'2'.repeat(64)}`,
  v: 27,
  ...over,
});

describe('isUnpaid', () => {
  const open = { headTime: 4_000n, deposits: 3, paid: new Set<bigint>() };

  it('is unpaid while its nonce is unused and the indexed time has not passed its deadline', () => {
    expect(isUnpaid(row(), open)).toBe(true);
    expect(isUnpaid(row(), { ...open, headTime: 5_000n })).toBe(true);
    expect(isUnpaid(row(), { ...open, headTime: null })).toBe(true);
  });

  it('is not unpaid once an indexed order carries its nonce, even before the count moves', () => {
    expect(isUnpaid(row(), { ...open, paid: new Set([3n]) })).toBe(false);
    expect(isUnpaid(row(), { ...open, deposits: 4, paid: new Set([3n]) })).toBe(false);
  });

  it('is dead when another deposit used its nonce, or when the indexed time is past its deadline', () => {
    expect(isUnpaid(row(), { ...open, deposits: 4 })).toBe(false);
    expect(isUnpaid(row(), { ...open, headTime: 5_001n })).toBe(false);
  });
});
