/** `GET /market/my-orders?account=&limit=&before=`: one seller's EUSD orders (every status), newest first. */
import type { MyMarketOrdersResponseJson } from '@eterno/protocol/marketApi';
import { Hono } from 'hono';
import { and, desc, eq, lt } from 'ponder';
import type { Address } from 'viem';
import { marketOrder } from '../../../ponder.schema.ts';
import { ApiError } from '../../http/errors.ts';
import { marketOrderJson } from './marketOrderJson.ts';
import { cutPage, parseAccount, parseLimit, type ApiDb } from './page.ts';

export type MyMarketOrdersQuery = { account: Address; limit: number; before: bigint | undefined };

export function parseMyMarketOrdersQuery(query: {
  account?: string;
  limit?: string;
  before?: string;
}): MyMarketOrdersQuery {
  const before = query.before;
  if (before !== undefined && !/^\d{1,20}$/.test(before)) throw new ApiError('BAD_REQUEST');
  return {
    account: parseAccount(query.account),
    limit: parseLimit(query.limit),
    before: before === undefined ? undefined : BigInt(before),
  };
}

export function marketMyOrdersRoute(db: ApiDb): Hono {
  return new Hono().get('/market/my-orders', async (c) => {
    const query = parseMyMarketOrdersQuery(c.req.query());
    const rows = await db
      .select()
      .from(marketOrder)
      .where(
        and(
          eq(marketOrder.seller, query.account),
          query.before === undefined ? undefined : lt(marketOrder.orderId, query.before),
        ),
      )
      .orderBy(desc(marketOrder.orderId))
      .limit(query.limit + 1);
    const page = cutPage(rows, query.limit, (row) => row.orderId.toString());
    return c.json({
      orders: page.items.map(marketOrderJson),
      nextBefore: page.nextBefore,
    } satisfies MyMarketOrdersResponseJson);
  });
}
