import { describe, expect, it } from 'vitest';
import {
  AmountError,
  DISPLAY_DIGITS,
  formatAmount,
  formatInputAmount,
  formatScaled12,
  formatTokenAmount,
  isMultipleOf,
  parseAmount,
  type AmountErrorCode,
} from './amount.ts';
import { EternoError } from './errors.ts';
import { TOKEN_SYMBOLS } from './domain.ts';

const E18 = 10n ** 18n;

function codeOf(fn: () => unknown): AmountErrorCode | 'NO_ERROR' {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(AmountError);
    expect(error).toBeInstanceOf(EternoError);
    return (error as AmountError).code;
  }
  return 'NO_ERROR';
}

describe('parseAmount', () => {
  it('parses whole and fractional amounts exactly', () => {
    expect(parseAmount('1', 18)).toBe(E18);
    expect(parseAmount('0.1', 18)).toBe(E18 / 10n);
    expect(parseAmount('1.000000000000000001', 18)).toBe(E18 + 1n);
    expect(parseAmount('123456789.123456', 6)).toBe(123456789123456n);
    expect(parseAmount('007', 2)).toBe(700n);
    expect(parseAmount('0', 18)).toBe(0n);
  });

  it('accepts what a user types mid-entry and surrounding spaces', () => {
    expect(parseAmount('.5', 18)).toBe(E18 / 2n);
    expect(parseAmount('5.', 18)).toBe(5n * E18);
    expect(parseAmount('  2.5 ', 1)).toBe(25n);
  });

  it('never goes through a float', () => {
    expect(parseAmount('0.3', 18)).toBe(300000000000000000n);
    expect(parseAmount('9007199254740993', 0)).toBe(9007199254740993n);
    expect(parseAmount('1.15', 2)).toBe(115n);
  });

  it('accepts trailing zeros beyond the decimals', () => {
    expect(parseAmount('1.50', 1)).toBe(15n);
    expect(parseAmount('3.000', 0)).toBe(3n);
  });

  it('refuses empty input', () => {
    expect(codeOf(() => parseAmount('', 18))).toBe('EMPTY');
    expect(codeOf(() => parseAmount('   ', 18))).toBe('EMPTY');
  });

  it('refuses negative amounts', () => {
    expect(codeOf(() => parseAmount('-1', 18))).toBe('NEGATIVE');
    expect(codeOf(() => parseAmount('-0.5', 18))).toBe('NEGATIVE');
  });

  it('refuses anything that is not a plain decimal', () => {
    for (const input of [
      'abc',
      '.',
      '-',
      '1e18',
      '1,000',
      '1.2.3',
      '+1',
      '0x10',
      '1 000',
      'Infinity',
      'NaN',
      '--1',
      '١',
    ]) {
      expect(
        codeOf(() => parseAmount(input, 18)),
        input,
      ).toBe('NOT_A_NUMBER');
    }
  });

  it('refuses more fraction digits than the token has', () => {
    expect(codeOf(() => parseAmount('1.1234567', 6))).toBe('TOO_MANY_DECIMALS');
    expect(codeOf(() => parseAmount('0.5', 0))).toBe('TOO_MANY_DECIMALS');
    expect(codeOf(() => parseAmount('0.0000000000000000001', 18))).toBe('TOO_MANY_DECIMALS');
  });

  it('refuses amounts beyond uint256', () => {
    const max = 2n ** 256n - 1n;
    expect(parseAmount(max.toString(), 0)).toBe(max);
    expect(codeOf(() => parseAmount((max + 1n).toString(), 0))).toBe('TOO_LARGE');
  });

  it('gives each error an English message', () => {
    expect(() => parseAmount('x', 18)).toThrow('The amount is not a number');
  });

  it('rejects invalid decimals as a programming error', () => {
    expect(() => parseAmount('1', -1)).toThrow(RangeError);
    expect(() => parseAmount('1', 1.5)).toThrow(RangeError);
  });
});

describe('formatAmount', () => {
  it('shows 8 fraction digits by default and trims trailing zeros', () => {
    expect(formatAmount(E18, 18)).toBe('1');
    expect(formatAmount((25n * E18) / 10n, 18)).toBe('2.5');
    expect(formatAmount(123456789n * 10n ** 10n, 18)).toBe('1.23456789');
    expect(formatAmount(0n, 18)).toBe('0');
  });

  it('rounds down, never up', () => {
    expect(formatAmount(1239999999999999999n, 18)).toBe('1.23999999');
    expect(formatAmount(999999999999999999n, 18)).toBe('0.99999999');
    expect(formatAmount(9999n, 18)).toBe('0');
    expect(formatAmount(19n, 1, { digits: 0 })).toBe('1');
  });

  it('truncates negative values toward zero and never shows -0', () => {
    expect(formatAmount(-1239999999999999999n, 18)).toBe('-1.23999999');
    expect(formatAmount(-1n, 18)).toBe('0');
  });

  it('takes a digit count', () => {
    expect(formatAmount(1234567n, 6, { digits: 2 })).toBe('1.23');
    expect(formatAmount(1234567n, 6, { digits: 10 })).toBe('1.234567');
    expect(formatAmount(1500n, 3, { digits: 0 })).toBe('1');
  });

  it('groups thousands on request', () => {
    expect(formatAmount(1234567n * E18 + E18 / 4n, 18, { grouping: true })).toBe('1,234,567.25');
    expect(formatAmount(123n * E18, 18, { grouping: true })).toBe('123');
    expect(formatAmount(-1000n, 0, { grouping: true })).toBe('-1,000');
    expect(formatAmount(1234567n * E18, 18)).toBe('1234567');
  });

  it('handles zero decimals and huge values', () => {
    expect(formatAmount(42n, 0)).toBe('42');
    expect(formatAmount(2n ** 256n - 1n, 18)).toBe(
      '115792089237316195423570985008687907853269984665640564039457.58400791',
    );
  });

  it('rejects invalid digits', () => {
    expect(() => formatAmount(1n, 18, { digits: -1 })).toThrow(RangeError);
    expect(() => formatAmount(1n, 18, { digits: 0.5 })).toThrow(RangeError);
  });

  it('round-trips with parseAmount', () => {
    for (const text of ['0.5', '1', '123.45678912', '1000000']) {
      expect(formatAmount(parseAmount(text, 18), 18)).toBe(text);
    }
  });
});

describe('formatScaled12', () => {
  it('keeps 12 fraction digits, truncated', () => {
    expect(formatScaled12(1234567890123456789n)).toBe('1.234567890123');
    expect(formatScaled12(1n * 10n ** 6n)).toBe('0.000000000001');
    expect(formatScaled12(999999n)).toBe('0');
    expect(formatScaled12(1234567890123n, 12)).toBe('1.234567890123');
    expect(formatScaled12(1000n * E18, 18, { grouping: true })).toBe('1,000');
  });
});

describe('formatTokenAmount', () => {
  const value = 1234567891234567891n;

  it('shows USDT with 6 digits', () => {
    expect(formatTokenAmount(value, 'USDT')).toBe('1.234567');
  });

  it('shows every other token with 8 digits', () => {
    for (const token of ['UNITS', 'EULP', 'ETRO', 'EUSD', 'PUSD', 'FON'] as const) {
      expect(formatTokenAmount(value, token)).toBe('1.23456789');
    }
  });

  it('has display digits for every token', () => {
    for (const token of TOKEN_SYMBOLS) expect(DISPLAY_DIGITS[token]).toBeGreaterThan(0);
  });

  it('groups on request', () => {
    expect(formatTokenAmount(12345n * E18, 'USDT', { grouping: true })).toBe('12,345');
  });
});

describe('isMultipleOf', () => {
  it('checks whole-token multiples of 18-decimal amounts', () => {
    expect(isMultipleOf(30n * E18, 10)).toBe(true);
    expect(isMultipleOf(0n, 10)).toBe(true);
    expect(isMultipleOf(25n * E18, 10)).toBe(false);
    expect(isMultipleOf(parseAmount('10.5', 18), 10)).toBe(false);
    expect(isMultipleOf(10n * E18 + 1n, 10)).toBe(false);
    expect(isMultipleOf(10n, 10)).toBe(false);
  });

  it('takes other steps and decimals', () => {
    expect(isMultipleOf(20n, 10, 0)).toBe(true);
    expect(isMultipleOf(2000n, 10n, 2)).toBe(true);
    expect(isMultipleOf(2050n, 10n, 2)).toBe(false);
  });

  it('rejects a step that is not positive', () => {
    expect(() => isMultipleOf(10n, 0)).toThrow(RangeError);
    expect(() => isMultipleOf(10n, -10)).toThrow(RangeError);
  });
});

describe('formatInputAmount', () => {
  it('gives an input the exact amount: every decimal, no grouping, trailing zeros trimmed', () => {
    expect(formatInputAmount(1_414_213_562_373_095_048_801n, 18)).toBe('1414.213562373095048801');
    expect(formatInputAmount(3n * 10n ** 18n, 18)).toBe('3');
    expect(formatInputAmount(1n, 6)).toBe('0.000001');
  });

  it('round-trips through parseAmount', () => {
    for (const value of [0n, 1n, 10n ** 18n + 1n, 123_456_789_012_345_678_901_234n]) {
      expect(parseAmount(formatInputAmount(value, 18), 18)).toBe(value);
    }
  });
});
