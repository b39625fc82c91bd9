/** `GET /vault/config` → VaultConfigJson (public: the forms' limits and help). */
import { Hono } from 'hono';
import { readConfig } from '../../vault/balances.ts';
import type { VaultContext } from '../../vault/context.ts';

export function vaultConfigRoute(ctx: VaultContext): Hono {
  return new Hono().get('/vault/config', async (c) => c.json(await readConfig(ctx)));
}
