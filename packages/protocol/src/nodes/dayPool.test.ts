import { parseUnits } from 'viem';
import { describe, expect, it } from 'vitest';
import { dayPool } from './dayPool.ts';

const usdt = (v: string) => parseUnits(v, 18);

describe('dayPool', () => {
  it('is poolBps of the day’s payments plus the carry', () => {
    // 1 % of 100 + 500 + 3,000 USDT = 36, plus 0.5 carried.
    expect(dayPool(usdt('3600'), 100, usdt('0.5'))).toBe(usdt('36.5'));
    expect(dayPool(0n, 100, 7n)).toBe(7n);
  });

  it('rounds down once, on the day’s total', () => {
    expect(dayPool(199n, 100, 0n)).toBe(1n);
    expect(dayPool(99n, 100, 0n)).toBe(0n);
  });

  it('refuses a rate outside 0–10000 and negative amounts', () => {
    expect(() => dayPool(1n, 10_001, 0n)).toThrow(RangeError);
    expect(() => dayPool(1n, 1.5, 0n)).toThrow(RangeError);
    expect(() => dayPool(-1n, 100, 0n)).toThrow(RangeError);
    expect(() => dayPool(1n, 100, -1n)).toThrow(RangeError);
  });
});
