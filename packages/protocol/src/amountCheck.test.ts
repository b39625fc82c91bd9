import { parseEther } from 'viem';
import { describe, expect, it } from 'vitest';
import { atLeast, atMost, between, checkAmount } from './amountCheck.ts';

describe('checkAmount', () => {
  it('reports the text problems first, with no amount', () => {
    expect(checkAmount('')).toEqual({ ok: false, problem: 'EMPTY', amount: null });
    expect(checkAmount('abc', [atMost(1n, 'INSUFFICIENT_BALANCE')])).toEqual({
      ok: false,
      problem: 'NOT_A_NUMBER',
      amount: null,
    });
    expect(checkAmount('1.0000000000000000001')).toMatchObject({ ok: false, problem: 'TOO_MANY_DECIMALS' });
  });

  it('then zero, before any rule', () => {
    expect(checkAmount('0.0', [atLeast(5n)])).toEqual({ ok: false, problem: 'ZERO', amount: 0n });
  });

  it('then each rule in the order given, with the parsed amount', () => {
    const rules = [
      atLeast(parseEther('1')),
      atMost(parseEther('5'), 'INSUFFICIENT_BALANCE'),
      atMost(parseEther('3'), 'RESERVE_EXCEEDED'),
    ];
    expect(checkAmount('0.5', rules)).toEqual({ ok: false, problem: 'BELOW_MINIMUM', amount: parseEther('0.5') });
    expect(checkAmount('6', rules)).toEqual({ ok: false, problem: 'INSUFFICIENT_BALANCE', amount: parseEther('6') });
    expect(checkAmount('4', rules)).toEqual({ ok: false, problem: 'RESERVE_EXCEEDED', amount: parseEther('4') });
    expect(checkAmount('3', rules)).toEqual({ ok: true, amount: parseEther('3') });
  });

  it('accepts the bounds themselves', () => {
    expect(checkAmount('1', [atLeast(parseEther('1')), atMost(parseEther('1'), 'EXCEEDS_STAKED')])).toEqual({
      ok: true,
      amount: parseEther('1'),
    });
    expect(checkAmount('1.000000000000000001', [atMost(parseEther('1'), 'EXCEEDS_STAKED')])).toMatchObject({
      problem: 'EXCEEDS_STAKED',
    });
  });
});

describe('between (a fixed-term deposit: inclusive bounds)', () => {
  it('accepts both bounds and refuses outside them with OUT_OF_RANGE', () => {
    const rule = [between(100n, 1000n)];
    expect(checkAmount('0.0000000000000001', rule)).toEqual({ ok: true, amount: 100n });
    expect(checkAmount('0.000000000000001', rule)).toEqual({ ok: true, amount: 1000n });
    expect(checkAmount('0.000000000000000099', rule)).toEqual({ ok: false, problem: 'OUT_OF_RANGE', amount: 99n });
    expect(checkAmount('0.000000000000001001', rule)).toEqual({ ok: false, problem: 'OUT_OF_RANGE', amount: 1001n });
  });
});
