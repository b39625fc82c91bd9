/**
 * The API process on PostgreSQL: the same app as Ponder's `src/api` (the shared HTTP pieces,
 * sign-in over the off-chain store, the vault's per-user routes, the finance routes, the indexer's
 * read routes), served by @hono/node-server outside the indexer's process, reading Ponder's tables
 * from its schema, with the read routes behind a response cache that is dropped with every indexed
 * block (src/http/freshCache.ts).
 * Why: docs/decisions/api-process.md.
 *
 *   DATABASE_URL=postgresql://… ETERNO_INDEXER_SCHEMA=<ponder --schema> ETERNO_SIWE_DOMAINS=… \
 *     PORT=42069 node --import tsx apps/server/reader/main.ts
 *
 * Also read: the monitoring settings of src/ops/settings.ts, ETERNO_CORS_ORIGINS, ETERNO_TRUSTED_PROXIES (src/api/env.ts), ETERNO_API_HOST
 * (default 127.0.0.1), and for the vault ETERNO_DEPLOYMENTS, PONDER_RPC_URL_201022, ETERNO_SIGNER_KEY,
 * ETERNO_PLACEMENT_SIGNER_KEY (the referral registry's placement signer, src/referral/open.ts),
 * the settings of src/vault/settings.ts, ETERNO_FINANCE_SETTINGS (src/finance/settings.ts) and
 * ETERNO_NODES_SETTINGS (src/nodes/settings.ts) and ETERNO_REFERRAL_SETTINGS (src/referral/incomeSettings.ts).
 */
import { serve } from '@hono/node-server';
import { ETERNO_CHAIN_ID } from '@eterno/protocol/chain';
import { createIndexerApp } from '../src/api/app.ts';
import { deployedSymbolOf } from '../src/api/deployedTokens.ts';
import { EnvError, readServerEnv, requireEnv } from '../src/api/env.ts';
import { createFinanceApp } from '../src/api/financeApp.ts';
import { createReferralApp } from '../src/api/referralApp.ts';
import { createMarketApp } from '../src/api/marketApp.ts';
import { createNodesApp } from '../src/api/nodesApp.ts';
import { createNftApp, NFT_SEED_RATE_LIMIT } from '../src/api/nftApp.ts';
import { openNftOperator } from '../src/nft/operator.ts';
import { loadNodesSettings } from '../src/nodes/settings.ts';
import { createVaultApp, VAULT_WRITE_RATE_LIMIT } from '../src/api/vaultApp.ts';
import { createAuthApp, SIGN_IN_RATE_LIMIT } from '../src/auth/app.ts';
import { openFinanceContext } from '../src/finance/open.ts';
import { ponderFinance } from '../src/finance/ponderFinance.ts';
import { sessionUser } from '../src/auth/session.ts';
import { createHttpApp } from '../src/http/app.ts';
import { clientKeyFrom } from '../src/http/clientKey.ts';
import { freshCache } from '../src/http/freshCache.ts';
import { processShare, type RateLimitSetting } from '../src/http/rateLimit.ts';
import { createAuthStore } from '../src/store/authStore.ts';
import { schedulePurge } from '../src/store/purge.ts';
import { openPostgres } from '../src/store/sql.ts';
import { createPurchaseStore } from '../src/store/purchaseStore.ts';
import { createQuoteStore } from '../src/store/quoteStore.ts';
import { createVoucherStore } from '../src/store/voucherStore.ts';
import { createInvitationStore } from '../src/store/invitationStore.ts';
import { openReferralContext } from '../src/referral/open.ts';
import { readRegistryAccount } from '../src/referral/teamReads.ts';
import { loadReferralSettings } from '../src/referral/incomeSettings.ts';
import { openVaultContext } from '../src/vault/open.ts';
import { ponderLedger } from '../src/vault/ponderLedger.ts';
import { readSolvency } from '../src/vault/solvency.ts';
import { openOps } from '../src/ops/open.ts';
import { indexedPayouts } from '../src/ops/payouts.ts';
import { openIndexerDb } from './indexerDb.ts';
import { holdRunLock, latestBlockTime, openRestoreGuard } from '../src/store/restoreGuard.ts';

const env = readServerEnv(process.env);
if (env.databaseUrl === undefined)
  throw new EnvError("DATABASE_URL is required: the API process reads the indexer's PostgreSQL");
const indexer = openIndexerDb(env.databaseUrl, requireEnv(process.env, 'ETERNO_INDEXER_SCHEMA'));
const sql = openPostgres(env.databaseUrl);
// Several API processes share the sessions: a sign-out through one must end the session in all of them
// at once, so none keeps sessions in memory (docs/decisions/api-process.md).
const store = await createAuthStore(sql, env.apiProcesses > 1 ? { sessionCacheMs: 0 } : {});
const ledger = ponderLedger(indexer.db);
const vault = openVaultContext(process.env, {
  ledger,
  store: await createVoucherStore(sql),
  quotes: await createQuoteStore(sql),
});
const finance = openFinanceContext(process.env, {
  vault,
  store: await createPurchaseStore(sql),
  view: ponderFinance(indexer.db),
});
// The restore guard: a run still open at start (a restored store, or a crash) holds exchange quotes until
// every quote of an earlier run has passed its deadline (src/store/restoreGuard.ts).
const guard = await openRestoreGuard(sql, {
  now: vault.now(),
  chainTime: () => latestBlockTime(requireEnv(process.env, `PONDER_RPC_URL_${ETERNO_CHAIN_ID}`)),
  quoteLifetime: vault.settings.quoteLifetime,
});
// Held while this process lives: API processes starting beside it see a live peer, not a dead run.
const runLock = holdRunLock(env.databaseUrl, guard.runId);
await runLock.ready;
vault.quoteHold = { until: guard.quotesHeldUntil };
if (guard.restored)
  console.error(
    JSON.stringify({
      level: 'warn',
      msg: 'restore guard: an earlier run was still open; exchange quotes held',
      quotesHeldUntil: String(guard.quotesHeldUntil),
    }),
  );
const referral = openReferralContext(process.env, { store: await createInvitationStore(sql) });
const purge = schedulePurge(store);
// The API's /health, /ready and /metrics, also under /ops as in Ponder's process (src/ops/opsApp.ts).
const ops = openOps(process.env, {
  prefixes: ['', '/ops'],
  indexedBlock: async () => (await ledger.head())?.blockNumber ?? null,
  solvency: () => readSolvency(vault),
  payoutsSince: indexedPayouts(indexer.db),
  symbolOf: deployedSymbolOf(process.env),
});
// Both pools open their connections before the API listens (docs/decisions/vouchers.md, speed).
await Promise.all([indexer.warm(), sql.warm()]);

// With N API processes behind one proxy, each enforces its share of every per-client limit
// (ETERNO_API_PROCESSES; docs/decisions/api-process.md).
const share = (limit: RateLimitSetting): RateLimitSetting => processShare(limit, env.apiProcesses);
const app = createHttpApp({ corsOrigins: env.corsOrigins, observe: ops.observe });
app.route('/', ops.app);
app.route(
  '/',
  createAuthApp({
    store,
    registry: (wallet) => readRegistryAccount(indexer.db, wallet),
    domains: env.siweDomains,
    origins: env.corsOrigins,
    chainId: ETERNO_CHAIN_ID,
    clientKey: clientKeyFrom(env.trustedProxies),
    rateLimit: share(SIGN_IN_RATE_LIMIT),
  }),
);
// Per-user answers: outside the response cache.
app.route(
  '/',
  createVaultApp({
    ctx: vault,
    session: sessionUser(store),
    clientKey: clientKeyFrom(env.trustedProxies),
    rateLimit: share(VAULT_WRITE_RATE_LIMIT),
  }),
);
app.route('/', createFinanceApp({ ctx: finance, session: sessionUser(store) }));
app.route(
  '/',
  createReferralApp({
    db: indexer.db,
    session: sessionUser(store),
    ctx: referral,
    settings: loadReferralSettings(process.env),
  }),
);
app.route('/', createMarketApp(indexer.db));
app.route('/', createNodesApp(indexer.db, loadNodesSettings(process.env)));
// Seeds for owners' reveals; the commits ahead are sent by the indexer's API process only.
app.route(
  '/',
  createNftApp({
    operator: openNftOperator(process.env),
    session: sessionUser(store),
    clientKey: clientKeyFrom(env.trustedProxies),
    rateLimit: share(NFT_SEED_RATE_LIMIT),
  }),
);
app.route(
  '/',
  createIndexerApp(indexer.db, {
    cache: freshCache({ version: indexer.version }),
    vaultStats: { symbolOf: deployedSymbolOf(process.env), solvency: () => readSolvency(vault) },
  }),
);

const port = Number(process.env.PORT ?? '42069');
const hostname = process.env.ETERNO_API_HOST || '127.0.0.1';
const solvencyWatch = ops.start();
const server = serve({ fetch: app.fetch, port, hostname }, (info) => {
  console.log(JSON.stringify({ level: 'info', msg: 'API listening', port: info.port, hostname }));
});

let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  purge.stop();
  solvencyWatch.stop();
  server.close(() => {
    // The run is closed only once no request is being answered any more (nothing signs after it).
    void guard
      .stop()
      .catch((error: unknown) => console.error(`restore guard: the run could not be closed: ${String(error)}`))
      .then(() => Promise.allSettled([runLock.stop(), indexer.close(), store.close()]))
      .then(() => process.exit(0));
  });
  // Keep-alive connections would hold close() open: end them.
  if ('closeAllConnections' in server) server.closeAllConnections();
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
