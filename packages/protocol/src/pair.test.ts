import { parseEther } from 'viem';
import { describe, expect, it } from 'vitest';
import { NO_LIQUIDITY, lpStats, pairPrice } from './pair.ts';

describe('pair maths', () => {
  it('prices with 18-decimal fixed point, truncated', () => {
    expect(pairPrice({ usdt: parseEther('1'), other: parseEther('3') })).toEqual({
      kind: 'value',
      value: 333_333_333_333_333_333n,
    });
    expect(pairPrice({ usdt: 0n, other: parseEther('3') })).toEqual(NO_LIQUIDITY);
    expect(pairPrice({ usdt: parseEther('3'), other: 0n })).toEqual(NO_LIQUIDITY);
  });

  it('has no ETRO per LP while no LP exists', () => {
    expect(lpStats({ usdt: 0n, other: 0n }, 0n).etroPerLp).toEqual(NO_LIQUIDITY);
    expect(lpStats({ usdt: 5n, other: parseEther('2') }, parseEther('4')).etroPerLp).toEqual({
      kind: 'value',
      value: parseEther('0.5'),
    });
  });
});
