import { BPS } from '../swap/quoteMath.ts';

/**
 * One LockLedger entry: `amount` ETRO released linearly from `start` over `duration` seconds; a revoked
 * entry (an EULP order left early) released what it had by then and nothing more.
 */
export type LockEntry = {
  readonly amount: bigint;
  readonly start: bigint;
  readonly duration: bigint;
  readonly revoked: boolean;
};

/** LockLedger `summaryOf(user)`: credited, released (claimed or not), claimed (claim fees included). */
export type LockSummary = { readonly credited: bigint; readonly released: bigint; readonly claimed: bigint };

/** LockLedger `quoteClaim(user)`: what a claim would take now and the claim fee on it. */
export type ClaimQuote = { readonly amount: bigint; readonly fee: bigint };

export type LockProgress = LockSummary & {
  /** Released, not yet claimed: what `claim()` takes now. */
  claimable: bigint;
  /** The claim fee on `claimable` (5 % of released swap purchases, 3 % of released staking rewards by default). */
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
};

/**
 * The lock balance card's figures from the ledger's summary, entries and claim quote, read in the same
 * block (`now` is that block's timestamp). Pure bigint arithmetic.
 */
export function lockProgress(
  summary: LockSummary,
  entries: readonly LockEntry[],
  claim: ClaimQuote,
  now: bigint,
): LockProgress {
  const { credited, released, claimed } = summary;
  if (claimed > released || released > credited) {
    throw new RangeError('lockProgress: expected claimed <= released <= credited');
  }
  if (claim.amount !== released - claimed || claim.fee > claim.amount) {
    throw new RangeError('lockProgress: expected the claim quote to be released - claimed, with fee <= amount');
  }
  let nextFullRelease: bigint | null = null;
  let allReleasedAt: bigint | null = null;
  for (const entry of entries) {
    if (entry.revoked) continue;
    const end = entry.start + entry.duration;
    if (end <= now) continue;
    if (nextFullRelease === null || end < nextFullRelease) nextFullRelease = end;
    if (allReleasedAt === null || end > allReleasedAt) allReleasedAt = end;
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
    nextFullRelease,
    allReleasedAt,
  };
}
