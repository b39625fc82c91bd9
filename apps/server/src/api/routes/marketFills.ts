/** `GET /market/fills?account=&limit=&before=`: the fills where the account bought or sold, newest first. */
import type { MarketFillJson, MarketFillsResponseJson } from '@eterno/protocol/marketApi';
import { Hono } from 'hono';
import { and, desc, eq, or } from 'ponder';
import type { Address } from 'viem';
import { marketFill } from '../../../ponder.schema.ts';
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

export type MarketFillsQuery = { account: Address; limit: number; before: EventCursor | undefined };

export function parseMarketFillsQuery(query: { account?: string; limit?: string; before?: string }): MarketFillsQuery {
  return {
    account: parseAccount(query.account),
    limit: parseLimit(query.limit),
    before: parseEventCursor(query.before),
  };
}

export function marketFillJson(row: typeof marketFill.$inferSelect): MarketFillJson {
  return {
    id: row.id,
    orderId: row.orderId.toString(),
    buyer: row.buyer,
    seller: row.seller,
    quantity: row.quantity.toString(),
    unitPrice: row.unitPrice.toString(),
    cost: row.cost.toString(),
    fee: row.fee.toString(),
    reward: row.reward.toString(),
    remaining: row.remaining.toString(),
    blockNumber: row.blockNumber.toString(),
    timestamp: row.timestamp.toString(),
    txHash: row.txHash,
    logIndex: row.logIndex,
  };
}

export function marketFillsRoute(db: ApiDb): Hono {
  return new Hono().get('/market/fills', async (c) => {
    const query = parseMarketFillsQuery(c.req.query());
    const rows = await db
      .select()
      .from(marketFill)
      .where(
        and(
          or(eq(marketFill.buyer, query.account), eq(marketFill.seller, query.account)),
          olderThan(marketFill, query.before),
        ),
      )
      .orderBy(desc(marketFill.blockNumber), desc(marketFill.logIndex))
      .limit(query.limit + 1);
    const page = cutPage(rows, query.limit, formatEventCursor);
    return c.json({
      fills: page.items.map(marketFillJson),
      nextBefore: page.nextBefore,
    } satisfies MarketFillsResponseJson);
  });
}
