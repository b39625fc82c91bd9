/** `GET /finance/regular-orders?limit=&before=` → RegularOrdersPageJson, newest first (session required). */
import { Hono } from 'hono';
import { listRegularOrders } from '../../finance/orders.ts';
import type { FinanceRouteDeps } from './financeDeps.ts';
import { parseOrderCursor } from './financeInput.ts';
import { parseLimit } from './page.ts';

export function financeRegularOrdersRoute({ ctx, session }: FinanceRouteDeps): Hono {
  return new Hono().get('/finance/regular-orders', async (c) => {
    const user = await session(c);
    return c.json(
      await listRegularOrders(ctx, user, {
        limit: parseLimit(c.req.query('limit')),
        before: parseOrderCursor(c.req.query('before')),
      }),
    );
  });
}
