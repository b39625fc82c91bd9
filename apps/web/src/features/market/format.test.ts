import { describe, expect, it } from 'vitest';
import { parseEther } from 'viem';
import { orderAmounts } from './format.ts';

describe('orderAmounts', () => {
  it('an open order partly bought: sold and left for sale', () => {
    expect(orderAmounts({ quantity: parseEther('100'), remaining: parseEther('70'), refunded: 0n })).toEqual({
      sold: parseEther('30'),
      left: parseEther('70'),
      refunded: 0n,
    });
  });

  it('a cancelled order: what was sold and what the cancel returned', () => {
    expect(orderAmounts({ quantity: parseEther('100'), remaining: 0n, refunded: parseEther('70') })).toEqual({
      sold: parseEther('30'),
      left: 0n,
      refunded: parseEther('70'),
    });
  });
});
