import { BPS } from '../swap/quoteMath.ts';

/** LockLedger `summaryOf(user)`: credited, released (claimed or not), claimed (claim fees included). */
export type LockSummary = { readonly credited: bigint; readonly released: bigint; readonly claimed: bigint };

/** LockLedger `quoteClaim(user)`: exactly what a claim would take now and the claim fee on it. */
export type ClaimQuote = { readonly amount: bigint; readonly fee: bigint };

/**
 * LockLedger `releaseTimesOf(user)`: the next and the last end (unix seconds) of the entries still releasing at
 * the read block's time; 0 when none is releasing.
 */
export type ReleaseTimes = { readonly next: bigint; readonly last: bigint };

/** LockLedger `releasedByKind(user)`: released swap purchases and staking rewards (claimed or not). */
export type ReleasedByKind = { readonly swap: bigint; readonly stake: bigint };

export type LockProgress = LockSummary & {
  /** Released, not yet claimed: what `claim()` takes now. */
  claimable: bigint;
  /**
   * The claim fee on `claimable`: each entry at the lower of its own fee (fixed when it was credited) and the
   * current fee of its kind (5 % on swap purchases, 3 % on staking rewards by default).
   */
  claimFee: bigint;
  /** What the user receives from a claim now: claimable − claimFee. */
  claimReceive: bigint;
  /** Credited, not yet released. */
  locked: bigint;
  /** released / credited in basis points, rounded down (0 when nothing was credited). */
  progressBps: bigint;
  /** When the next still-releasing entry is fully released (unix seconds); null when none is releasing. */
  nextFullRelease: bigint | null;
  /** When everything credited so far is released (unix seconds); null when none is releasing. */
  allReleasedAt: bigint | null;
  /** What swap purchases have released (claimed or not): the assets screen's "swap unlock". */
  swapReleased: bigint;
  /** What staking rewards have released (claimed or not). */
  stakeReleased: bigint;
};

/**
 * The lock balance card's figures from the ledger's summary, release times, per-kind release and claim quote,
 * all read in the same block. Pure bigint arithmetic; throws RangeError on figures the ledger's invariants
 * exclude (claimed ≤ released ≤ credited, the quote is released − claimed, the kinds add up to released).
 */
export function lockProgress(
  summary: LockSummary,
  times: ReleaseTimes,
  claim: ClaimQuote,
  byKind: ReleasedByKind,
): LockProgress {
  const { credited, released, claimed } = summary;
  if (claimed > released || released > credited) {
    throw new RangeError('lockProgress: expected claimed <= released <= credited');
  }
  if (claim.amount !== released - claimed || claim.fee > claim.amount) {
    throw new RangeError('lockProgress: expected the claim quote to be released - claimed, with fee <= amount');
  }
  if (byKind.swap + byKind.stake !== released) {
    throw new RangeError('lockProgress: expected the released swap and stake parts to add up to released');
  }
  return {
    credited,
    released,
    claimed,
    claimable: claim.amount,
    claimFee: claim.fee,
    claimReceive: claim.amount - claim.fee,
    locked: credited - released,
    progressBps: credited === 0n ? 0n : (released * BPS) / credited,
    nextFullRelease: times.next === 0n ? null : times.next,
    allReleasedAt: times.last === 0n ? null : times.last,
    swapReleased: byKind.swap,
    stakeReleased: byKind.stake,
  };
}

/** An account that never had a lock entry, at any time. */
export const NO_LOCK: LockProgress = lockProgress(
  { credited: 0n, released: 0n, claimed: 0n },
  { next: 0n, last: 0n },
  { amount: 0n, fee: 0n },
  { swap: 0n, stake: 0n },
);
