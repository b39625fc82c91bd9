import { describe, expect, it } from 'vitest';
import {
  DEFAULT_DEADLINE_MINUTES,
  DeadlineError,
  isDeadlineMinutes,
  MAX_DEADLINE_MINUTES,
  MIN_DEADLINE_MINUTES,
  parseDeadlineMinutes,
  tradeDeadline,
} from './deadline.ts';

describe('parseDeadlineMinutes', () => {
  it.each([
    ['20', 20n],
    [' 45 ', 45n],
    ['1', 1n],
    ['4320', 4_320n],
    ['007', 7n],
  ])('%j → %s minutes', (text, minutes) => {
    expect(parseDeadlineMinutes(text)).toBe(minutes);
  });

  it.each(['', ' ', 'abc', '1.5', '-5', '+5', '1e3', '20 min', '0x10', '١٢', '9999999999'])(
    'refuses %j as not a whole number of minutes',
    (text) => {
      expect(() => parseDeadlineMinutes(text)).toThrow(DeadlineError);
      try {
        parseDeadlineMinutes(text);
      } catch (error) {
        expect((error as DeadlineError).code).toBe('DEADLINE_INVALID');
      }
    },
  );

  it.each(['0', '00', '4321', '100000'])('refuses %j as out of range', (text) => {
    try {
      parseDeadlineMinutes(text);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(DeadlineError);
      expect((error as DeadlineError).code).toBe('DEADLINE_OUT_OF_RANGE');
    }
  });

  it('the default (20 min, as Uniswap) is within the range', () => {
    expect(DEFAULT_DEADLINE_MINUTES).toBe(20n);
    expect(isDeadlineMinutes(DEFAULT_DEADLINE_MINUTES)).toBe(true);
    expect(isDeadlineMinutes(MIN_DEADLINE_MINUTES - 1n)).toBe(false);
    expect(isDeadlineMinutes(MAX_DEADLINE_MINUTES + 1n)).toBe(false);
  });
});

describe('tradeDeadline', () => {
  it('is the setting after the device clock when the chain is behind it (no block for a while)', () => {
    expect(tradeDeadline({ blockTimestamp: 1_000n, nowSeconds: 5_000n, minutes: 20n })).toBe(5_000n + 1_200n);
  });

  it('is the setting after the chain time when the chain is ahead of the clock', () => {
    expect(tradeDeadline({ blockTimestamp: 90_000n, nowSeconds: 5_000n, minutes: 1n })).toBe(90_060n);
  });

  it('refuses a setting out of range and negative times', () => {
    expect(() => tradeDeadline({ blockTimestamp: 1n, nowSeconds: 1n, minutes: 0n })).toThrow(DeadlineError);
    expect(() => tradeDeadline({ blockTimestamp: 1n, nowSeconds: 1n, minutes: 4_321n })).toThrow(DeadlineError);
    expect(() => tradeDeadline({ blockTimestamp: -1n, nowSeconds: 1n, minutes: 20n })).toThrow(RangeError);
  });
});
