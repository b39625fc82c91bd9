/**
 * The nodes' read routes as a Hono sub-app (one module per route under ./routes): the open nodes,
 * one node's detail, an account's standing, the reward pool's days (docs/decisions/nodes.md). The
 * fixed paths are mounted before `/nodes/:id`.
 */
import { Hono } from 'hono';
import type { NodesSettings } from '../nodes/settings.ts';
import { nodeAccountRoute } from './routes/nodeAccount.ts';
import { nodeDetailRoute } from './routes/nodeDetail.ts';
import { nodeRewardsRoute } from './routes/nodeRewards.ts';
import { nodesRoute } from './routes/nodes.ts';
import type { ApiDb } from './routes/page.ts';

export function createNodesApp(db: ApiDb, settings: NodesSettings): Hono {
  return new Hono()
    .route('/', nodesRoute(db))
    .route('/', nodeRewardsRoute(db, settings))
    .route('/', nodeAccountRoute(db))
    .route('/', nodeDetailRoute(db));
}
