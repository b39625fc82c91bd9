import { describe, expect, it } from 'vitest';
import { lockProgress } from './lockProgress.ts';

const DAY = 86_400n;
const NONE = { amount: 0n, fee: 0n };

describe('lockProgress', () => {
  it('is all zero and without release times for an account that never bought', () => {
    expect(lockProgress({ credited: 0n, released: 0n, claimed: 0n }, [], NONE, 1_000n)).toEqual({
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
    });
  });

  it('derives claimable, locked and the progress from the summary', () => {
    const progress = lockProgress(
      { credited: 1_000n, released: 250n, claimed: 100n },
      [{ amount: 1_000n, start: 0n, duration: DAY, revoked: false }],
      { amount: 150n, fee: 7n },
      DAY / 4n,
    );
    expect(progress).toMatchObject({
      claimable: 150n,
      claimFee: 7n,
      claimReceive: 143n,
      locked: 750n,
      progressBps: 2_500n,
      nextFullRelease: DAY,
      allReleasedAt: DAY,
    });
  });

  it('rounds the progress down', () => {
    expect(lockProgress({ credited: 3n, released: 2n, claimed: 0n }, [], { amount: 2n, fee: 0n }, 0n).progressBps).toBe(
      6_666n,
    );
  });

  it('takes the next and the last end among the entries still releasing, ignoring finished ones', () => {
    const entries = [
      { amount: 10n, start: 0n, duration: DAY, revoked: false }, // ended at DAY
      { amount: 20n, start: DAY, duration: DAY, revoked: false }, // ends at 2 DAY
      { amount: 30n, start: DAY / 2n, duration: 3n * DAY, revoked: false }, // ends at 3.5 DAY
      { amount: 40n, start: 2n * DAY, duration: 0n, revoked: false }, // instant, in the future: at 2 DAY
    ];
    const progress = lockProgress(
      { credited: 100n, released: 20n, claimed: 0n },
      entries,
      { amount: 20n, fee: 1n },
      DAY + 10n,
    );
    expect(progress.nextFullRelease).toBe(2n * DAY);
    expect(progress.allReleasedAt).toBe(3n * DAY + DAY / 2n);
    const later = lockProgress(
      { credited: 100n, released: 100n, claimed: 0n },
      entries,
      { amount: 100n, fee: 5n },
      4n * DAY,
    );
    expect(later).toMatchObject({
      nextFullRelease: null,
      allReleasedAt: null,
      progressBps: 10_000n,
      claimable: 100n,
      locked: 0n,
    });
  });

  it('an entry whose end is exactly now is finished', () => {
    const progress = lockProgress(
      { credited: 5n, released: 5n, claimed: 0n },
      [{ amount: 5n, start: 0n, duration: DAY, revoked: false }],
      { amount: 5n, fee: 0n },
      DAY,
    );
    expect(progress.nextFullRelease).toBeNull();
  });

  it('refuses figures that break claimed ≤ released ≤ credited', () => {
    expect(() => lockProgress({ credited: 1n, released: 2n, claimed: 0n }, [], { amount: 2n, fee: 0n }, 0n)).toThrow(
      RangeError,
    );
    expect(() => lockProgress({ credited: 2n, released: 1n, claimed: 2n }, [], NONE, 0n)).toThrow(RangeError);
  });

  it('refuses a claim quote that is not released - claimed, or a fee above it', () => {
    expect(() => lockProgress({ credited: 5n, released: 3n, claimed: 1n }, [], { amount: 3n, fee: 0n }, 0n)).toThrow(
      RangeError,
    );
    expect(() => lockProgress({ credited: 5n, released: 3n, claimed: 1n }, [], { amount: 2n, fee: 3n }, 0n)).toThrow(
      RangeError,
    );
  });

  it('leaves revoked entries out of the release times', () => {
    const entries = [
      { amount: 10n, start: 0n, duration: 10n * DAY, revoked: true },
      { amount: 20n, start: 0n, duration: 2n * DAY, revoked: false },
    ];
    const progress = lockProgress({ credited: 12n, released: 4n, claimed: 0n }, entries, { amount: 4n, fee: 0n }, DAY);
    expect(progress).toMatchObject({ nextFullRelease: 2n * DAY, allReleasedAt: 2n * DAY });
  });
});
