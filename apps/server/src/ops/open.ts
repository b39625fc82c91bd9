/**
 * The monitoring of an API process, built once at its start from the environment (./settings.ts): the
 * request observer (request log and metrics) for `createHttpApp`, the operator's endpoints (./opsApp.ts)
 * and the solvency watch (./solvencyWatch.ts), all on one metrics registry. Both API entries use it:
 * src/api/index.ts (inside Ponder, PGlite) and reader/main.ts (PostgreSQL).
 */
import { ETERNO_CHAIN_ID } from '@eterno/protocol/chain';
import type { Hono, MiddlewareHandler } from 'hono';
import type { Address } from 'viem';
import { requireEnv } from '../api/env.ts';
import { accessLog, stdoutLine, type LogLine } from './accessLog.ts';
import { registerApiMetrics } from './apiMetrics.ts';
import { createOpsApp } from './opsApp.ts';
import type { PayoutsSince } from './payouts.ts';
import { Registry } from './prometheus.ts';
import { readiness, rpcChainHead } from './readiness.ts';
import { observeRequests } from './requestObserver.ts';
import { readOpsSettings } from './settings.ts';
import { createSolvencyWatch, type SolvencyFigures, type SolvencyWatch } from './solvencyWatch.ts';

export type OpsDeps = {
  /** Where /health, /ready and /metrics are (see ./opsApp.ts). */
  prefixes: readonly string[];
  /** The block the API answers at (the `indexed_head` row); throws when the database cannot be read. */
  indexedBlock: () => Promise<bigint | null>;
  solvency: () => Promise<SolvencyFigures>;
  payoutsSince: PayoutsSince;
  symbolOf: (token: Address) => string | undefined;
  /** The chain's head (default: `eth_blockNumber` of PONDER_RPC_URL_201022). */
  chainHead?: () => Promise<bigint>;
  /** One log line (default: stdout). */
  write?: LogLine;
};

export type Ops = {
  /** The solvency checks (./solvencyWatch.ts): `check()` runs one now. */
  watch: SolvencyWatch;
  /** The request observer: `createHttpApp({ observe })`. */
  observe: MiddlewareHandler;
  /** The operator's routes: `app.route('/', ops.app)`. */
  app: Hono;
  /** Starts the solvency checks; returns their stop. */
  start(): { stop(): void };
};

export function openOps(env: NodeJS.ProcessEnv, deps: OpsDeps): Ops {
  const settings = readOpsSettings(env);
  const write = deps.write ?? stdoutLine;
  const registry = new Registry();
  const metrics = registerApiMetrics(registry);
  const ready = readiness({
    indexedBlock: deps.indexedBlock,
    chainHead: deps.chainHead ?? rpcChainHead(requireEnv(env, `PONDER_RPC_URL_${ETERNO_CHAIN_ID}`)),
    maxLagBlocks: settings.maxLagBlocks,
  });
  const watch = createSolvencyWatch({
    registry,
    solvency: deps.solvency,
    payoutsSince: deps.payoutsSince,
    symbolOf: deps.symbolOf,
    thresholds: settings.reserveThresholds,
    log: (entry) => write(JSON.stringify({ time: new Date().toISOString(), ...entry })),
  });
  return {
    watch,
    observe: observeRequests([accessLog(write), metrics.record]),
    app: createOpsApp({ registry, readiness: ready, metricsAllow: settings.metricsAllow, prefixes: deps.prefixes }),
    start: () => watch.start(settings.solvencyCheckMs),
  };
}
