/**
 * The vault's routes as a Hono sub-app: per-user answers (session required) and the public config.
 * Mounted by Ponder's API entry and by the PostgreSQL API process, never behind the response cache.
 */
import { Hono } from 'hono';
import { billsRoute } from './routes/bills.ts';
import { vaultBalancesRoute } from './routes/vaultBalances.ts';
import { vaultConfigRoute } from './routes/vaultConfig.ts';
import type { VaultRouteDeps } from './routes/vaultDeps.ts';
import { vaultDepositsRoute } from './routes/vaultDeposits.ts';
import { vaultExchangeQuotesRoute } from './routes/vaultExchangeQuotes.ts';
import { vaultWithdrawalsRoute } from './routes/vaultWithdrawals.ts';

export function createVaultApp(deps: VaultRouteDeps): Hono {
  return new Hono()
    .route('/', vaultConfigRoute(deps.ctx))
    .route('/', vaultBalancesRoute(deps))
    .route('/', vaultWithdrawalsRoute(deps))
    .route('/', vaultDepositsRoute(deps))
    .route('/', vaultExchangeQuotesRoute(deps))
    .route('/', billsRoute(deps));
}
