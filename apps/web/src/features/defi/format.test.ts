import { describe, expect, it } from 'vitest';
import { parseEther } from 'viem';
import { formatBlock, formatBps, formatEtro, formatLp, formatUsdt } from './format.ts';

describe('farm formatting', () => {
  it('shows basis points as a truncated percentage', () => {
    expect(formatBps(12_589_221n)).toBe('125,892.21%');
    expect(formatBps(4_750n)).toBe('47.5%');
    expect(formatBps(10_000n)).toBe('100%');
    expect(formatBps(9n)).toBe('0.09%');
    expect(formatBps(0n)).toBe('0%');
  });

  it('shows LP with 8 digits, ETRO with 8 and USDT with 6, truncated and grouped', () => {
    expect(formatLp(parseEther('1414.213562373095048801'))).toBe('1,414.21356237');
    expect(formatEtro(parseEther('12.999999999'))).toBe('12.99999999');
    expect(formatUsdt(parseEther('10020.1234567'))).toBe('10,020.123456');
  });

  it('groups block numbers', () => {
    expect(formatBlock(864_123n)).toBe('864,123');
  });
});
