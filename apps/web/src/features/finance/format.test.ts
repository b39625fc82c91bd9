import { parseEther } from 'viem';
import { describe, expect, it } from 'vitest';
import { allocationText, clockText, multipleText, percentText, progressBps, usdtText } from './format.ts';

describe('finance figures', () => {
  it('multiples from basis points, no floats', () => {
    expect(multipleText(20_000)).toBe('2.0×');
    expect(multipleText(30_000)).toBe('3.0×');
    expect(multipleText(22_500)).toBe('2.25×');
    expect(multipleText(10_001)).toBe('1.0001×');
  });

  it('rates and the allocation ratio in percent', () => {
    expect(percentText(50)).toBe('0.5 %');
    expect(percentText(25)).toBe('0.25 %');
    expect(percentText(6000)).toBe('60 %');
    expect(allocationText(6000)).toBe('60 % / 40 %');
  });

  it('USDT amounts grouped', () => {
    expect(usdtText(parseEther('12000'))).toBe('12,000 USDT');
  });

  it('clock text h:mm:ss, never negative', () => {
    expect(clockText(3 * 3600 + 5 * 60 + 9)).toBe('3:05:09');
    expect(clockText(-4)).toBe('0:00:00');
  });

  it('progress in basis points, capped, rounding down', () => {
    expect(progressBps(parseEther('12'), parseEther('240'))).toBe(500);
    expect(progressBps(1n, 3n)).toBe(3333);
    expect(progressBps(5n, 4n)).toBe(10_000);
    expect(progressBps(0n, 0n)).toBe(0);
  });
});
