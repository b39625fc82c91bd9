/**
 * The indexer's read API as a Hono sub-app, one file per route under ./routes (parse the query,
 * query the indexed tables, serialise to the wire format of `@eterno/protocol/indexerApi`).
 */
import { Hono } from "hono";
import { farmRoute } from "./routes/farm.ts";
import { locksRoute } from "./routes/locks.ts";
import type { ApiDb } from "./routes/page.ts";
import { stakesRoute } from "./routes/stakes.ts";
import { tradesRoute } from "./routes/trades.ts";
import { transfersRoute } from "./routes/transfers.ts";

export function createIndexerApp(db: ApiDb): Hono {
  return new Hono()
    .route("/", transfersRoute(db))
    .route("/", tradesRoute(db))
    .route("/", stakesRoute(db))
    .route("/", locksRoute(db))
    .route("/", farmRoute(db));
}
