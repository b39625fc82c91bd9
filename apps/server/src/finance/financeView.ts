/**
 * What the finance routes read from the indexed chain: the orders, fixed-term orders, rounds and
 * the waiting queue the indexer writes (ponder.schema.ts: finance_order, regular_order,
 * finance_round). One implementation over Ponder's database (./ponderFinance.ts); the purchase,
 * order and round logic only sees this shape. Addresses lower-case.
 */
import type { RegistrationType } from '@eterno/protocol/financeApi';
import type { Address, Hex } from 'viem';

export type IndexedOrderStatus = 'waiting' | 'in_progress' | 'finished';

/** An indexed package order (a paid `DivedIn` whose custom names a package). */
export type IndexedOrder = {
  /** The global order number, 1, 2, 3… in payment order. */
  seq: bigint;
  user: Address;
  packageId: number;
  units: number;
  registrationType: RegistrationType;
  payment: bigint;
  multiple01Bps: number;
  multiple02Bps: number;
  allocation01Bps: number;
  rewardLimit: bigint;
  gained: bigint;
  gainedUsdt: bigint;
  gainedEtro: bigint;
  status: IndexedOrderStatus;
  /** The DiveIn nonce that paid it: the key that marks its authorisation paid. */
  nonce: bigint;
  createdAt: bigint;
  allottedAt: bigint | null;
  finishedAt: bigint | null;
  /** Null for a loop order made at a settlement (no transaction). */
  txHash: Hex | null;
};

/** An indexed fixed-term order. */
export type IndexedRegularOrder = {
  seq: bigint;
  user: Address;
  productId: number;
  days: number;
  dailyRateBps: number;
  principal: bigint;
  interest: bigint;
  state: 'active' | 'matured';
  nonce: bigint;
  startAt: bigint;
  maturesAt: bigint;
  txHash: Hex;
};

/** A settled round (one per settled day). */
export type IndexedRound = {
  settlesAt: bigint;
  quota: bigint;
  allotted: bigint;
  queueLength: number;
  queueAmount: bigint;
};

/** A waiting order as the queue sees it. */
export type QueueEntry = { seq: bigint; user: Address; payment: bigint };

export type OrderFilter = 'active' | 'past' | 'all';

export type FinanceView = {
  /** The user's orders older than `before` (seq), newest first, at most `limit`; `active` = waiting or in progress, `past` = finished. */
  ordersOf(user: Address, query: { filter: OrderFilter; limit: number; before?: bigint }): Promise<IndexedOrder[]>;
  /** The user's fixed-term orders older than `before` (seq), newest first, at most `limit`. */
  regularOrdersOf(user: Address, query: { limit: number; before?: bigint }): Promise<IndexedRegularOrder[]>;
  /** How many orders of each package the user has (any status; loop orders are no purchase): the cycles used. */
  packageOrderCounts(user: Address): Promise<Map<number, number>>;
  /** Which of these DiveIn nonces of the user paid an indexed order or fixed-term order. */
  paidNonces(user: Address, nonces: readonly bigint[]): Promise<Set<bigint>>;
  /** The user's orders that are waiting or in progress (the summary's figures). */
  currentOrdersOf(user: Address): Promise<IndexedOrder[]>;
  /** The 1-based queue place of each of these waiting orders (seq → place). */
  queuePlaces(seqs: readonly bigint[]): Promise<Map<bigint, number>>;
  /** The waiting queue's length, Σ payments and smallest payment (0 when empty). */
  queueStats(): Promise<{ length: number; amount: bigint; minPayment: bigint }>;
  /** The first `limit` waiting orders in seq order (the head of the allotment queue). */
  queueHead(limit: number): Promise<QueueEntry[]>;
  /** The user's 1-based place (their first waiting order's; null without one) and Σ waiting payments. */
  myQueue(user: Address): Promise<{ place: number | null; waiting: bigint }>;
  /** The latest settled round, null before the first. */
  lastRound(): Promise<IndexedRound | null>;
};
