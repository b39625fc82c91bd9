/** `GET /finance/orders?status=active|past&limit=&before=` → FinanceOrdersPageJson, newest first (session required). */
import { Hono } from 'hono';
import { listOrders } from '../../finance/orders.ts';
import type { FinanceRouteDeps } from './financeDeps.ts';
import { parseOrderCursor, parseOrderFilter } from './financeInput.ts';
import { parseLimit } from './page.ts';

export function financeOrdersRoute({ ctx, session }: FinanceRouteDeps): Hono {
  return new Hono().get('/finance/orders', async (c) => {
    const user = await session(c);
    return c.json(
      await listOrders(ctx, user, {
        filter: parseOrderFilter(c.req.query('status')),
        limit: parseLimit(c.req.query('limit')),
        before: parseOrderCursor(c.req.query('before')),
      }),
    );
  });
}
