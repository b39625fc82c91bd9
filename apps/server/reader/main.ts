/**
 * The API process on PostgreSQL: the same app as Ponder's `src/api` (the shared HTTP pieces,
 * sign-in over the off-chain store, the indexer's read routes), served by @hono/node-server
 * outside the indexer's process, reading Ponder's tables from its schema, with the read routes
 * behind a response cache that is dropped with every indexed block (src/http/freshCache.ts).
 * Why: docs/decisions/api-process.md.
 *
 *   DATABASE_URL=postgresql://… ETERNO_INDEXER_SCHEMA=<ponder --schema> ETERNO_SIWE_DOMAINS=… \
 *     PORT=42069 node --import tsx apps/server/reader/main.ts
 *
 * Also read: ETERNO_CORS_ORIGINS, ETERNO_TRUSTED_PROXIES (src/api/env.ts), ETERNO_API_HOST
 * (default 127.0.0.1).
 */
import { serve } from '@hono/node-server';
import { ETERNO_CHAIN_ID } from '@eterno/protocol/chain';
import { createIndexerApp } from '../src/api/app.ts';
import { EnvError, readServerEnv, requireEnv } from '../src/api/env.ts';
import { createAuthApp } from '../src/auth/app.ts';
import { createHttpApp } from '../src/http/app.ts';
import { clientKeyFrom } from '../src/http/clientKey.ts';
import { freshCache } from '../src/http/freshCache.ts';
import { createAuthStore } from '../src/store/authStore.ts';
import { schedulePurge } from '../src/store/purge.ts';
import { openPostgres } from '../src/store/sql.ts';
import { openIndexerDb } from './indexerDb.ts';

const env = readServerEnv(process.env);
if (env.databaseUrl === undefined)
  throw new EnvError("DATABASE_URL is required: the API process reads the indexer's PostgreSQL");
const indexer = openIndexerDb(env.databaseUrl, requireEnv(process.env, 'ETERNO_INDEXER_SCHEMA'));
const store = await createAuthStore(openPostgres(env.databaseUrl));
const purge = schedulePurge(store);

const app = createHttpApp({ corsOrigins: env.corsOrigins });
app.route(
  '/',
  createAuthApp({
    store,
    domains: env.siweDomains,
    origins: env.corsOrigins,
    chainId: ETERNO_CHAIN_ID,
    clientKey: clientKeyFrom(env.trustedProxies),
  }),
);
app.route('/', createIndexerApp(indexer.db, { cache: freshCache({ version: indexer.version }) }));

const port = Number(process.env.PORT ?? '42069');
const hostname = process.env.ETERNO_API_HOST || '127.0.0.1';
const server = serve({ fetch: app.fetch, port, hostname }, (info) => {
  console.log(JSON.stringify({ level: 'info', msg: 'API listening', port: info.port, hostname }));
});

let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  purge.stop();
  server.close(() => {
    void Promise.allSettled([indexer.close(), store.close()]).then(() => process.exit(0));
  });
  // Keep-alive connections would hold close() open: end them.
  if ('closeAllConnections' in server) server.closeAllConnections();
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
