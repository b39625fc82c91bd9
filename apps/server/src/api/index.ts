/**
 * The HTTP API served by Ponder (its `src/api` entry): the shared HTTP pieces (src/http), the
 * sign-in routes over the off-chain store (src/auth, src/store), the vault's per-user routes
 * (./vaultApp.ts, src/vault), the finance routes (./financeApp.ts, src/finance) and the indexer's read routes (./app.ts). Ponder itself answers
 * /health, /ready, /status and /metrics; the API's own are /ops/health, /ops/ready and /ops/metrics, with
 * its request log and the solvency watch (src/ops, docs/operations.md).
 */
import { ETERNO_CHAIN_ID } from '@eterno/protocol/chain';
import { db } from 'ponder:api';
import { createAuthApp } from '../auth/app.ts';
import { openFinanceContext } from '../finance/open.ts';
import { ponderFinance } from '../finance/ponderFinance.ts';
import { sessionUser } from '../auth/session.ts';
import { createHttpApp } from '../http/app.ts';
import { clientKeyFrom } from '../http/clientKey.ts';
import { createAuthStore } from '../store/authStore.ts';
import { schedulePurge } from '../store/purge.ts';
import { openSql } from '../store/sql.ts';
import { createPurchaseStore } from '../store/purchaseStore.ts';
import { createQuoteStore } from '../store/quoteStore.ts';
import { createVoucherStore } from '../store/voucherStore.ts';
import { createInvitationStore } from '../store/invitationStore.ts';
import { openReferralContext } from '../referral/open.ts';
import { openVaultContext } from '../vault/open.ts';
import { ponderLedger } from '../vault/ponderLedger.ts';
import { readSolvency } from '../vault/solvency.ts';
import { createIndexerApp } from './app.ts';
import { deployedSymbolOf } from './deployedTokens.ts';
import { readServerEnv } from './env.ts';
import { createFinanceApp } from './financeApp.ts';
import { createMarketApp } from './marketApp.ts';
import { createNodesApp } from './nodesApp.ts';
import { createNftApp } from './nftApp.ts';
import { openNftOperator } from '../nft/operator.ts';
import { startSeedKeeper } from '../nft/seedKeeper.ts';
import { loadNodesSettings } from '../nodes/settings.ts';
import { createReferralApp } from './referralApp.ts';
import { readRegistryAccount } from '../referral/teamReads.ts';
import { loadReferralSettings } from '../referral/incomeSettings.ts';
import { createVaultApp } from './vaultApp.ts';
import { openOps } from '../ops/open.ts';
import { indexedPayouts } from '../ops/payouts.ts';

const env = readServerEnv(process.env);
const sql = await openSql(env);
const store = await createAuthStore(sql);
const ledger = ponderLedger(db);
const vault = openVaultContext(process.env, {
  ledger,
  store: await createVoucherStore(sql),
  quotes: await createQuoteStore(sql),
});
const finance = openFinanceContext(process.env, {
  vault,
  store: await createPurchaseStore(sql),
  view: ponderFinance(db),
});
const referral = openReferralContext(process.env, { store: await createInvitationStore(sql) });
const purge = schedulePurge(store);
// The NFT operator: seeds for owners' reveals, and (in this process only) the seed commits ahead.
const nftOperator = openNftOperator(process.env);
const seedKeeper = nftOperator === null ? null : startSeedKeeper(nftOperator);
// Ponder's own /health, /ready and /metrics take those paths in this process: the API's are under /ops.
const ops = openOps(process.env, {
  prefixes: ['/ops'],
  indexedBlock: async () => (await ledger.head())?.blockNumber ?? null,
  solvency: () => readSolvency(vault),
  payoutsSince: indexedPayouts(db),
  symbolOf: deployedSymbolOf(process.env),
});
const solvencyWatch = ops.start();
const close = () => {
  purge.stop();
  solvencyWatch.stop();
  seedKeeper?.stop();
  void store.close().catch(() => undefined);
};
process.once('SIGTERM', close);
process.once('SIGINT', close);

const app = createHttpApp({ corsOrigins: env.corsOrigins, observe: ops.observe });
app.route('/', ops.app);
app.route(
  '/',
  createAuthApp({
    store,
    registry: (wallet) => readRegistryAccount(db, wallet),
    domains: env.siweDomains,
    origins: env.corsOrigins,
    chainId: ETERNO_CHAIN_ID,
    clientKey: clientKeyFrom(env.trustedProxies),
  }),
);
app.route(
  '/',
  createVaultApp({ ctx: vault, session: sessionUser(store), clientKey: clientKeyFrom(env.trustedProxies) }),
);
app.route('/', createFinanceApp({ ctx: finance, session: sessionUser(store) }));
app.route(
  '/',
  createReferralApp({ db, session: sessionUser(store), ctx: referral, settings: loadReferralSettings(process.env) }),
);
app.route('/', createMarketApp(db));
app.route('/', createNodesApp(db, loadNodesSettings(process.env)));
app.route(
  '/',
  createNftApp({ operator: nftOperator, session: sessionUser(store), clientKey: clientKeyFrom(env.trustedProxies) }),
);
app.route(
  '/',
  createIndexerApp(db, {
    vaultStats: { symbolOf: deployedSymbolOf(process.env), solvency: () => readSolvency(vault) },
  }),
);

export default app;
