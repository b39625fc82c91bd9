/**
 * `GET /market/orders?limit=&after=`: the open EUSD orders, best price first (unit price ascending,
 * then the older order first), keyset-paged by `<unitPrice>:<orderId>`.
 */
import type { MarketOrdersResponseJson } from '@eterno/protocol/marketApi';
import { Hono } from 'hono';
import { and, asc, eq, gt, or } from 'ponder';
import { marketOrder } from '../../../ponder.schema.ts';
import { ApiError } from '../../http/errors.ts';
import { marketOrderJson } from './marketOrderJson.ts';
import { cutPage, parseLimit, type ApiDb } from './page.ts';

/** A position in the book: (unitPrice, orderId) ascending. */
export type BookCursor = { unitPrice: bigint; orderId: bigint };

export type MarketOrdersQuery = { limit: number; after: BookCursor | undefined };

/** `after`: `<unitPrice>:<orderId>`, both decimal; anything else → BAD_REQUEST. */
export function parseBookCursor(value: string | undefined): BookCursor | undefined {
  if (value === undefined) return undefined;
  const match = /^(\d{1,78}):(\d{1,20})$/.exec(value);
  if (match === null) throw new ApiError('BAD_REQUEST');
  return { unitPrice: BigInt(match[1]!), orderId: BigInt(match[2]!) };
}

export function parseMarketOrdersQuery(query: { limit?: string; after?: string }): MarketOrdersQuery {
  return { limit: parseLimit(query.limit), after: parseBookCursor(query.after) };
}

export function marketOrdersRoute(db: ApiDb): Hono {
  return new Hono().get('/market/orders', async (c) => {
    const query = parseMarketOrdersQuery(c.req.query());
    const after = query.after;
    const rows = await db
      .select()
      .from(marketOrder)
      .where(
        and(
          eq(marketOrder.status, 'open'),
          after === undefined
            ? undefined
            : or(
                gt(marketOrder.unitPrice, after.unitPrice),
                and(eq(marketOrder.unitPrice, after.unitPrice), gt(marketOrder.orderId, after.orderId)),
              ),
        ),
      )
      .orderBy(asc(marketOrder.unitPrice), asc(marketOrder.orderId))
      .limit(query.limit + 1);
    const page = cutPage(rows, query.limit, (row) => `${row.unitPrice}:${row.orderId}`);
    return c.json({
      orders: page.items.map(marketOrderJson),
      nextAfter: page.nextBefore,
    } satisfies MarketOrdersResponseJson);
  });
}
