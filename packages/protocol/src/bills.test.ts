import { describe, expect, it } from 'vitest';
import {
  ANY_BILL_TYPES,
  BILL_PRODUCERS,
  CONTRIBUTION_BILL_TYPES,
  PRODUCED_BILL_TYPES,
  RESERVED_BILL_TYPES,
  isAnyBillType,
  ledgerFromBills,
} from './bills.ts';
import { BILL_TYPES } from './domain.ts';

describe('bill types', () => {
  it('lists the spec 23 in order, then deposit, node_reward and loop, each once', () => {
    expect(ANY_BILL_TYPES).toHaveLength(26);
    expect(ANY_BILL_TYPES.slice(0, 23)).toEqual([...BILL_TYPES]);
    expect(ANY_BILL_TYPES.slice(23)).toEqual(['deposit', 'node_reward', 'loop']);
    expect(new Set(ANY_BILL_TYPES).size).toBe(26);
    expect(BILL_PRODUCERS.node_reward).toEqual(['nodes']);
    expect(BILL_PRODUCERS.loop).toEqual(['referral']);
  });

  it('marks the types no rule makes as reserved: team, airdrop, task, link, fon_release', () => {
    expect(RESERVED_BILL_TYPES).toEqual(['team', 'airdrop', 'task', 'link', 'fon_release']);
    for (const type of RESERVED_BILL_TYPES) expect(BILL_PRODUCERS[type]).toEqual(['reserved']);
    // The node rewards are their own type, made by the nodes part.
    expect(BILL_PRODUCERS.node_reward).toEqual(['nodes']);
  });

  it('isAnyBillType accepts exactly the 26', () => {
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

describe('ledgerFromBills', () => {
  const b = (type: string, amount: bigint) => ({ type, amount });
  it('rebuilds each ledger figure from the bills by the rule of docs/decisions/bills.md', () => {
    expect(
      ledgerFromBills([
        b('deposit', 1000n), // credited, released, contributed
        b('buy_package', -100n), // contributed
        b('regular', -300n), // a fixed-term deposit: locked, not in the ledger
        b('regular', 300n), // its maturity: principal …
        b('regular', 6n), // … and interest, released
        b('finance_income', 5n),
        b('node_reward', 2n),
        b('direct', 50n), // a paid income of 50 − 10 burned: 40, of which 8 to the loop
        b('burn', -10n),
        b('loop', -8n),
        b('personal_pool', 20n),
        b('loop', -4n),
        b('unlock_income', 3n), // 3 of the 48 unreleased released
        b('withdraw', -400n),
        b('exchange', -7n), // wallet only
        b('swap_release', 9n), // wallet only
      ]),
    ).toEqual({
      credited: 1000n + 306n + 5n + 2n + 48n,
      unreleased: 45n,
      released: 1000n + 306n + 5n + 2n + 3n,
      withdrawn: 400n,
      contributed: 1100n,
    });
    expect(ledgerFromBills([])).toEqual({ credited: 0n, unreleased: 0n, released: 0n, withdrawn: 0n, contributed: 0n });
  });
});
