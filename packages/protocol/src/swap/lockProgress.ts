import { BPS } from './quoteMath.ts';

/** One LockLedger entry: `amount` ETRO released linearly from `start` over `duration` seconds. */
export type LockEntry = { readonly amount: bigint; readonly start: bigint; readonly duration: bigint };

/** LockLedger `summaryOf(user)`: credited, released (claimed or not), claimed. */
export type LockSummary = { readonly credited: bigint; readonly released: bigint; readonly claimed: bigint };

export type LockProgress = LockSummary & {
  /** Released, not yet claimed: what `claim()` pays now. */
  claimable: bigint;
  /** Credited, not yet released. */
  locked: bigint;
  /** released / credited in basis points, rounded down (0 when nothing was credited). */
  progressBps: bigint;
  /** When the next still-releasing entry is fully released (unix seconds); null when none is releasing. */
  nextFullRelease: bigint | null;
  /** When everything credited so far is released (unix seconds); null when none is releasing. */
  allReleasedAt: bigint | null;
};

/**
 * The lock balance card's figures from the ledger's summary and entries, read in the same block
 * (`now` is that block's timestamp). Pure bigint arithmetic.
 */
export function lockProgress(summary: LockSummary, entries: readonly LockEntry[], now: bigint): LockProgress {
  const { credited, released, claimed } = summary;
  if (claimed > released || released > credited) {
    throw new RangeError('lockProgress: expected claimed <= released <= credited');
  }
  let nextFullRelease: bigint | null = null;
  let allReleasedAt: bigint | null = null;
  for (const entry of entries) {
    const end = entry.start + entry.duration;
    if (end <= now) continue;
    if (nextFullRelease === null || end < nextFullRelease) nextFullRelease = end;
    if (allReleasedAt === null || end > allReleasedAt) allReleasedAt = end;
  }
  return {
    credited,
    released,
    claimed,
    claimable: released - claimed,
    locked: credited - released,
    progressBps: credited === 0n ? 0n : (released * BPS) / credited,
    nextFullRelease,
    allReleasedAt,
  };
}
