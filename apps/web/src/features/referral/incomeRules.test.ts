import { describe, expect, it } from 'vitest';
import { indirectLevels } from './incomeRules.ts';

describe('indirectLevels', () => {
  it('joins consecutive levels at one rate (the shipped settings: 5 %, 3 %, then 1 % down to level 10)', () => {
    expect(indirectLevels([500, 300, 100, 100, 100, 100, 100, 100, 100])).toEqual([
      { from: 2, to: 2, bps: 500 },
      { from: 3, to: 3, bps: 300 },
      { from: 4, to: 10, bps: 100 },
    ]);
  });

  it('leaves an unpaid level out and does not join across it', () => {
    expect(indirectLevels([100, 0, 100, 100])).toEqual([
      { from: 2, to: 2, bps: 100 },
      { from: 4, to: 5, bps: 100 },
    ]);
    expect(indirectLevels([])).toEqual([]);
    expect(indirectLevels([0, 0])).toEqual([]);
  });
});
