/**
 * The monitoring of an API process, as the entries build it (`openOps` on `createHttpApp`): the
 * operator's endpoints, the request log and metrics, the request id, and the solvency alert. The
 * database and the chain are stand-ins the test moves (a lagging indexer, a database that throws).
 */
import { Hono } from 'hono';
import type { Address } from 'viem';
import { describe, expect, it } from 'vitest';
import { createHttpApp } from '../http/app.ts';
import { ApiError } from '../http/errors.ts';
import { openOps } from './open.ts';
import type { SolvencyFigures } from './solvencyWatch.ts';

const USDT = '0x5fbdb2315678afecb367f032d93f642f64180aa3' as Address;
const ETRO = '0xe7f1725e7734ce288f8367e1bb143e90bb3f0512' as Address;
const E18 = 10n ** 18n;
const LOOPBACK = { incoming: { socket: { remoteAddress: '127.0.0.1' } } };
const REMOTE = { incoming: { socket: { remoteAddress: '203.0.113.9' } } };

type Stand = {
  indexed: bigint | null | Error;
  head: bigint;
  figures: SolvencyFigures;
  paid: Map<Address, bigint>;
};

function build(env: NodeJS.ProcessEnv = {}) {
  const stand: Stand = {
    indexed: 100n,
    head: 102n,
    figures: { head: { blockNumber: 100n, timestamp: 1_700_000_000n }, tokens: [] },
    paid: new Map(),
  };
  const lines: Array<Record<string, unknown>> = [];
  const errors: unknown[] = [];
  const ops = openOps(
    { ETERNO_READY_MAX_LAG_BLOCKS: '5', ...env },
    {
      prefixes: ['', '/ops'],
      indexedBlock: async () => {
        if (stand.indexed instanceof Error) throw stand.indexed;
        return stand.indexed;
      },
      chainHead: async () => stand.head,
      solvency: async () => stand.figures,
      payoutsSince: async () => stand.paid,
      symbolOf: (t) => (t === USDT ? 'USDT' : t === ETRO ? 'ETRO' : undefined),
      write: (line) => lines.push(JSON.parse(line) as Record<string, unknown>),
    },
  );
  const app = createHttpApp({ corsOrigins: [], observe: ops.observe, log: (e) => errors.push(e) });
  app.route('/', ops.app);
  app.route(
    '/',
    new Hono()
      .get('/items/:id', (c) => c.json({ id: c.req.param('id') }))
      .get('/boom', () => {
        throw new Error('secret database address postgresql://user:pw@db/x');
      })
      .post('/vault/withdrawals', () => {
        throw new ApiError('RESERVE_TOO_LOW');
      }),
  );
  const get = (path: string, headers: Record<string, string> = {}, env: object = LOOPBACK) =>
    app.request(path, { headers }, env);
  const metrics = async () => {
    const res = await get('/metrics');
    expect(res.status).toBe(200);
    return res.text();
  };
  return { app, ops, stand, lines, errors, get, metrics };
}

const sample = (page: string, series: string): string | undefined =>
  page
    .split('\n')
    .find((l) => l.startsWith(`${series} `))
    ?.slice(series.length + 1);

describe('health and readiness', () => {
  it('/health answers 200 while the process is up, at the root and under /ops', async () => {
    const { get } = build();
    for (const path of ['/health', '/ops/health']) {
      const res = await get(path);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ status: 'ok' });
    }
  });

  it('/ready answers 200 with the lag when the indexer is within the allowed lag', async () => {
    const { get } = build();
    const res = await get('/ops/ready');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ready: true, indexedBlock: 100, chainHead: 102, lagBlocks: 2, maxLagBlocks: 5 });
  });

  it('/ready answers 503 INDEXER_LAGGING when the indexer is further behind than allowed', async () => {
    const { get, stand } = build();
    stand.head = 106n;
    const res = await get('/ready');
    expect(res.status).toBe(503);
    const body = (await res.json()) as { ready: boolean; lagBlocks: number; error: { code: string } };
    expect(body).toMatchObject({ ready: false, lagBlocks: 6, error: { code: 'INDEXER_LAGGING' } });
  });

  it('/ready answers 503 DATABASE_UNAVAILABLE when the database cannot be read, 503 NOT_INDEXED_YET before a block', async () => {
    const down = build();
    down.stand.indexed = new Error('connect ECONNREFUSED 127.0.0.1:5432');
    const res = await down.get('/ready');
    expect(res.status).toBe(503);
    const text = await res.text();
    expect(JSON.parse(text)).toMatchObject({ ready: false, indexedBlock: null, chainHead: 102, lagBlocks: null });
    expect(JSON.parse(text).error.code).toBe('DATABASE_UNAVAILABLE');
    expect(text).not.toContain('ECONNREFUSED');

    const empty = build();
    empty.stand.indexed = null;
    const res2 = await empty.get('/ready');
    expect(res2.status).toBe(503);
    expect(((await res2.json()) as { error: { code: string } }).error.code).toBe('NOT_INDEXED_YET');
  });

  it('a lagging or stopped indexer shows in the metrics too', async () => {
    const { metrics, stand } = build();
    stand.head = 150n;
    const page = await metrics();
    expect(sample(page, 'eterno_ready')).toBe('0');
    expect(sample(page, 'eterno_indexer_lag_blocks')).toBe('50');
  });
});

describe('metrics', () => {
  it('counts requests by route pattern, never the URL, and exposes the latency histogram', async () => {
    const { get, metrics } = build();
    expect((await get('/items/7')).status).toBe(200);
    expect((await get('/items/8?x=1')).status).toBe(200);
    expect((await get('/nowhere/at/all')).status).toBe(404);
    const page = await metrics();
    expect(page).toContain('# TYPE eterno_http_requests_total counter');
    expect(sample(page, 'eterno_http_requests_total{method="GET",route="/items/:id",status="200"}')).toBe('2');
    expect(page).not.toContain('/items/7');
    expect(sample(page, 'eterno_http_requests_total{method="GET",route="(unmatched)",status="404"}')).toBe('1');
    expect(page).toContain('# TYPE eterno_http_request_duration_seconds histogram');
    expect(sample(page, 'eterno_http_request_duration_seconds_bucket{method="GET",route="/items/:id",le="+Inf"}')).toBe(
      '2',
    );
    expect(sample(page, 'eterno_http_request_duration_seconds_count{method="GET",route="/items/:id"}')).toBe('2');
    expect(
      Number(sample(page, 'eterno_http_request_duration_seconds_bucket{method="GET",route="/items/:id",le="10"}')),
    ).toBe(2);
  });

  it('counts error answers by code, and the signing routes refusals by kind and reason', async () => {
    const { app, get, metrics } = build();
    const res = await app.request('/vault/withdrawals', { method: 'POST', body: '{}' }, LOOPBACK);
    expect(res.status).toBe(409);
    expect((await get('/boom')).status).toBe(500);
    expect((await get('/nowhere')).status).toBe(404);
    const page = await metrics();
    expect(sample(page, 'eterno_http_errors_total{code="RESERVE_TOO_LOW"}')).toBe('1');
    expect(sample(page, 'eterno_http_errors_total{code="INTERNAL"}')).toBe('1');
    expect(sample(page, 'eterno_http_errors_total{code="NOT_FOUND"}')).toBe('1');
    expect(sample(page, 'eterno_signer_refusals_total{kind="withdrawal_voucher",reason="RESERVE_TOO_LOW"}')).toBe('1');
    expect(page).not.toMatch(/eterno_signer_refusals_total\{[^}]*reason="(INTERNAL|NOT_FOUND)"/);
  });

  it('answers the metrics only to the loopback, and never to a request a proxy forwarded', async () => {
    const { get } = build();
    expect((await get('/metrics', {}, REMOTE)).status).toBe(404);
    expect((await get('/ops/metrics', { 'x-forwarded-for': '198.51.100.1' })).status).toBe(404);
    expect((await get('/ops/metrics', {}, {})).status).toBe(404);
    const ok = await get('/ops/metrics');
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
  });

  it('answers the metrics to an address of ETERNO_METRICS_ALLOW', async () => {
    const { get } = build({ ETERNO_METRICS_ALLOW: '203.0.113.9' });
    expect((await get('/metrics', {}, REMOTE)).status).toBe(200);
  });
});

describe('request id and request log', () => {
  it('keeps a well-formed X-Request-Id, echoes it and logs one line with it', async () => {
    const { get, lines } = build();
    const res = await get('/items/7', { 'x-request-id': 'proxy-abc.123' });
    expect(res.headers.get('x-request-id')).toBe('proxy-abc.123');
    const line = lines.find((l) => l.msg === 'request');
    expect(line).toMatchObject({
      level: 'info',
      requestId: 'proxy-abc.123',
      method: 'GET',
      route: '/items/:id',
      status: 200,
    });
    expect(typeof line!.durationMs).toBe('number');
    expect(new Date(String(line!.time)).toISOString()).toBe(line!.time);
    expect(line).not.toHaveProperty('errorCode');
  });

  it('replaces a malformed X-Request-Id with a fresh one', async () => {
    const { get, lines } = build();
    const res = await get('/items/7', { 'x-request-id': 'evil id"\\with spaces' });
    const id = res.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(lines[0]!.requestId).toBe(id);
  });

  it('logs an error answer with its code, a 500 at level error with its id, and sends no stack', async () => {
    const { app, get, lines, errors } = build();
    await app.request(
      '/vault/withdrawals',
      { method: 'POST', body: '{}', headers: { 'x-request-id': 'r-1' } },
      LOOPBACK,
    );
    expect(lines.at(-1)).toMatchObject({ level: 'info', requestId: 'r-1', status: 409, errorCode: 'RESERVE_TOO_LOW' });
    const res = await get('/boom', { 'x-request-id': 'r-2' });
    const text = await res.text();
    expect(res.status).toBe(500);
    expect(text).not.toMatch(/secret|postgresql|at .*\.ts/);
    expect(JSON.parse(text).error).toMatchObject({ code: 'INTERNAL', requestId: 'r-2' });
    expect(lines.at(-1)).toMatchObject({
      level: 'error',
      requestId: 'r-2',
      route: '/boom',
      status: 500,
      errorCode: 'INTERNAL',
    });
    expect(errors).toMatchObject([{ requestId: 'r-2' }]);
  });
});

describe('solvency alert', () => {
  const figures = (usdtFree: bigint): SolvencyFigures => ({
    head: { blockNumber: 100n, timestamp: 1_700_000_000n },
    tokens: [
      {
        token: USDT,
        holdings: usdtFree + 1_500n * E18,
        liabilities: 1_000n * E18,
        openVouchers: 300n * E18,
        unexpiredQuotes: 200n * E18,
        free: usdtFree,
      },
      { token: ETRO, holdings: 5n * E18, liabilities: 0n, openVouchers: 0n, unexpiredQuotes: 0n, free: 5n * E18 },
    ],
  });
  const alerts = (lines: Array<Record<string, unknown>>) =>
    lines.filter((l) => l.level === 'error' && l.msg === 'solvency: free reserve below threshold');

  it('logs at error and raises the gauge when a free reserve falls below its threshold, and not above it', async () => {
    const { ops, stand, lines, metrics } = build({ ETERNO_RESERVE_ALERT_USDT: '500.5' });
    stand.figures = figures(600n * E18);
    await ops.watch.check();
    expect(alerts(lines)).toEqual([]);
    let page = await metrics();
    expect(sample(page, 'eterno_vault_free_reserve{token="USDT"}')).toBe('600');
    expect(sample(page, 'eterno_vault_free_reserve_threshold{token="USDT"}')).toBe('500.5');
    expect(sample(page, 'eterno_vault_free_reserve_below_threshold{token="USDT"}')).toBe('0');

    stand.figures = figures(500n * E18);
    await ops.watch.check();
    expect(alerts(lines)).toHaveLength(1);
    expect(alerts(lines)[0]).toMatchObject({
      token: 'USDT',
      free: (500n * E18).toString(),
      threshold: ((5005n * E18) / 10n).toString(),
    });
    page = await metrics();
    expect(sample(page, 'eterno_vault_free_reserve_below_threshold{token="USDT"}')).toBe('1');
    // ETRO has no threshold set: it alerts only on a shortfall.
    expect(alerts(lines).some((l) => l.token === 'ETRO')).toBe(false);

    stand.figures = figures(501n * E18);
    await ops.watch.check();
    expect(alerts(lines)).toHaveLength(1);
    expect(lines.at(-1)).toMatchObject({
      level: 'info',
      msg: 'solvency: free reserve back above threshold',
      token: 'USDT',
    });
  });

  it('alerts on a shortfall with no threshold set, and writes the gauge exactly', async () => {
    const { ops, stand, lines, metrics } = build();
    stand.figures = figures(-(E18 / 1000n) - 1n);
    await ops.watch.check();
    expect(alerts(lines).map((l) => l.token)).toEqual(['USDT']);
    expect(sample(await metrics(), 'eterno_vault_free_reserve{token="USDT"}')).toBe('-0.001000000000000001');
  });

  it('gives the runway at the last 7 days payout rate', async () => {
    const { ops, stand, metrics } = build();
    stand.figures = figures(300n * E18);
    stand.paid = new Map([[USDT, 700n * E18]]);
    await ops.watch.check();
    const page = await metrics();
    expect(sample(page, 'eterno_vault_payouts_7d{token="USDT"}')).toBe('700');
    expect(sample(page, 'eterno_vault_runway_days{token="USDT"}')).toBe('3');
    expect(sample(page, 'eterno_vault_runway_days{token="ETRO"}')).toBe('+Inf');
  });

  it('a failed read logs a warning and leaves the last figures', async () => {
    const { ops, stand, lines, metrics } = build();
    stand.figures = figures(300n * E18);
    await ops.watch.check();
    // The stand-in throws on its next read: the figures stay those of the last good check.
    Object.defineProperty(stand, 'figures', {
      get() {
        throw new ApiError('INDEXER_BEHIND');
      },
    });
    await ops.watch.check();
    expect(lines.at(-1)).toMatchObject({ level: 'warn', msg: 'solvency: check failed', code: 'INDEXER_BEHIND' });
    expect(sample(await metrics(), 'eterno_vault_free_reserve{token="USDT"}')).toBe('300');
  });
});
