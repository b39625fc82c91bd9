import { describe, expect, it } from 'vitest';
import { parseEther } from 'viem';
import { checkFarmAmount } from './amountInput.ts';

const balance = parseEther('1414.213562373095048801');

describe('checkFarmAmount', () => {
  it('accepts an amount up to what is available, to the last base unit', () => {
    expect(checkFarmAmount('12.5', 'stake', balance)).toEqual({ ok: true, amount: parseEther('12.5') });
    expect(checkFarmAmount(' 1414.213562373095048801 ', 'stake', balance)).toEqual({ ok: true, amount: balance });
    expect(checkFarmAmount('.5', 'retrieve', balance)).toEqual({ ok: true, amount: parseEther('0.5') });
  });

  it.each([
    ['', 'EMPTY', null],
    ['   ', 'EMPTY', null],
    ['abc', 'NOT_A_NUMBER', null],
    ['1e3', 'NOT_A_NUMBER', null],
    ['1,000', 'NOT_A_NUMBER', null],
    ['-1', 'NEGATIVE', null],
    ['0.0000000000000000001', 'TOO_MANY_DECIMALS', null],
    ['0', 'ZERO', 0n],
    ['0.000', 'ZERO', 0n],
  ])('refuses %j: %s', (text, problem, amount) => {
    expect(checkFarmAmount(text, 'stake', balance)).toEqual({ ok: false, problem, amount });
  });

  it('refuses more than the wallet holds when staking, more than staked when retrieving', () => {
    expect(checkFarmAmount('1414.213562373095048802', 'stake', balance)).toEqual({
      ok: false,
      problem: 'INSUFFICIENT_BALANCE',
      amount: balance + 1n,
    });
    expect(checkFarmAmount('10', 'retrieve', parseEther('9.99'))).toEqual({
      ok: false,
      problem: 'EXCEEDS_STAKED',
      amount: parseEther('10'),
    });
    expect(checkFarmAmount('1', 'retrieve', 0n)).toEqual({
      ok: false,
      problem: 'EXCEEDS_STAKED',
      amount: parseEther('1'),
    });
  });
});
