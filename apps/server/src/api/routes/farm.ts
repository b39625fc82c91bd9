/** `GET /farm?account=&limit=&before=`: one account's farm events, newest first. */
import { FARM_EVENT_KINDS, type FarmEventJson, type FarmResponseJson } from '@eterno/protocol/indexerApi';
import { Hono } from 'hono';
import { and, desc, eq } from 'ponder';
import { farmEvent } from '../../../ponder.schema.ts';
import type { Address } from 'viem';
import {
  cutPage,
  formatEventCursor,
  known,
  olderThan,
  parseAccount,
  parseEventCursor,
  parseLimit,
  type ApiDb,
  type EventCursor,
} from './page.ts';

export type FarmQuery = { account: Address; limit: number; before: EventCursor | undefined };

/** Validates `GET /farm?account=0x…&limit=&before=`. */
export function parseFarmQuery(query: { account?: string; limit?: string; before?: string }): FarmQuery {
  return {
    account: parseAccount(query.account),
    limit: parseLimit(query.limit),
    before: parseEventCursor(query.before),
  };
}

export function farmEventJson(row: typeof farmEvent.$inferSelect): FarmEventJson {
  return {
    id: row.id,
    kind: known(FARM_EVENT_KINDS, row.kind, 'farm_event.kind'),
    user: row.user,
    pid: row.pid.toString(),
    amount: row.amount.toString(),
    blockNumber: row.blockNumber.toString(),
    timestamp: row.timestamp.toString(),
    txHash: row.txHash,
    logIndex: row.logIndex,
  };
}

export function farmRoute(db: ApiDb): Hono {
  return new Hono().get('/farm', async (c) => {
    const query = parseFarmQuery(c.req.query());
    const rows = await db
      .select()
      .from(farmEvent)
      .where(and(eq(farmEvent.user, query.account), olderThan(farmEvent, query.before)))
      .orderBy(desc(farmEvent.blockNumber), desc(farmEvent.logIndex))
      .limit(query.limit + 1);
    const page = cutPage(rows, query.limit, formatEventCursor);
    return c.json({ events: page.items.map(farmEventJson), nextBefore: page.nextBefore } satisfies FarmResponseJson);
  });
}
