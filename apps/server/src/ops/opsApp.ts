/**
 * The operator's endpoints of an API process (docs/operations.md, "Monitoring"), under each prefix:
 *   GET <prefix>/health   200 `{ "status": "ok" }` while the process answers at all
 *   GET <prefix>/ready    200 when the database reads and the indexer is within the allowed lag,
 *                         else 503; the body is the readiness report (./readiness.ts) either way
 *   GET <prefix>/metrics  the Prometheus page — only to the loopback (or ETERNO_METRICS_ALLOW) and only
 *                         to a request no proxy forwarded; anyone else gets 404 NOT_FOUND
 * On PGlite the API is served inside Ponder's process, whose own /health, /ready and /metrics take
 * those paths: there the API's are under `/ops`. The PostgreSQL API process answers both.
 */
import { Hono } from 'hono';
import { socketAddress } from '../http/clientKey.ts';
import { errorResponse } from '../http/errors.ts';
import { Gauge, PROMETHEUS_CONTENT_TYPE, type Registry } from './prometheus.ts';
import type { Readiness } from './readiness.ts';

export type OpsAppOptions = {
  registry: Registry;
  readiness: Readiness;
  /** Addresses besides the loopback that may read the metrics. */
  metricsAllow?: readonly string[];
  /** Where the three routes are: `['/ops']`, or `['', '/ops']` for both. */
  prefixes: readonly string[];
};

const LOOPBACK = new Set(['127.0.0.1', '::1']);
/** A request carrying one of these came through a proxy: its peer address says nothing of its client. */
const FORWARDED = ['x-forwarded-for', 'forwarded', 'x-real-ip'];

/** `eterno_ready` and `eterno_indexer_lag_blocks`, refreshed from the readiness report at each scrape. */
export function registerReadinessGauges(registry: Registry, readiness: Readiness): () => Promise<void> {
  const ready = registry.register(
    new Gauge('eterno_ready', '1 when this API process answers /ready with 200, else 0.'),
  );
  const lag = registry.register(
    new Gauge('eterno_indexer_lag_blocks', 'Blocks the indexed block is behind the chain head (-1: unknown).'),
  );
  const indexed = registry.register(
    new Gauge('eterno_indexed_block', 'The block this API process answers at (-1: unknown).'),
  );
  return async () => {
    const report = await readiness();
    ready.set({}, report.ready ? 1 : 0);
    lag.set({}, report.lagBlocks ?? -1);
    indexed.set({}, report.indexedBlock ?? -1);
  };
}

export function createOpsApp({ registry, readiness, metricsAllow = [], prefixes }: OpsAppOptions): Hono {
  const allowed = new Set([...LOOPBACK, ...metricsAllow.map((a) => a.trim().toLowerCase())]);
  const refresh = registerReadinessGauges(registry, readiness);
  const app = new Hono();
  for (const prefix of prefixes) {
    app
      .get(`${prefix}/health`, (c) => c.json({ status: 'ok' }, 200, { 'cache-control': 'no-store' }))
      .get(`${prefix}/ready`, async (c) => {
        const report = await readiness();
        return c.json(report, report.ready ? 200 : 503, { 'cache-control': 'no-store' });
      })
      .get(`${prefix}/metrics`, async (c) => {
        const peer = socketAddress(c);
        if (peer === undefined || !allowed.has(peer) || FORWARDED.some((h) => c.req.header(h) !== undefined))
          return errorResponse(c, 'NOT_FOUND');
        await refresh();
        return c.body(registry.render(), 200, {
          'content-type': PROMETHEUS_CONTENT_TYPE,
          'cache-control': 'no-store',
        });
      });
  }
  return app;
}
