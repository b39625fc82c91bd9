import { describe, expect, it } from 'vitest';
import { parseEther } from 'viem';
import { checkStakeAmount, type StakeLimits } from './stakeAmount.ts';

const limits: StakeLimits = {
  balance: parseEther('500'),
  minStakeAmount: parseEther('100'),
  availableRewards: parseEther('50'),
  runningOrders: 0n,
  maxRunningOrders: 16n,
};

describe('checkStakeAmount', () => {
  it('accepts an amount from the minimum to the balance, with its reward at maturity', () => {
    expect(checkStakeAmount('100', limits, 1000)).toEqual({
      ok: true,
      amount: parseEther('100'),
      reward: parseEther('10'),
    });
    expect(checkStakeAmount(' 500 ', limits, 100)).toEqual({
      ok: true,
      amount: parseEther('500'),
      reward: parseEther('5'),
    });
    expect(checkStakeAmount('123.000000000000000001', limits, 0)).toMatchObject({ ok: true, reward: 0n });
  });

  it.each([
    ['', 'EMPTY'],
    ['  ', 'EMPTY'],
    ['abc', 'NOT_A_NUMBER'],
    ['1e3', 'NOT_A_NUMBER'],
    ['1,000', 'NOT_A_NUMBER'],
    ['.', 'NOT_A_NUMBER'],
    ['-5', 'NEGATIVE'],
    ['1.0000000000000000001', 'TOO_MANY_DECIMALS'],
    ['0', 'ZERO'],
    ['0.000', 'ZERO'],
  ] as const)('refuses %j: %s', (input, problem) => {
    expect(checkStakeAmount(input, limits, 100)).toMatchObject({ ok: false, problem });
  });

  it('refuses below the minimum, even with enough balance', () => {
    expect(checkStakeAmount('99.999999999999999999', limits, 100)).toMatchObject({
      ok: false,
      problem: 'BELOW_MINIMUM',
      amount: parseEther('100') - 1n,
    });
  });

  it('refuses above the balance: Insufficient balance', () => {
    expect(checkStakeAmount('500.000000000000000001', limits, 100)).toMatchObject({
      ok: false,
      problem: 'INSUFFICIENT_BALANCE',
    });
    expect(checkStakeAmount('100', { ...limits, balance: 0n }, 100)).toMatchObject({ problem: 'INSUFFICIENT_BALANCE' });
  });

  it('refuses a stake whose full-term reward the free reserve cannot cover (equal is enough)', () => {
    expect(checkStakeAmount('500', limits, 1000)).toEqual({
      ok: true,
      amount: parseEther('500'),
      reward: parseEther('50'),
    });
    expect(checkStakeAmount('500', { ...limits, availableRewards: parseEther('50') - 1n }, 1000)).toEqual({
      ok: false,
      problem: 'RESERVE_EXCEEDED',
      amount: parseEther('500'),
      reward: parseEther('50'),
    });
  });

  it('refuses any amount while the account has the most orders running (EULP: leave one first)', () => {
    expect(checkStakeAmount('100', { ...limits, runningOrders: 15n }, 100)).toMatchObject({ ok: true });
    expect(checkStakeAmount('100', { ...limits, runningOrders: 16n }, 100)).toEqual({
      ok: false,
      problem: 'TOO_MANY_RUNNING_ORDERS',
      amount: parseEther('100'),
      reward: parseEther('1'),
    });
    expect(checkStakeAmount('', { ...limits, runningOrders: 16n }, 100)).toMatchObject({
      problem: 'TOO_MANY_RUNNING_ORDERS',
      amount: null,
    });
  });
});
