/** `GET /locks?account=&limit=&before=`: one account's lock-ledger credits, claims and revocations, newest first. */
import {
  LOCK_SOURCES,
  type LockClaimJson,
  type LockCreditJson,
  type LockRecordJson,
  type LockRevokeJson,
  type LocksResponseJson,
} from '@eterno/protocol/indexerApi';
import { Hono } from 'hono';
import { and, desc, eq } from 'ponder';
import { lockClaim, lockEntry, lockRevoke } from '../../../ponder.schema.ts';
import type { Address } from 'viem';
import {
  cutPage,
  known,
  formatEventCursor,
  newestFirst,
  olderThan,
  parseAccount,
  parseEventCursor,
  parseLimit,
  type ApiDb,
  type EventCursor,
} from './page.ts';

export type LocksQuery = { account: Address; limit: number; before: EventCursor | undefined };

/** Validates `GET /locks?account=0x…&limit=&before=`. */
export function parseLocksQuery(query: { account?: string; limit?: string; before?: string }): LocksQuery {
  return {
    account: parseAccount(query.account),
    limit: parseLimit(query.limit),
    before: parseEventCursor(query.before),
  };
}

export function lockCreditJson(row: typeof lockEntry.$inferSelect): LockCreditJson {
  return {
    kind: 'credit',
    id: row.id,
    user: row.user,
    writer: row.writer,
    source: known(LOCK_SOURCES, row.source, 'lock_entry.source'),
    amount: row.amount.toString(),
    start: row.start.toString(),
    duration: row.duration.toString(),
    feeBps: row.feeBps,
    revocable: row.revocable,
    slot: row.slot,
    blockNumber: row.blockNumber.toString(),
    timestamp: row.timestamp.toString(),
    txHash: row.txHash,
    logIndex: row.logIndex,
  };
}

export function lockClaimJson(row: typeof lockClaim.$inferSelect): LockClaimJson {
  return {
    kind: 'claim',
    id: row.id,
    user: row.user,
    amount: row.amount.toString(),
    fee: row.fee.toString(),
    swapAmount: row.swapAmount.toString(),
    stakeAmount: row.stakeAmount.toString(),
    swapFee: row.swapFee.toString(),
    stakeFee: row.stakeFee.toString(),
    blockNumber: row.blockNumber.toString(),
    timestamp: row.timestamp.toString(),
    txHash: row.txHash,
    logIndex: row.logIndex,
  };
}

export function lockRevokeJson(row: typeof lockRevoke.$inferSelect): LockRevokeJson {
  return {
    kind: 'revoke',
    id: row.id,
    user: row.user,
    writer: row.writer,
    source: known(LOCK_SOURCES, row.source, 'lock_revoke.source'),
    slot: row.slot,
    kept: row.kept.toString(),
    unreleased: row.unreleased.toString(),
    blockNumber: row.blockNumber.toString(),
    timestamp: row.timestamp.toString(),
    txHash: row.txHash,
    logIndex: row.logIndex,
  };
}

const place = (r: LockRecordJson): EventCursor => ({ blockNumber: BigInt(r.blockNumber), logIndex: r.logIndex });

/**
 * One page of the user's credits, claims and revocations, newest first, from each table's own newest
 * `limit + 1` rows before the cursor (enough: the page takes at most `limit` of any).
 */
export function mergeLockRecords(
  credits: ReadonlyArray<typeof lockEntry.$inferSelect>,
  claims: ReadonlyArray<typeof lockClaim.$inferSelect>,
  revokes: ReadonlyArray<typeof lockRevoke.$inferSelect>,
  limit: number,
): LocksResponseJson {
  const all: LockRecordJson[] = [
    ...credits.map(lockCreditJson),
    ...claims.map(lockClaimJson),
    ...revokes.map(lockRevokeJson),
  ];
  all.sort((a, b) => newestFirst(place(a), place(b)));
  const { items, nextBefore } = cutPage(all, limit, (r) => formatEventCursor(place(r)));
  return { records: items, nextBefore };
}

export function locksRoute(db: ApiDb): Hono {
  return new Hono().get('/locks', async (c) => {
    const query = parseLocksQuery(c.req.query());
    const [credits, claims, revokes] = await Promise.all([
      db
        .select()
        .from(lockEntry)
        .where(and(eq(lockEntry.user, query.account), olderThan(lockEntry, query.before)))
        .orderBy(desc(lockEntry.blockNumber), desc(lockEntry.logIndex))
        .limit(query.limit + 1),
      db
        .select()
        .from(lockClaim)
        .where(and(eq(lockClaim.user, query.account), olderThan(lockClaim, query.before)))
        .orderBy(desc(lockClaim.blockNumber), desc(lockClaim.logIndex))
        .limit(query.limit + 1),
      db
        .select()
        .from(lockRevoke)
        .where(and(eq(lockRevoke.user, query.account), olderThan(lockRevoke, query.before)))
        .orderBy(desc(lockRevoke.blockNumber), desc(lockRevoke.logIndex))
        .limit(query.limit + 1),
    ]);
    return c.json(mergeLockRecords(credits, claims, revokes, query.limit));
  });
}
