import { describe, expect, it } from 'vitest';
import { coverage } from './coverage.ts';

describe('coverage', () => {
  it('is covered when the vault holds at least what is owed', () => {
    expect(coverage(10n, 10n)).toEqual({ covered: true, shortfall: 0n });
    expect(coverage(11n, 10n)).toEqual({ covered: true, shortfall: 0n });
    expect(coverage(0n, 0n)).toEqual({ covered: true, shortfall: 0n });
  });

  it('names the shortfall otherwise', () => {
    expect(coverage(7n, 10n)).toEqual({ covered: false, shortfall: 3n });
    expect(coverage(0n, 10n ** 30n)).toEqual({ covered: false, shortfall: 10n ** 30n });
  });
});
