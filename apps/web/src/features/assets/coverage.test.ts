import { describe, expect, it } from 'vitest';
import { coverage } from './coverage.ts';

describe('coverage', () => {
  it('is covered when the free reserve is not negative', () => {
    expect(coverage(0n)).toEqual({ covered: true, shortfall: 0n });
    expect(coverage(11n)).toEqual({ covered: true, shortfall: 0n });
  });

  it('names the shortfall otherwise', () => {
    expect(coverage(-3n)).toEqual({ covered: false, shortfall: 3n });
    expect(coverage(-(10n ** 30n))).toEqual({ covered: false, shortfall: 10n ** 30n });
  });
});
