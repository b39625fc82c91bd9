import { parseUnits } from 'viem';
import { describe, expect, it } from 'vitest';
import { nodePower } from './nodePower.ts';

describe('nodePower', () => {
  it('is votes × weight', () => {
    expect(nodePower(parseUnits('250', 18), 5)).toBe(parseUnits('1250', 18));
    expect(nodePower(parseUnits('250', 18), 0)).toBe(0n);
    expect(nodePower(0n, 8n)).toBe(0n);
  });

  it('refuses negative figures', () => {
    expect(() => nodePower(-1n, 1)).toThrow(RangeError);
    expect(() => nodePower(1n, -1)).toThrow(RangeError);
  });
});
