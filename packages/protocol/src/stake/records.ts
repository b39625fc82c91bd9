import { isLockPeriod, type LockPeriodDays } from '../domain.ts';
import { EternoError } from '../errors.ts';

/**
 * The stake record figures (spec §3: period, rate, left period, total revenue) of one order, worked
 * out from the order as `ordersOf` returns it and the block's timestamp, with the contract's own
 * integer arithmetic (`earnedReward`, `quoteLeave` in contracts/src/EternoStaking.sol), so the
 * records need no per-order call (docs/decisions/staking.md, "Reading the records").
 */

export const SECONDS_PER_DAY = 86_400n;
export const SECONDS_PER_HOUR = 3_600n;
/** Basis points: the rates are in 1/10 000 of the amount, for the whole period. */
export const BPS = 10_000n;

/** `EternoStaking.Accrual`: the ETRO pool counts whole days, the EULP pool seconds. */
export const ACCRUALS = ['daily', 'perSecond'] as const;
export type Accrual = (typeof ACCRUALS)[number];

/** The shortest lock period in days: its rate by the second bounds what an early EULP leave keeps. */
export const SHORTEST_DAYS = 30n;

/** An order as `ordersOf(user)` returns it (viem decodes uint40/uint32/uint16/uint8 as numbers). */
export type StakeOrder = {
  readonly owner: `0x${string}`;
  readonly stakingTime: number;
  readonly lockTime: number;
  readonly unstaked: boolean;
  readonly rateBps: number;
  readonly amount: bigint;
  /** The full-term reward fixed at entry. */
  readonly reward: bigint;
  /** How long the ETRO credited at the leave releases in the ledger (ETRO pool; 0 in the EULP pool). */
  readonly releaseDuration: number;
  /** EULP pool: the 30-day rate when the order was made (sets the base reward). */
  readonly baseRateBps: number;
  /** EULP pool: 1 + the base reward's revocable slot in the owner's LockLedger (0: none). */
  readonly ledgerSlot: number;
};

export type StakeStatus =
  /**
   * Still locked: leaving now is early (principal back; the ETRO pool forfeits the reward, the EULP pool
   * keeps what it released so far and forfeits the rest).
   */
  | 'locked'
  /** The lock has ended: leaving gives the principal and credits the whole reward. */
  | 'unlocked'
  /** The order has left (`unstaked`). */
  | 'left';

/** Time left until the lock ends, rounded UP to whole hours (so a locked order never shows 0 d 0 h). */
export type TimeLeft = { days: number; hours: number };

export type StakeRecord = {
  id: bigint;
  amount: bigint;
  /** The period, in days. */
  days: LockPeriodDays;
  /** The rate fixed when the order was made, in basis points of the amount for the whole period. */
  rateBps: number;
  /** The full-term reward fixed at entry. */
  reward: bigint;
  stakingTime: bigint;
  unlockTime: bigint;
  status: StakeStatus;
  /** Left period: null once the lock has ended (the record shows "unlocked") or the order left. */
  timeLeft: TimeLeft | null;
  /**
   * Total revenue: what `earnedReward(id)` returns at this block while the order is open (growing
   * daily or by the second up to `reward`). For an order that has left, the chain state says only
   * that it left: in the ETRO pool 0 when it is still before its unlock time (it can only have left
   * early, reward forfeited); otherwise null (it may have left before or after the lock, and an early
   * EULP leave kept what it had released by then: the indexer's `Unstaked` event tells).
   */
  revenue: bigint | null;
  /**
   * EULP pool: the base reward, credited at entry and released by the second over the lock (the 30-day rate over
   * the lock period, at most the full reward); the rest of the full reward (the bonus) comes at the unlock. 0 in
   * the ETRO pool.
   */
  base: bigint;
  /**
   * What `leaveStaking(id)` would do now (`quoteLeave`): the principal back, the reward that stays the owner's
   * and the reward forfeited (they add up to the full reward); null once the order has left.
   */
  leave: { principal: bigint; reward: bigint; forfeited: bigint; early: boolean } | null;
};

/** The contract answered something the app does not understand (e.g. a lock that is not a period). */
export class StakeContractMismatchError extends EternoError<'STAKE_CONTRACT_MISMATCH'> {
  constructor(detail: string) {
    super('STAKE_CONTRACT_MISMATCH', `Unexpected staking contract answer: ${detail}`);
  }
}

/**
 * `EternoStaking.baseReward(id)`: in the EULP pool min(full reward, amount × 30-day rate × lockDays / (30 ×
 * 10 000)), the shortest period's rate over the order's lock; 0 in the ETRO pool.
 */
export function baseReward(order: StakeOrder, accrual: Accrual): bigint {
  if (accrual === 'daily') return 0n;
  const lockDays = BigInt(order.lockTime) / SECONDS_PER_DAY;
  const base = (order.amount * BigInt(order.baseRateBps) * lockDays) / (SHORTEST_DAYS * BPS);
  return base < order.reward ? base : order.reward;
}

/**
 * `EternoStaking.earnedReward(id)` for `order` at `now` (unix seconds): the ETRO pool counts whole days of the
 * full reward; the EULP pool releases its base by the second, and the full reward from the unlock on.
 */
export function earnedReward(order: StakeOrder, now: bigint, accrual: Accrual): bigint {
  if (order.unstaked) return 0n;
  const stakingTime = BigInt(order.stakingTime);
  const lockTime = BigInt(order.lockTime);
  if (now < stakingTime) throw new RangeError('earnedReward: the time is before the order was made');
  const elapsed = now - stakingTime;
  if (elapsed >= lockTime) return order.reward;
  if (accrual === 'daily') return (order.reward * (elapsed / SECONDS_PER_DAY)) / (lockTime / SECONDS_PER_DAY);
  return (baseReward(order, accrual) * elapsed) / lockTime;
}

/** Whole hours until `unlockTime`, rounded up, as days and hours; null when it has passed. */
export function timeLeft(unlockTime: bigint, now: bigint): TimeLeft | null {
  if (now >= unlockTime) return null;
  const hours = (unlockTime - now + SECONDS_PER_HOUR - 1n) / SECONDS_PER_HOUR;
  return { days: Number(hours / 24n), hours: Number(hours % 24n) };
}

/** The record of order `id` at `now` (the block timestamp the order was read at). */
export function stakeRecord(id: bigint, order: StakeOrder, now: bigint, accrual: Accrual): StakeRecord {
  const lockTime = BigInt(order.lockTime);
  const days = Number(lockTime / SECONDS_PER_DAY);
  if (lockTime % SECONDS_PER_DAY !== 0n || !isLockPeriod(days)) {
    throw new StakeContractMismatchError(`order ${id} has a lock of ${order.lockTime} s, not a lock period`);
  }
  const stakingTime = BigInt(order.stakingTime);
  const unlockTime = stakingTime + lockTime;
  const early = now < unlockTime;
  const status: StakeStatus = order.unstaked ? 'left' : early ? 'locked' : 'unlocked';
  let revenue: bigint | null = earnedReward(order, now, accrual);
  if (order.unstaked) revenue = early && accrual === 'daily' ? 0n : null;
  return {
    id,
    amount: order.amount,
    days,
    rateBps: order.rateBps,
    reward: order.reward,
    stakingTime,
    unlockTime,
    status,
    timeLeft: order.unstaked ? null : timeLeft(unlockTime, now),
    revenue,
    base: baseReward(order, accrual),
    leave: order.unstaked ? null : leaveQuote(order, now, accrual, early),
  };
}

/**
 * `quoteLeave(id)` while the order is open: the principal; the reward that stays the owner's (the whole reward
 * from the unlock on; when early, nothing in the ETRO pool and what the base released so far in the EULP pool);
 * the rest, forfeited.
 */
function leaveQuote(order: StakeOrder, now: bigint, accrual: Accrual, early: boolean) {
  let reward = order.reward;
  if (early) reward = accrual === 'perSecond' ? earnedReward(order, now, accrual) : 0n;
  return { principal: order.amount, reward, forfeited: order.reward - reward, early };
}

/**
 * What a new EULP order of `amount` for `days` would get (`EternoStaking._enter`): the base credited at entry and
 * released by the second, min(full reward, amount × the 30-day rate × days / (30 × 10 000)), and the bonus
 * credited at the unlock (full − base). In the ETRO pool the base is 0 and the bonus is the whole reward.
 */
export function rewardSplit(
  amount: bigint,
  rateBps: number | bigint,
  shortestRateBps: number | bigint,
  days: number | bigint,
  accrual: Accrual,
): { base: bigint; bonus: bigint } {
  const full = rewardAtMaturity(amount, rateBps);
  if (accrual === 'daily') return { base: 0n, bonus: full };
  const base = (amount * BigInt(shortestRateBps) * BigInt(days)) / (SHORTEST_DAYS * BPS);
  const capped = base < full ? base : full;
  return { base: capped, bonus: full - capped };
}

/** The full-term reward of staking `amount` at `rateBps` (the contract's `amount * rate / 10 000`). */
export function rewardAtMaturity(amount: bigint, rateBps: number | bigint): bigint {
  return (amount * BigInt(rateBps)) / BPS;
}
