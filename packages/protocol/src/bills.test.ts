import { describe, expect, it } from 'vitest';
import {
  ANY_BILL_TYPES,
  BILL_PRODUCERS,
  CONTRIBUTION_BILL_TYPES,
  PRODUCED_BILL_TYPES,
  isAnyBillType,
} from './bills.ts';
import { BILL_TYPES } from './domain.ts';

describe('bill types', () => {
  it('lists the spec 23 in order, then deposit and node_reward, each once', () => {
    expect(ANY_BILL_TYPES).toHaveLength(25);
    expect(ANY_BILL_TYPES.slice(0, 23)).toEqual([...BILL_TYPES]);
    expect(ANY_BILL_TYPES.slice(23)).toEqual(['deposit', 'node_reward']);
    expect(new Set(ANY_BILL_TYPES).size).toBe(25);
    expect(BILL_PRODUCERS.node_reward).toEqual(['nodes']);
  });

  it('isAnyBillType accepts exactly the 25', () => {
    for (const type of ANY_BILL_TYPES) expect(isAnyBillType(type)).toBe(true);
    for (const value of ['Deposit', 'swap', '', undefined, 1, 'withdraw ']) expect(isAnyBillType(value)).toBe(false);
  });

  it('names a producer for every type and the ones this issue makes', () => {
    expect(Object.keys(BILL_PRODUCERS).sort()).toEqual([...ANY_BILL_TYPES].sort());
    expect(PRODUCED_BILL_TYPES).toEqual([
      'stake_revenue',
      'withdraw',
      'timeout_return',
      'swap_release',
      'lp_reward',
      'exchange',
      'deposit',
    ]);
  });

  it('the contribution bill is deposits and package payments', () => {
    expect(CONTRIBUTION_BILL_TYPES).toEqual(['deposit', 'buy_package']);
    for (const type of CONTRIBUTION_BILL_TYPES) expect(isAnyBillType(type)).toBe(true);
  });
});
