/**
 * The restore guard of the off-chain store (issue 20 §1, docs/decisions/store-restore.md).
 *
 * A store restored from a backup has lost the exchange quotes signed after it, while their signatures
 * are still valid on chain until their deadlines: the solvency check no longer counts them, and a quote
 * signed against the reserve they hold breaks the vault's invariant (M-1). So after a restore the server
 * signs no quote until every quote an earlier run can have signed has passed its deadline.
 *
 * How the server knows: each API process writes a run row (`api_run`) when it starts and closes it when it
 * stops (SIGTERM, SIGINT). A run row still open at the next start means the store is not the one the last
 * run left: it was restored from a backup taken while a server ran (a backup holds that server's open row),
 * or the last run ended without stopping (a crash: the store then holds everything, and the hold only costs
 * a few minutes of exchanges). The start then writes a hold (`signing_hold`) until max(now, the chain's
 * time) + the quote lifetime: every quote of an earlier run was signed before this start, so its deadline
 * is at most that. The hold is in the store, so a restart during it keeps it. An operator who restores a
 * backup taken while no server ran writes the hold by hand (docs/operations.md).
 *
 * Several API processes (docs/decisions/api-process.md): each holds a session-level advisory lock named by
 * its run (`pg_advisory_lock(201025, id)`, on a connection of its own, `holdRunLock`) for as long as it
 * lives. An open run whose lock is held is a live peer, not a restore: only open runs whose lock nobody
 * holds count (a restored row's process is gone; a crashed one's connection died with it).
 */
import pg from 'pg';
import type { Sql } from './sql.ts';
import { SCHEMA } from './authStore.ts';

/** Serialised like the other migrations (the same lock key), so concurrent starts don't race. */
const MIGRATION = `
SELECT pg_advisory_xact_lock(201022);
CREATE SCHEMA IF NOT EXISTS ${SCHEMA};
CREATE TABLE IF NOT EXISTS ${SCHEMA}.api_run (
  id bigserial PRIMARY KEY,
  started_at bigint NOT NULL,
  stopped_at bigint
);
CREATE TABLE IF NOT EXISTS ${SCHEMA}.signing_hold (
  id bigserial PRIMARY KEY,
  set_at bigint NOT NULL,
  until bigint NOT NULL,
  reason text NOT NULL
);
`;

/** The advisory-lock namespace of live runs (the second key is the run's id). */
export const RUN_LOCK_SPACE = 201025;

/** Open runs whose lock no session holds: a restored row, or a process that died. */
const DEAD_OPEN_RUNS = `
SELECT count(*)::text AS n FROM ${SCHEMA}.api_run r
WHERE r.stopped_at IS NULL AND NOT EXISTS (
  SELECT 1 FROM pg_locks l
  WHERE l.locktype = 'advisory' AND l.granted AND l.classid = ${RUN_LOCK_SPACE} AND l.objsubid = 2
    AND l.objid::bigint = r.id
)`;

export type RestoreGuard = {
  /** No quote may be signed until the final block's time is past this (unix seconds); null: no hold. */
  quotesHeldUntil: bigint | null;
  /** Whether this start found an earlier run still open that no live process holds (a restored store, or a crash). */
  restored: boolean;
  /** This run's id (its lock: `holdRunLock`). */
  runId: string;
  /** Closes this run's row (a clean stop). */
  stop(): Promise<void>;
};

/**
 * At the API process's start, before it listens: the migrations, the check of the earlier runs, the hold
 * when one is still open, and this run's row. `now` is the server's clock, `chainTime` the chain's latest
 * block time (read only when a hold is written), `quoteLifetime` the quotes' lifetime in seconds (all read by the caller).
 */
export async function openRestoreGuard(
  sql: Sql,
  { now, chainTime, quoteLifetime }: { now: bigint; chainTime: () => Promise<bigint>; quoteLifetime: number },
): Promise<RestoreGuard> {
  await sql.query(MIGRATION);
  // Read only when needed: a normal start does not wait for the chain.
  const open = await sql.query<{ n: string }>(DEAD_OPEN_RUNS, []);
  const time = open.rows[0]!.n === '0' ? 0n : await chainTime();
  const base = now > time ? now : time;
  const until = base + BigInt(quoteLifetime);
  const { id, restored, held } = await sql.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [201022]);
    const open = await tx.query<{ n: string }>(DEAD_OPEN_RUNS, []);
    const restored = open.rows[0]!.n !== '0';
    // A process that died between the two reads: start again (the next start holds).
    if (restored && time === 0n) throw new Error('restore guard: an earlier run died while starting; start again');
    if (restored) {
      await tx.query(`INSERT INTO ${SCHEMA}.signing_hold (set_at, until, reason) VALUES ($1, $2, $3)`, [
        now.toString(),
        until.toString(),
        'an earlier run was still open at start: the store was restored, or the server crashed',
      ]);
      // Only the dead runs are closed: a live peer's row stays open.
      await tx.query(
        `UPDATE ${SCHEMA}.api_run r SET stopped_at = $1 WHERE r.stopped_at IS NULL AND NOT EXISTS (
           SELECT 1 FROM pg_locks l
           WHERE l.locktype = 'advisory' AND l.granted AND l.classid = ${RUN_LOCK_SPACE} AND l.objsubid = 2
             AND l.objid::bigint = r.id)`,
        [now.toString()],
      );
    }
    const row = await tx.query<{ id: string }>(
      `INSERT INTO ${SCHEMA}.api_run (started_at) VALUES ($1) RETURNING id::text AS id`,
      [now.toString()],
    );
    const hold = await tx.query<{ until: string | null }>(
      `SELECT max(until)::text AS until FROM ${SCHEMA}.signing_hold`,
      [],
    );
    return { id: row.rows[0]!.id, restored, held: hold.rows[0]?.until ?? null };
  });
  return {
    quotesHeldUntil: held === null ? null : BigInt(held),
    restored,
    runId: id,
    async stop() {
      await sql.query(`UPDATE ${SCHEMA}.api_run SET stopped_at = $1 WHERE id = $2`, [
        BigInt(Math.floor(Date.now() / 1000)).toString(),
        id,
      ]);
    },
  };
}

/**
 * Holds run `runId`'s lock on a PostgreSQL connection of its own for as long as this process lives, so that
 * other API processes starting meanwhile see a live peer, not a dead run. A lost connection (the database
 * restarted) is opened again and the lock taken again, every `retryMs` until it succeeds.
 */
export function holdRunLock(
  databaseUrl: string,
  runId: string,
  retryMs = 2_000,
): { ready: Promise<void>; stop(): Promise<void> } {
  let client: pg.Client | null = null;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let held: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => {
    held = resolve;
  });
  const take = async (): Promise<void> => {
    if (stopped) return;
    const next = new pg.Client({ connectionString: databaseUrl, application_name: `eterno-api run ${runId}` });
    next.on('error', () => undefined);
    next.on('end', () => {
      if (client === next && !stopped) timer = setTimeout(() => void take(), retryMs);
    });
    try {
      await next.connect();
      await next.query('SELECT pg_advisory_lock($1, $2)', [RUN_LOCK_SPACE, Number(runId)]);
      client = next;
      held();
    } catch {
      await next.end().catch(() => undefined);
      if (!stopped) timer = setTimeout(() => void take(), retryMs);
    }
  };
  const first = take();
  return {
    ready,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await first;
      await client?.end().catch(() => undefined);
    },
  };
}

/** The chain's latest block time (unix seconds), read from the RPC node at `rpcUrl`. */
export async function latestBlockTime(rpcUrl: string): Promise<bigint> {
  const res = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_getBlockByNumber', params: ['latest', false] }),
    signal: AbortSignal.timeout(10_000),
  });
  const body = (await res.json()) as { result?: { timestamp?: string } };
  const time = body.result?.timestamp;
  if (time === undefined) throw new Error(`restore guard: no latest block from ${rpcUrl}`);
  return BigInt(time);
}
