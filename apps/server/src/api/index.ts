/**
 * The HTTP API served by Ponder (its `src/api` entry): the shared HTTP pieces (src/http), the
 * sign-in routes over the off-chain store (src/auth, src/store) and the indexer's read routes
 * (./app.ts). Ponder itself answers /health, /ready, /status and /metrics.
 */
import { ETERNO_CHAIN_ID } from '@eterno/protocol/chain';
import { db } from 'ponder:api';
import { createAuthApp } from '../auth/app.ts';
import { createHttpApp } from '../http/app.ts';
import { clientKeyFrom } from '../http/clientKey.ts';
import { createAuthStore } from '../store/authStore.ts';
import { schedulePurge } from '../store/purge.ts';
import { openSql } from '../store/sql.ts';
import { createIndexerApp } from './app.ts';
import { readServerEnv } from './env.ts';

const env = readServerEnv(process.env);
const store = await createAuthStore(await openSql(env));
const purge = schedulePurge(store);
const close = () => {
  purge.stop();
  void store.close().catch(() => undefined);
};
process.once('SIGTERM', close);
process.once('SIGINT', close);

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
app.route('/', createIndexerApp(db));

export default app;
