/** `GET /bills?type=&token=&limit=&before=` → BillsResponseJson, newest first (session required). */
import { Hono } from 'hono';
import { ApiError } from '../../http/errors.ts';
import { listBills, parseBillCursor, parseBillType } from '../../vault/bills.ts';
import type { VaultRouteDeps } from './vaultDeps.ts';
import { parseLimit } from './page.ts';
import { isAddress, type Address } from 'viem';

export function billsRoute({ ctx, session }: VaultRouteDeps): Hono {
  return new Hono().get('/bills', async (c) => {
    const user = await session(c);
    const token = c.req.query('token');
    if (token !== undefined && !isAddress(token, { strict: false })) throw new ApiError('BAD_REQUEST');
    return c.json(
      await listBills(ctx, user, {
        type: parseBillType(c.req.query('type')),
        token: token?.toLowerCase() as Address | undefined,
        limit: parseLimit(c.req.query('limit')),
        before: parseBillCursor(c.req.query('before')),
      }),
    );
  });
}
