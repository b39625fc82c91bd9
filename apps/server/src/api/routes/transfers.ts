/** `GET /transfers?address=&limit=`: the ERC-20 transfers from or to an address, newest first. */
import { Hono } from 'hono';
import { desc, eq, or } from 'ponder';
import { transfer } from '../../../ponder.schema.ts';
import { isAddress, type Address } from 'viem';
import { ApiError } from '../../http/errors.ts';
import type { ApiDb } from './page.ts';

export const DEFAULT_TRANSFERS_LIMIT = 50;
export const MAX_TRANSFERS_LIMIT = 200;

export type TransfersQuery = { address: Address; limit: number };

/** Validates `GET /transfers?address=0x…&limit=`; BAD_REQUEST on anything else. */
export function parseTransfersQuery(query: { address?: string; limit?: string }): TransfersQuery {
  const { address, limit } = query;
  if (address === undefined || !isAddress(address, { strict: false })) throw new ApiError('BAD_REQUEST');
  let n = DEFAULT_TRANSFERS_LIMIT;
  if (limit !== undefined) {
    if (!/^\d{1,4}$/.test(limit)) throw new ApiError('BAD_REQUEST');
    n = Number(limit);
    if (n < 1 || n > MAX_TRANSFERS_LIMIT) throw new ApiError('BAD_REQUEST');
  }
  return { address: address.toLowerCase() as Address, limit: n };
}

export function transfersRoute(db: ApiDb): Hono {
  return new Hono().get('/transfers', async (c) => {
    const query = parseTransfersQuery(c.req.query());
    const rows = await db
      .select()
      .from(transfer)
      .where(or(eq(transfer.from, query.address), eq(transfer.to, query.address)))
      .orderBy(desc(transfer.blockNumber), desc(transfer.id))
      .limit(query.limit);
    return c.json({
      transfers: rows.map((r) => ({
        id: r.id,
        token: r.token,
        from: r.from,
        to: r.to,
        value: r.value.toString(),
        blockNumber: r.blockNumber.toString(),
        timestamp: r.timestamp.toString(),
        txHash: r.txHash,
      })),
    });
  });
}
