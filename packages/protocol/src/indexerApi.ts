/**
 * The wire format of the indexer's read API (apps/server: GET /trades, /stakes, /locks, /farm),
 * shared by the server, which writes it, and the web client (apps/web/src/api/indexer.ts), which
 * parses it. See docs/architecture.md, "Indexer API".
 *
 * On the wire every uint256 (amounts, block numbers, order ids, entry indexes) and every unix time
 * in seconds is a decimal string; small integers (log index, lock days, rate, lock seconds) are
 * JSON numbers; addresses and hashes are lower-case 0x hex, as Ponder stores them.
 *
 * Pages: `limit` 1–100 (default 20), newest first. Each answer carries `nextBefore`: the cursor to
 * pass as `before` for the next (older) page, or null on the last page. For event lists the cursor
 * is `<blockNumber>:<logIndex>` (rows strictly older than that event); for stake orders it is the
 * order id (orders with a smaller id in the same pool).
 */

export const INDEXER_DEFAULT_LIMIT = 20;
export const INDEXER_MAX_LIMIT = 100;

/** The two staking deployments (StakingETRO, StakingEULP), named by the token they stake. */
export const STAKE_POOLS = ['ETRO', 'EULP'] as const;
export type StakePool = (typeof STAKE_POOLS)[number];

/**
 * Who credited a lock entry in the LockLedger: the swap (a buy's 24 h vesting: "swap release"),
 * one of the staking pools (a reward: "stake revenue"), or another writer the indexer does not know.
 */
export const LOCK_SOURCES = ['swap', 'stakeETRO', 'stakeEULP', 'other'] as const;
export type LockSource = (typeof LOCK_SOURCES)[number];

/** The EternoFarm events, one kind each. */
export const FARM_EVENT_KINDS = ['deposit', 'withdraw', 'harvest', 'emergencyWithdraw'] as const;
export type FarmEventKind = (typeof FARM_EVENT_KINDS)[number];

/** Where an event sits on chain; `id` is Ponder's event id (unique, stable). */
export interface EventPlaceJson {
  id: string;
  blockNumber: string;
  timestamp: string;
  txHash: `0x${string}`;
  logIndex: number;
}

/** One EtroSwap `Trade`: a buy (USDT in, fee included; ETRO out, locked) or a sell (ETRO in, USDT out, fee 0). */
export interface TradeJson extends EventPlaceJson {
  trader: `0x${string}`;
  isBuy: boolean;
  amountIn: string;
  amountOut: string;
  fee: string;
}

/** One stake order of a pool, from its `Staked` event, completed by its `Unstaked` event. */
export interface StakeOrderJson {
  pool: StakePool;
  orderId: string;
  owner: `0x${string}`;
  amount: string;
  lockDays: number;
  rateBps: number;
  /** The full-term reward fixed when the order was made. */
  reward: string;
  /**
   * EULP pool: the base reward credited at entry, released by the second over the lock (the 30-day rate over
   * the lock); the rest of `reward` is credited at the unlock. "0" in the ETRO pool.
   */
  base: string;
  /** Unix seconds of the block that made the order. */
  stakingTime: string;
  /** The lock in seconds (lockDays × 86 400); the lock ends at stakingTime + lockTime. */
  lockTime: number;
  unstaked: boolean;
  /**
   * The reward that is the owner's, from `Unstaked`: all of it when leaving at or after the unlock; when early,
   * 0 in the ETRO pool and the base's part released by then in the EULP pool. Null while staked.
   */
  paidReward: string | null;
  /** The rest of the full reward, forfeited back to the reserve (`Unstaked`); null while staked. */
  forfeited: string | null;
  /** Whether the order left before its lock ended; null while staked. */
  early: boolean | null;
  enteredTx: `0x${string}`;
  /** Unix seconds of the block that ended the order; null while staked. */
  leftTime: string | null;
  leftTx: `0x${string}` | null;
}

/**
 * A LockLedger `Credited` or `CreditedRevocable`: `amount` ETRO locked for `user`, released linearly from `start`
 * (the block's time) over `duration` s, with the claim fee `feeBps` fixed at the credit (a claim charges at most
 * that).
 */
export interface LockCreditJson extends EventPlaceJson {
  kind: 'credit';
  user: `0x${string}`;
  /** The contract that credited the entry. */
  writer: `0x${string}`;
  source: LockSource;
  amount: string;
  start: string;
  duration: string;
  feeBps: number;
  /** A revocable entry (an EULP order's base reward): its writer may revoke its unreleased part. */
  revocable: boolean;
  /** The revocable entry's slot in the user's table (a `Revoked` names it); null for other entries. */
  slot: number | null;
}

/**
 * A LockLedger `Claimed`: `user` claimed `amount` released ETRO, of which `fee` went to the fee receiver; per
 * kind, the swap purchases' and the staking rewards' parts and fees (amount = swapAmount + stakeAmount).
 */
export interface LockClaimJson extends EventPlaceJson {
  kind: 'claim';
  user: `0x${string}`;
  amount: string;
  /** The claim fee: each entry at the lower of its own fee and the current fee of its kind. */
  fee: string;
  swapAmount: string;
  stakeAmount: string;
  swapFee: string;
  stakeFee: string;
}

/** A LockLedger `Revoked`: `writer` revoked the revocable entry in `slot`: `kept` stays, `unreleased` went back. */
export interface LockRevokeJson extends EventPlaceJson {
  kind: 'revoke';
  user: `0x${string}`;
  writer: `0x${string}`;
  source: LockSource;
  slot: number;
  kept: string;
  unreleased: string;
}

export type LockRecordJson = LockCreditJson | LockClaimJson | LockRevokeJson;

/** One EternoFarm `Deposit`, `Withdraw`, `Harvest` (amount: ETRO paid) or `EmergencyWithdraw`. */
export interface FarmEventJson extends EventPlaceJson {
  kind: FarmEventKind;
  user: `0x${string}`;
  pid: string;
  amount: string;
}

export interface TradesResponseJson {
  trades: TradeJson[];
  nextBefore: string | null;
}

export interface StakesResponseJson {
  stakes: StakeOrderJson[];
  nextBefore: string | null;
}

/** Credits and claims of one user in one list, newest first. */
export interface LocksResponseJson {
  records: LockRecordJson[];
  nextBefore: string | null;
}

export interface FarmResponseJson {
  events: FarmEventJson[];
  nextBefore: string | null;
}
