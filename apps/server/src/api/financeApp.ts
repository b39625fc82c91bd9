/**
 * The finance routes as a Hono sub-app (one module per route under ./routes). Every answer may
 * depend on the session (the catalogue's cycles, the rounds' place) or on the purchase store, so it
 * is mounted beside the vault's routes, never behind the response cache.
 */
import { Hono } from 'hono';
import { financeCatalogueRoute } from './routes/financeCatalogue.ts';
import type { FinanceRouteDeps } from './routes/financeDeps.ts';
import { financeOrdersRoute } from './routes/financeOrders.ts';
import { financePurchasesRoute } from './routes/financePurchases.ts';
import { financeRegularOrdersRoute } from './routes/financeRegularOrders.ts';
import { financeRegularPurchasesRoute } from './routes/financeRegularPurchases.ts';
import { financeRoundsRoute } from './routes/financeRounds.ts';
import { financeSummaryRoute } from './routes/financeSummary.ts';

export function createFinanceApp(deps: FinanceRouteDeps): Hono {
  return new Hono()
    .route('/', financeCatalogueRoute(deps))
    .route('/', financePurchasesRoute(deps))
    .route('/', financeRegularPurchasesRoute(deps))
    .route('/', financeOrdersRoute(deps))
    .route('/', financeRegularOrdersRoute(deps))
    .route('/', financeRoundsRoute(deps))
    .route('/', financeSummaryRoute(deps));
}
