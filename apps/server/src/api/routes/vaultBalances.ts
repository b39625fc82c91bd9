/** `GET /vault/balances` → LedgerBalancesResponseJson (session required). */
import { Hono } from 'hono';
import { readBalances } from '../../vault/balances.ts';
import type { VaultRouteDeps } from './vaultDeps.ts';

export function vaultBalancesRoute({ ctx, session }: VaultRouteDeps): Hono {
  return new Hono().get('/vault/balances', async (c) => c.json(await readBalances(ctx, await session(c))));
}
