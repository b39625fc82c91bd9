import { describe, expect, it } from 'vitest';
import { lockProgress, NO_LOCK } from './lockProgress.ts';

const DAY = 86_400n;
const NONE = { amount: 0n, fee: 0n };
const NO_TIMES = { next: 0n, last: 0n };

describe('lockProgress', () => {
  it('is all zero and without release times for an account that never bought', () => {
    expect(NO_LOCK).toEqual({
      credited: 0n,
      released: 0n,
      claimed: 0n,
      claimable: 0n,
      claimFee: 0n,
      claimReceive: 0n,
      locked: 0n,
      progressBps: 0n,
      nextFullRelease: null,
      allReleasedAt: null,
      swapReleased: 0n,
      stakeReleased: 0n,
    });
  });

  it('derives claimable, locked, the progress and the release times from the ledger', () => {
    const progress = lockProgress(
      { credited: 1_000n, released: 250n, claimed: 100n },
      { next: DAY, last: 3n * DAY },
      { amount: 150n, fee: 7n },
      { swap: 200n, stake: 50n },
    );
    expect(progress).toMatchObject({
      claimable: 150n,
      claimFee: 7n,
      claimReceive: 143n,
      locked: 750n,
      progressBps: 2_500n,
      nextFullRelease: DAY,
      allReleasedAt: 3n * DAY,
      swapReleased: 200n,
      stakeReleased: 50n,
    });
  });

  it('rounds the progress down', () => {
    const progress = lockProgress(
      { credited: 3n, released: 2n, claimed: 0n },
      NO_TIMES,
      { amount: 2n, fee: 0n },
      {
        swap: 2n,
        stake: 0n,
      },
    );
    expect(progress.progressBps).toBe(6_666n);
  });

  it('reads 0 release times as "nothing releasing"', () => {
    const progress = lockProgress(
      { credited: 5n, released: 5n, claimed: 0n },
      NO_TIMES,
      { amount: 5n, fee: 0n },
      {
        swap: 0n,
        stake: 5n,
      },
    );
    expect(progress.nextFullRelease).toBeNull();
    expect(progress.allReleasedAt).toBeNull();
  });

  it('refuses figures that break claimed ≤ released ≤ credited', () => {
    expect(() =>
      lockProgress(
        { credited: 1n, released: 2n, claimed: 0n },
        NO_TIMES,
        { amount: 2n, fee: 0n },
        { swap: 2n, stake: 0n },
      ),
    ).toThrow(RangeError);
    expect(() =>
      lockProgress({ credited: 2n, released: 1n, claimed: 2n }, NO_TIMES, NONE, { swap: 1n, stake: 0n }),
    ).toThrow(RangeError);
  });

  it('refuses a claim quote that is not released - claimed, or a fee above it', () => {
    const summary = { credited: 5n, released: 3n, claimed: 1n };
    const byKind = { swap: 3n, stake: 0n };
    expect(() => lockProgress(summary, NO_TIMES, { amount: 3n, fee: 0n }, byKind)).toThrow(RangeError);
    expect(() => lockProgress(summary, NO_TIMES, { amount: 2n, fee: 3n }, byKind)).toThrow(RangeError);
  });

  it('refuses per-kind releases that do not add up to released', () => {
    expect(() =>
      lockProgress(
        { credited: 5n, released: 3n, claimed: 0n },
        NO_TIMES,
        { amount: 3n, fee: 0n },
        { swap: 1n, stake: 1n },
      ),
    ).toThrow(RangeError);
  });
});
