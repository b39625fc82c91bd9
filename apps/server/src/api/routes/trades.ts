/** `GET /trades?account=&limit=&before=`: the swap's trades, newest first (everyone's without `account`). */
import type { TradeJson, TradesResponseJson } from '@eterno/protocol/indexerApi';
import { Hono } from 'hono';
import { and, desc, eq } from 'ponder';
import { trade } from '../../../ponder.schema.ts';
import type { Address } from 'viem';
import {
  cutPage,
  formatEventCursor,
  olderThan,
  parseAccount,
  parseEventCursor,
  parseLimit,
  type ApiDb,
  type EventCursor,
} from './page.ts';

export type TradesQuery = { account: Address | undefined; limit: number; before: EventCursor | undefined };

/** Validates `GET /trades?account=0x…&limit=&before=` (account optional: everyone's trades). */
export function parseTradesQuery(query: { account?: string; limit?: string; before?: string }): TradesQuery {
  return {
    account: query.account === undefined ? undefined : parseAccount(query.account),
    limit: parseLimit(query.limit),
    before: parseEventCursor(query.before),
  };
}

export function tradeJson(row: typeof trade.$inferSelect): TradeJson {
  return {
    id: row.id,
    trader: row.trader,
    isBuy: row.isBuy,
    amountIn: row.amountIn.toString(),
    amountOut: row.amountOut.toString(),
    fee: row.fee.toString(),
    blockNumber: row.blockNumber.toString(),
    timestamp: row.timestamp.toString(),
    txHash: row.txHash,
    logIndex: row.logIndex,
  };
}

export function tradesRoute(db: ApiDb): Hono {
  return new Hono().get('/trades', async (c) => {
    const query = parseTradesQuery(c.req.query());
    const rows = await db
      .select()
      .from(trade)
      .where(
        and(query.account === undefined ? undefined : eq(trade.trader, query.account), olderThan(trade, query.before)),
      )
      .orderBy(desc(trade.blockNumber), desc(trade.logIndex))
      .limit(query.limit + 1);
    const page = cutPage(rows, query.limit, formatEventCursor);
    return c.json({ trades: page.items.map(tradeJson), nextBefore: page.nextBefore } satisfies TradesResponseJson);
  });
}
