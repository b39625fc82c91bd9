/**
 * A tiny SQL adapter so the off-chain store has ONE SQL implementation over two engines:
 * embedded PGlite (a directory, or in memory) and PostgreSQL through a `pg` Pool.
 *
 * `query(text, params)` runs one statement with bind parameters. Without `params` the text is
 * sent over the simple protocol and may hold several statements, which PostgreSQL runs as one
 * implicit transaction (used by the migrations).
 *
 * `transaction(fn, opening?)` runs `fn` on one connection between BEGIN and COMMIT; when `fn`
 * throws, the transaction is rolled back and the error rethrown. `opening` (statements without
 * parameters) runs right after BEGIN in the same round trip, each statement with a snapshot of its
 * own; `fn` gets the rows of its last statement. `tx.commitWith(text)` ends the transaction with
 * its last statements: `text` (no parameters) and COMMIT go in ONE round trip; nothing may follow,
 * and a throw after it no longer rolls anything back (on both engines). On PGlite transactions are
 * serialised (one connection); on PostgreSQL each takes a pooled client of its own.
 */
import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

export type Row = Record<string, unknown>;

/** One statement with bind parameters, on the store or inside a transaction. */
export type SqlQuery = <R extends Row = Row>(text: string, params: unknown[]) => Promise<{ rows: R[] }>;

export type SqlTx = {
  query: SqlQuery;
  /**
   * Runs `text` (statements without parameters: values written in as checked literals) and COMMIT
   * in one round trip, and returns the rows of its last statement. The transaction is over.
   */
  commitWith<R extends Row = Row>(text: string): Promise<{ rows: R[] }>;
};

const COMMITTED = 'the transaction is already committed (commitWith)';

export type Sql = {
  query<R extends Row = Row>(text: string, params?: unknown[]): Promise<{ rows: R[] }>;
  transaction<T, R extends Row = Row>(fn: (tx: SqlTx, opened: R[]) => Promise<T>, opening?: string): Promise<T>;
  close(): Promise<void>;
};

type SimpleResult = { rows: Row[] } | Array<{ rows: Row[] }>;

/** The rows of the last statement of a simple-protocol query (one result, or one per statement). */
const lastRows = <R extends Row>(result: SimpleResult | undefined): R[] =>
  ((Array.isArray(result) ? result.at(-1) : result)?.rows ?? []) as R[];

/** Embedded PostgreSQL (PGlite) in `dir`, or in memory when `dir` is absent. */
export async function openPglite(dir?: string): Promise<Sql> {
  if (dir !== undefined) await mkdir(dir, { recursive: true });
  const db = dir === undefined ? new PGlite() : new PGlite(dir);
  await db.waitReady;
  return {
    async query<R extends Row>(text: string, params?: unknown[]) {
      if (params === undefined) {
        const results = await db.exec(text);
        return { rows: (results.at(-1)?.rows ?? []) as R[] };
      }
      const result = await db.query<R>(text, params);
      return { rows: result.rows };
    },
    async transaction<T, R extends Row = Row>(
      fn: (tx: SqlTx, opened: R[]) => Promise<T>,
      opening?: string,
    ): Promise<T> {
      let result: { value: T } | undefined;
      // A throw after commitWith must not roll back (as on PostgreSQL, where COMMIT has run): it is
      // kept here, the transaction commits, and it is rethrown after.
      let failedAfterCommit: { error: unknown } | undefined;
      await db.transaction(async (tx) => {
        let committed = false;
        const opened = opening === undefined ? [] : lastRows<R>(await tx.exec(opening));
        try {
          result = {
            value: await fn(
              {
                query: async <Q extends Row>(text: string, params: unknown[]) => {
                  if (committed) throw new Error(COMMITTED);
                  return { rows: (await tx.query<Q>(text, params)).rows };
                },
                commitWith: async <Q extends Row>(text: string) => {
                  if (committed) throw new Error(COMMITTED);
                  const rows = lastRows<Q>(await tx.exec(text));
                  committed = true;
                  return { rows };
                },
              },
              opened,
            ),
          };
        } catch (error) {
          if (!committed) throw error;
          failedAfterCommit = { error };
        }
      });
      if (failedAfterCommit !== undefined) throw failedAfterCommit.error;
      if (result === undefined) throw new Error('PGlite transaction ended without a result');
      return result.value;
    },
    async close() {
      await db.close();
    },
  };
}

/**
 * Connections of the store's pool: enough for 20 users' voucher transactions at once (each holds a
 * connection from BEGIN to COMMIT) beside the sign-in queries.
 */
export const STORE_POOL_MAX = 30;

/**
 * Connections the API process opens at start and keeps open when idle (`warm`): the first 20 users
 * asking at once do not each wait for a new connection (a PostgreSQL backend started for it).
 */
export const STORE_POOL_WARM = 20;

/**
 * Parameterised statements get a name (one per distinct text, up to this many): PostgreSQL then
 * parses and plans each once per connection instead of once per query.
 */
const NAMED_STATEMENTS_MAX = 200;

/** PostgreSQL through a connection pool; `warm()` opens `STORE_POOL_WARM` connections ahead. */
export type PostgresSql = Sql & { warm(): Promise<void> };

/** PostgreSQL through a connection pool. */
export function openPostgres(connectionString: string, { max = STORE_POOL_MAX } = {}): PostgresSql {
  const min = Math.min(STORE_POOL_WARM, max);
  const pool = new pg.Pool({ connectionString, max, min });
  const names = new Map<string, string>();
  const statement = (text: string, values: unknown[]) => {
    let name = names.get(text);
    if (name === undefined && names.size < NAMED_STATEMENTS_MAX) {
      name = `eterno_store_${names.size}`;
      names.set(text, name);
    }
    return { name, text, values };
  };
  // An idle connection that breaks (server restart) must not crash the process; the pool drops it.
  pool.on('error', (err) => console.error(`offchain store: idle PostgreSQL connection lost: ${err.message}`));
  let open = 0;
  let allClosed: (() => void) | null = null;
  pool.on('connect', () => {
    open += 1;
  });
  pool.on('remove', () => {
    open -= 1;
    if (open === 0) allClosed?.();
  });
  return {
    async query<R extends Row>(text: string, params?: unknown[]) {
      const result = params === undefined ? await pool.query(text) : await pool.query(statement(text, params));
      return { rows: lastRows<R>(result as SimpleResult) };
    },
    async transaction<T, R extends Row = Row>(
      fn: (tx: SqlTx, opened: R[]) => Promise<T>,
      opening?: string,
    ): Promise<T> {
      const client = await pool.connect();
      let broken = false;
      let committed = false;
      try {
        const begun = await client.query(opening === undefined ? 'BEGIN' : `BEGIN; ${opening}`);
        const value = await fn(
          {
            query: async <Q extends Row>(text: string, params: unknown[]) => {
              if (committed) throw new Error(COMMITTED);
              return { rows: (await client.query(statement(text, params))).rows as Q[] };
            },
            commitWith: async <Q extends Row>(text: string) => {
              if (committed) throw new Error(COMMITTED);
              // The text's results, then COMMIT's: the rows are those of the text's last statement.
              const results = (await client.query(`${text};\nCOMMIT`)) as SimpleResult;
              committed = true;
              return { rows: ((Array.isArray(results) ? results.at(-2)?.rows : undefined) ?? []) as Q[] };
            },
          },
          opening === undefined ? [] : lastRows<R>(begun as SimpleResult),
        );
        if (!committed) await client.query('COMMIT');
        return value;
      } catch (err) {
        if (committed) throw err;
        try {
          await client.query('ROLLBACK');
        } catch {
          // A connection that cannot roll back is dropped from the pool below.
          broken = true;
        }
        throw err;
      } finally {
        client.release(broken);
      }
    },
    async warm() {
      const clients = await Promise.all(Array.from({ length: min }, () => pool.connect()));
      for (const client of clients) client.release();
    },
    async close() {
      const closed = new Promise<void>((res) => {
        allClosed = res;
      });
      await pool.end();
      // `pool.end()` resolves before the connections are closed; wait for each of them.
      if (open > 0) await closed;
    },
  };
}

/** PostgreSQL when `databaseUrl` is set, else PGlite in `${dataDir}/offchain`. */
export async function openSql(opts: { databaseUrl?: string; dataDir: string }): Promise<Sql> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl);
  return openPglite(`${opts.dataDir}/offchain`);
}
