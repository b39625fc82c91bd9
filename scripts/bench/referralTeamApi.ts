/**
 * `api.team_p99_ms_100k`: `GET /referral/team/:address` (a node's team figures) of random accounts
 * of a 100,000-account tree, on PostgreSQL, 50 connections for 10 s (autocannon in this process, on
 * the same machine as the server).
 *
 * A fresh anvil with the contracts deployed, a fresh PostgreSQL, the server as `npm start` runs it
 * on PostgreSQL (apps/server/scripts/start.ts). The tree (./referralFill.ts `randomTree`: automatic
 * and manual placements, package payments, a fifth of them today) is written straight into the
 * indexer's referral tables, and a sample of answers is compared with the in-memory tree before
 * the load.
 */
import autocannon from 'autocannon';
import type pg from 'pg';
import type { TeamFiguresJson } from '@eterno/protocol/referralApi';
import { volumeKeys, type Side } from '@eterno/server/referral/layout';
import { teamStatement } from '@eterno/server/referral/teamSql';
import { pgReferralSql } from '@eterno/server/referral/pgReferralSql';
import { rows } from '@eterno/server/referral/referralSql';
import { sql } from 'ponder';
import type { Hex } from 'viem';
import { withIndexedPostgres } from './indexedPostgres.ts';
import { processesCpuMs, processGroupCpuMs } from './processCpu.ts';
import { random, randomTree, walletOfId, writeTree, type SyntheticTree } from './referralFill.ts';

export const TEAM_USERS = 100_000;
export const TEAM_CONNECTIONS = 50;
export const TEAM_DURATION_S = 10;
const CHECKED = 200;

export type TeamApiFigures = {
  p99Ms: number;
  p50Ms: number;
  requestsPerSecond: number;
  requests: number;
  non2xx: number;
  errors: number;
  checked: number;
  maxDepth: number;
  /** The API process's CPU per answered request over the load (null off Linux). */
  apiCpuMsPerRequest: number | null;
  /** PostgreSQL's client backends' CPU per answered request over the load. */
  pgCpuMsPerRequest: number;
  /** The team statement alone on the bench's connection, one account at a time: mean shared buffers touched and execution ms. */
  statementBuffers: number;
  statementExecMs: number;
};

type PlanNode = { 'Shared Hit Blocks': number; 'Shared Read Blocks': number };

/**
 * The team statement (teamSql.ts `teamStatement`) of `wallets`, one at a time, under
 * EXPLAIN (ANALYZE, BUFFERS): the mean shared buffers it touches and its mean execution time (ms).
 */
async function explainTeam(client: pg.Client, wallets: readonly Hex[]): Promise<{ buffers: number; execMs: number }> {
  const db = pgReferralSql(client);
  let buffers = 0;
  let execMs = 0;
  for (const wallet of wallets) {
    const [row] = await rows(db, sql`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${teamStatement([wallet])}`);
    const [plan] = row!['QUERY PLAN'] as Array<{ Plan: PlanNode; 'Execution Time': number }>;
    buffers += plan!.Plan['Shared Hit Blocks'] + plan!.Plan['Shared Read Blocks'];
    execMs += plan!['Execution Time'];
  }
  return {
    buffers: Math.round((buffers / wallets.length) * 10) / 10,
    execMs: Math.round((execMs / wallets.length) * 1000) / 1000,
  };
}

/** PostgreSQL's client backends' CPU so far (the API pool's connections are kept open). */
async function pgCpuMs(client: pg.Client): Promise<number> {
  const pids = (
    await client.query<{ pid: number }>(`SELECT pid FROM pg_stat_activity WHERE backend_type = 'client backend'`)
  ).rows.map((r) => r.pid);
  return processesCpuMs(pids);
}

/** What the answer for account `id` must say, from the in-memory tree. */
function expected(t: SyntheticTree, id: number) {
  const side = (s: Side) => {
    const { volume, members } = t.tree.sums(id, s);
    const today = volumeKeys(t.tree.byId(id), s).reduce(
      (sum, k) => sum + (t.todayRows.get(`${k.head}:${k.side}:${k.idx}`) ?? 0n),
      0n,
    );
    const child = t.tree.children.get(id)![s];
    return {
      volume: volume.toString(),
      today: today.toString(),
      members,
      child: child === 0 ? null : walletOfId(child),
      legEnd: walletOfId(t.tree.legEnd(id, s)),
    };
  };
  let direct = 0;
  let directVolume = 0n;
  for (const [invitee, inviter] of t.inviter)
    if (inviter === id) {
      direct++;
      directVolume += t.own.get(invitee) ?? 0n;
    }
  return {
    id: String(id),
    ownVolume: (t.own.get(id) ?? 0n).toString(),
    left: side(0),
    right: side(1),
    directCount: direct,
    directVolume: directVolume.toString(),
  };
}

export async function measureTeamApi(): Promise<TeamApiFigures> {
  // A CPU profile of the API process, written when it stops (as the voucher bench's).
  const profile = process.env.ETERNO_BENCH_API_CPU_PROF;
  const options = {
    keepServer: true,
    ...(profile ? { apiNodeArgs: ['--cpu-prof', '--cpu-prof-dir', profile] } : {}),
  };
  return withIndexedPostgres('team', options, async ({ serverUrl, client, apiPid }) => {
    const [head] = (
      await client.query<{ t: string }>(`SELECT timestamp::text AS t FROM indexed_head WHERE id = 'head'`)
    ).rows;
    if (head === undefined) throw new Error('the indexer made no indexed_head row');
    const day = BigInt(head.t) - (BigInt(head.t) % 86_400n);
    const tree = randomTree(TEAM_USERS, day);
    await writeTree(client, tree);

    const rnd = random(7);
    const pick = () => 1 + Math.floor(rnd() * TEAM_USERS);
    for (let i = 0; i < CHECKED; i++) {
      const id = pick();
      const res = await fetch(`${serverUrl}/referral/team/${walletOfId(id)}`);
      if (res.status !== 200) throw new Error(`GET /referral/team answered ${res.status}`);
      const body = (await res.json()) as TeamFiguresJson;
      const want = expected(tree, id);
      if (JSON.stringify(body.team) !== JSON.stringify(want) || body.day !== day.toString())
        throw new Error(`team figures of ${id}: ${JSON.stringify(body)} ≠ ${JSON.stringify(want)}`);
    }

    const explained = await explainTeam(
      client,
      Array.from({ length: CHECKED }, () => walletOfId(pick())),
    );

    const paths = Array.from({ length: 20_000 }, () => `/referral/team/${walletOfId(pick())}`);
    let next = 0;
    const apiCpu = () => (apiPid === undefined ? null : processGroupCpuMs(apiPid));
    const [pgBefore, apiBefore] = [await pgCpuMs(client), apiCpu()];
    const result = await autocannon({
      url: serverUrl,
      connections: TEAM_CONNECTIONS,
      duration: TEAM_DURATION_S,
      requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: paths[next++ % paths.length]! }) }],
    });
    const [pgAfter, apiAfter] = [await pgCpuMs(client), apiCpu()];
    const answered = result.requests.total;
    const perRequest = (ms: number) => Math.round((ms / answered) * 1000) / 1000;
    return {
      apiCpuMsPerRequest: apiBefore === null || apiAfter === null ? null : perRequest(apiAfter - apiBefore),
      pgCpuMsPerRequest: perRequest(pgAfter - pgBefore),
      statementBuffers: explained.buffers,
      statementExecMs: explained.execMs,
      p99Ms: result.latency.p99,
      p50Ms: result.latency.p50,
      requestsPerSecond: Math.round(result.requests.average),
      requests: result.requests.total,
      non2xx: result.non2xx,
      errors: result.errors + result.timeouts,
      checked: CHECKED,
      maxDepth: Math.max(...tree.tree.accounts.map((a) => a.depth)),
    };
  });
}
