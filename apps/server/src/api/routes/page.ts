/**
 * Query parameters shared by the indexer's list endpoints (GET /trades, /stakes, /locks, /farm):
 * the account, the page size and the `before` cursor; and the page cut that computes `nextBefore`.
 * Wire format and paging rules: `@eterno/protocol/indexerApi`.
 */
import { toChecksumAddress } from '@eterno/protocol/address';
import { INDEXER_DEFAULT_LIMIT, INDEXER_MAX_LIMIT } from '@eterno/protocol/indexerApi';
import { and, eq, lt, or } from 'ponder';
import type { db } from 'ponder:api';
import type { farmEvent, lockClaim, lockEntry, lockRevoke, marketFill, trade } from '../../../ponder.schema.ts';
import type { Address } from 'viem';
import { ApiError } from '../../http/errors.ts';

/** The read-only database of Ponder's API (`ponder:api`), which the routes query. */
export type ApiDb = typeof db;

/** A position in the event order: newest first is (blockNumber, logIndex) descending. */
export type EventCursor = { blockNumber: bigint; logIndex: number };

const ONE_CASE_ADDRESS = /^0x(?:[0-9a-f]{40}|[0-9A-F]{40})$/;

/**
 * `account`: absent → BAD_REQUEST; not an address (or a mixed-case address with a wrong EIP-55
 * checksum) → INVALID_WALLET_ADDRESS. Returned lower-case, as Ponder stores hex.
 */
export function parseAccount(value: string | undefined): Address {
  if (value === undefined) throw new ApiError('BAD_REQUEST');
  // One case only: no checksum to verify, so no hashing (the public team route takes these).
  if (ONE_CASE_ADDRESS.test(value)) return value.toLowerCase() as Address;
  const address = toChecksumAddress(value);
  if (address === null) throw new ApiError('INVALID_WALLET_ADDRESS');
  return address.toLowerCase() as Address;
}

/** `limit`: an integer 1–100, default 20; anything else → BAD_REQUEST. */
export function parseLimit(value: string | undefined): number {
  if (value === undefined) return INDEXER_DEFAULT_LIMIT;
  if (!/^\d{1,3}$/.test(value)) throw new ApiError('BAD_REQUEST');
  const n = Number(value);
  if (n < 1 || n > INDEXER_MAX_LIMIT) throw new ApiError('BAD_REQUEST');
  return n;
}

/** `before` of an event list: `<blockNumber>:<logIndex>`; anything else → BAD_REQUEST. */
export function parseEventCursor(value: string | undefined): EventCursor | undefined {
  if (value === undefined) return undefined;
  const match = /^(\d{1,20}):(\d{1,9})$/.exec(value);
  if (match === null) throw new ApiError('BAD_REQUEST');
  return { blockNumber: BigInt(match[1]!), logIndex: Number(match[2]) };
}

export function formatEventCursor(place: EventCursor): string {
  return `${place.blockNumber}:${place.logIndex}`;
}

/** Newest first by (blockNumber, logIndex). */
export function newestFirst(a: EventCursor, b: EventCursor): number {
  if (a.blockNumber !== b.blockNumber) return a.blockNumber > b.blockNumber ? -1 : 1;
  return b.logIndex - a.logIndex;
}

/**
 * Cuts rows fetched with `limit + 1` (newest first) to one page: `nextBefore` is the cursor of the
 * page's last row when a further row exists, else null.
 */
export function cutPage<T>(
  rows: readonly T[],
  limit: number,
  cursorOf: (row: T) => string,
): { items: T[]; nextBefore: string | null } {
  const items = rows.slice(0, limit);
  const last = items[items.length - 1];
  return { items, nextBefore: rows.length > limit && last !== undefined ? cursorOf(last) : null };
}

/** A text column's value narrowed to its known values; the indexer writes no other. */
export function known<T extends string>(values: readonly T[], value: string, column: string): T {
  const found = values.find((v) => v === value);
  if (found === undefined) throw new Error(`${column}: unknown value "${value}"`);
  return found;
}

type EventTable =
  | typeof trade
  | typeof lockEntry
  | typeof lockClaim
  | typeof lockRevoke
  | typeof farmEvent
  | typeof marketFill;

/** Rows strictly older than the cursor in the (blockNumber, logIndex) order; no condition without one. */
export function olderThan(table: EventTable, before: EventCursor | undefined): ReturnType<typeof and> {
  if (before === undefined) return undefined;
  return or(
    lt(table.blockNumber, before.blockNumber),
    and(eq(table.blockNumber, before.blockNumber), lt(table.logIndex, before.logIndex)),
  );
}
