import { describe, expect, test } from 'vitest';
import { parseUnits } from 'viem';
import { balanceTexts, showsAmount } from './balances.ts';

describe('showsAmount', () => {
  test("finds the amount as a whole number in a row's text", () => {
    expect(showsAmount('USDT\n50000.123456', '50000.123456')).toBe(true);
    expect(showsAmount('UNITS 100,000 ≈ $1', '100000')).toBe(true);
    expect(showsAmount('FON 1,234,567.5', '1234567.5')).toBe(true);
  });

  test('does not accept the amount inside a longer number', () => {
    expect(showsAmount('USDT 150000', '50000')).toBe(false);
    expect(showsAmount('USDT 50000.5', '50000')).toBe(false);
    expect(showsAmount('USDT 50000', '50000.5')).toBe(false);
    expect(showsAmount('USDT —', '0')).toBe(false);
  });
});

describe('balanceTexts', () => {
  test("formats every balance with its token's digits (USDT 6, others 8)", () => {
    const v = parseUnits('1.123456789', 18);
    expect(balanceTexts({ UNITS: v, EULP: v, ETRO: v, USDT: v, FON: v })).toEqual({
      UNITS: '1.12345678',
      EULP: '1.12345678',
      ETRO: '1.12345678',
      USDT: '1.123456',
      FON: '1.12345678',
    });
  });
});
