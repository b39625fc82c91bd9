/**
 * What the vault routes read from the indexed chain (the ledger tables the indexer writes from
 * chain events and block timestamps). One implementation over Ponder's database
 * (./ponderLedger.ts); the voucher, quote and bill logic only sees this shape.
 */
import type { PairSync } from '@eterno/protocol/twap';
import type { Address, Hex } from 'viem';

/** The latest indexed block: the expiry clock and the "as of" of every ledger figure. */
export type IndexedHead = { blockNumber: bigint; timestamp: bigint };

/** One user's ledger for one token (addresses lower-case). */
export type LedgerRow = {
  token: Address;
  credited: bigint;
  unreleased: bigint;
  released: bigint;
  withdrawn: bigint;
  contributed: bigint;
};

/** An indexed `Withdrawn` event. */
export type IndexedWithdrawal = {
  user: Address;
  token: Address;
  amount: bigint;
  nonce: bigint;
  deadline: bigint;
  timestamp: bigint;
  txHash: Hex;
};

/** An indexed EULP pair `Sync`: the reserves from that event on. */
export type { PairSync };

/** A bill entry as indexed (the chain's part of `GET /bills`). */
export type IndexedBill = {
  id: string;
  type: string;
  token: Address;
  amount: bigint;
  timestamp: bigint;
  blockNumber: bigint;
  logIndex: number;
  /** Null for a bill of the daily settlement (a block, no transaction). */
  txHash: Hex | null;
};

/** A position in the bill order, newest first: (time, blockNumber, logIndex, id). */
export type BillPlace = { time: bigint; blockNumber: bigint; logIndex: number; id: string };

/**
 * The user's ledger as of ONE indexed block: read in one SQL statement, so the withdraw count (the
 * next voucher's nonce) and the `withdrawn` it is checked against can never straddle a block.
 */
export type LedgerSnapshot = {
  head: IndexedHead | null;
  /** How many `DivedIn` / `Withdrawn` / `Exchanged` events of the user are indexed (= the next nonce of that kind as far as the indexer knows). */
  deposits: number;
  withdrawals: number;
  exchanges: number;
  /** The user's ledger rows (one per token the user has a row for). */
  balances: LedgerRow[];
  /**
   * The block of the user's latest indexed bill (every movement of the user's ledger, and every vault
   * event of the user, writes one), null when none: a withdrawal is judged only once it is final.
   */
  lastBlock: bigint | null;
};

/** An indexed block with its hash (the block the figures are of, whatever a reorg put at its height since). */
export type IndexedBlock = IndexedHead & { hash: Hex };

/** The vault's side of the ledger as of ONE indexed block: the head and what the ledger owes per token. */
export type VaultLedgerSnapshot = {
  head: IndexedBlock | null;
  /**
   * Per token (lower-case): Σ max(credited − withdrawn, 0) over every user, plus the principal and interest
   * of every active fixed-term order (paid in, credited only at maturity).
   */
  owed: ReadonlyMap<Address, bigint>;
};

/** An indexed `Exchanged` event's key and block. */
export type IndexedExchange = { user: Address; nonce: bigint; blockNumber: bigint };

export type LedgerView = {
  head(): Promise<IndexedHead | null>;
  snapshot(user: Address): Promise<LedgerSnapshot>;
  /** The indexed withdrawals of these (user, nonce) pairs. */
  withdrawalsOf(keys: ReadonlyArray<{ user: Address; nonce: bigint }>): Promise<IndexedWithdrawal[]>;
  /** Σ `amountOut` of the user's indexed exchanges paying `tokenOut` in blocks at or after `since`. */
  exchangedOutSince(user: Address, tokenOut: Address, since: bigint): Promise<bigint>;
  /** Σ `amountOut` of every user's indexed exchanges paying `tokenOut` in blocks at or after `since`. */
  vaultExchangedOutSince(tokenOut: Address, since: bigint): Promise<bigint>;
  /** The indexed exchanges of these (user, nonce) pairs. */
  exchangesOf(keys: ReadonlyArray<{ user: Address; nonce: bigint }>): Promise<IndexedExchange[]>;
  /** The head and what the ledger owes per token (fixed-term orders included), in ONE statement (one indexed block). */
  vaultSnapshot(): Promise<VaultLedgerSnapshot>;
  /** The lowest unit price (USDT per EUSD, 18 decimals) of an open order of the EUSD market; null when none. */
  bestEusdAsk(): Promise<bigint | null>;
  /** The pair's syncs from `since` on, with the last one before `since` first (the reserves then). */
  pairSyncsSince(since: bigint): Promise<PairSync[]>;
  /** The user's indexed bills older than `before`, newest first, at most `limit`. */
  bills(query: {
    user: Address;
    type?: string;
    token?: Address;
    limit: number;
    before?: BillPlace;
  }): Promise<IndexedBill[]>;
};
