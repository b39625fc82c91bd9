/** `GET /vault/limits` → VaultLimitsJson (session required): what the caps and budgets leave the user today. */
import { Hono } from 'hono';
import { readLimits } from '../../vault/limits.ts';
import type { VaultRouteDeps } from './vaultDeps.ts';

export function vaultLimitsRoute({ ctx, session }: VaultRouteDeps): Hono {
  return new Hono().get('/vault/limits', async (c) => c.json(await readLimits(ctx, await session(c))));
}
