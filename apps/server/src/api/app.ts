/**
 * The indexer's read API as a Hono sub-app, one file per route under ./routes (parse the query,
 * query the indexed tables, serialise to the wire format of `@eterno/protocol/indexerApi`).
 * `cache`, when given, runs before each of these routes only (never before sign-in or /account).
 * `GET /vault/stats` is never cached (its open vouchers and quotes move with requests, not blocks); its
 * solvency figures come from the vault context (`vaultStats.solvency`).
 */
import { Hono, type MiddlewareHandler } from 'hono';
import { candlesRoute } from './routes/candles.ts';
import { farmRoute } from './routes/farm.ts';
import { locksRoute } from './routes/locks.ts';
import type { ApiDb } from './routes/page.ts';
import { stakesRoute } from './routes/stakes.ts';
import { tradesRoute } from './routes/trades.ts';
import { vaultStatsRoute, type VaultStatsDeps } from './routes/vaultStats.ts';

const ROUTES: ReadonlyArray<readonly [path: string, route: (db: ApiDb) => Hono]> = [
  ['/trades', tradesRoute],
  ['/stakes', stakesRoute],
  ['/locks', locksRoute],
  ['/farm', farmRoute],
  ['/candles', candlesRoute],
];

export type IndexerAppOptions = { cache?: MiddlewareHandler; vaultStats: VaultStatsDeps };

export function createIndexerApp(db: ApiDb, { cache, vaultStats }: IndexerAppOptions): Hono {
  const app = new Hono();
  for (const [path, route] of ROUTES) {
    if (cache) app.use(path, cache);
    app.route('/', route(db));
  }
  app.route('/', vaultStatsRoute(db, vaultStats));
  return app;
}
