import { describe, expect, it } from 'vitest';
import { checkSpendAmount, checkWithdrawAmount } from './vaultAmounts.ts';

const E18 = 10n ** 18n;

describe('checkWithdrawAmount', () => {
  const limits = { available: 10n * E18, perTxCap: 5n * E18 };

  it('accepts an amount within the available balance and the cap', () => {
    expect(checkWithdrawAmount('4.5', limits)).toEqual({ ok: true, amount: 45n * 10n ** 17n });
  });

  it("reports 'Insufficient balance' above the available balance, before the cap", () => {
    expect(checkWithdrawAmount('10.000000000000000001', limits)).toMatchObject({
      ok: false,
      problem: 'INSUFFICIENT_BALANCE',
    });
  });

  it('reports the per-transaction cap above it', () => {
    expect(checkWithdrawAmount('6', limits)).toMatchObject({ ok: false, problem: 'ABOVE_TX_CAP', amount: 6n * E18 });
    expect(checkWithdrawAmount('5', limits)).toEqual({ ok: true, amount: 5n * E18 });
  });

  it('reports what the day caps still allow today above it (after the per-transaction cap)', () => {
    const today = { ...limits, dayRemaining: 3n * E18 };
    expect(checkWithdrawAmount('3.5', today)).toMatchObject({ ok: false, problem: 'ABOVE_DAY_LIMIT' });
    expect(checkWithdrawAmount('3', today)).toEqual({ ok: true, amount: 3n * E18 });
    expect(checkWithdrawAmount('6', today)).toMatchObject({ ok: false, problem: 'ABOVE_TX_CAP' });
    expect(checkWithdrawAmount('3.5', { ...limits, dayRemaining: null })).toEqual({
      ok: true,
      amount: 35n * 10n ** 17n,
    });
  });

  it('checks the text and zero first', () => {
    expect(checkWithdrawAmount('', limits)).toMatchObject({ problem: 'EMPTY' });
    expect(checkWithdrawAmount('abc', limits)).toMatchObject({ problem: 'NOT_A_NUMBER' });
    expect(checkWithdrawAmount('0', limits)).toMatchObject({ problem: 'ZERO' });
  });

  it('is never ok while the available balance is unknown', () => {
    expect(checkWithdrawAmount('1', { available: null, perTxCap: null })).toMatchObject({
      ok: false,
      problem: 'INSUFFICIENT_BALANCE',
    });
  });
});

describe('checkSpendAmount', () => {
  it('limits to the wallet balance', () => {
    expect(checkSpendAmount('2', 2n * E18)).toEqual({ ok: true, amount: 2n * E18 });
    expect(checkSpendAmount('2.1', 2n * E18)).toMatchObject({ ok: false, problem: 'INSUFFICIENT_BALANCE' });
    expect(checkSpendAmount('1', null)).toMatchObject({ ok: false, problem: 'INSUFFICIENT_BALANCE' });
  });
});
