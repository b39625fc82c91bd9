import { describe, expect, it } from 'vitest';
import { ApiError } from '../../http/errors.ts';
import { parseAmountWei, parseToken, parseVoucherId } from './vaultInput.ts';

const code = (fn: () => unknown): string => {
  try {
    fn();
  } catch (err) {
    if (err instanceof ApiError) return `${err.status} ${err.code}`;
    throw err;
  }
  return 'none';
};

describe('vault inputs', () => {
  it('takes an amount as a positive integer string of wei up to 2^256 − 1', () => {
    expect(parseAmountWei('1')).toBe(1n);
    expect(parseAmountWei((2n ** 256n - 1n).toString())).toBe(2n ** 256n - 1n);
    for (const bad of [0, 1, '0', '-1', '1.5', '1e18', ' 1', '01', '', null, (2n ** 256n).toString()])
      expect(code(() => parseAmountWei(bad))).toBe('400 INVALID_AMOUNT');
  });

  it('takes a token address in any case and returns it lower-case', () => {
    expect(parseToken('0x5FbDB2315678afecb367f032d93F642f64180aa3')).toBe('0x5fbdb2315678afecb367f032d93f642f64180aa3');
    expect(code(() => parseToken('USDT'))).toBe('400 TOKEN_NOT_SUPPORTED');
    expect(code(() => parseToken(undefined))).toBe('400 BAD_REQUEST');
    expect(code(() => parseToken(12))).toBe('400 BAD_REQUEST');
  });

  it('takes a voucher id as a positive integer', () => {
    expect(parseVoucherId('12', 'BAD_REQUEST')).toBe(12n);
    expect(code(() => parseVoucherId('0', 'VOUCHER_NOT_FOUND'))).toBe('404 VOUCHER_NOT_FOUND');
    expect(code(() => parseVoucherId('x', 'BAD_REQUEST'))).toBe('400 BAD_REQUEST');
    expect(code(() => parseVoucherId(undefined, 'BAD_REQUEST'))).toBe('400 BAD_REQUEST');
  });
});
