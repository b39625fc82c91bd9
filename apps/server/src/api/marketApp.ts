/**
 * The EUSD market's read routes as a Hono sub-app (one module per route under ./routes): the open
 * book best price first, a seller's orders and an account's fills (docs/decisions/market.md).
 */
import { Hono } from 'hono';
import type { ApiDb } from './routes/page.ts';
import { marketFillsRoute } from './routes/marketFills.ts';
import { marketMyOrdersRoute } from './routes/marketMyOrders.ts';
import { marketOrdersRoute } from './routes/marketOrders.ts';

export function createMarketApp(db: ApiDb): Hono {
  return new Hono()
    .route('/', marketOrdersRoute(db))
    .route('/', marketMyOrdersRoute(db))
    .route('/', marketFillsRoute(db));
}
