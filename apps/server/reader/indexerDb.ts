/**
 * The indexer's tables on PostgreSQL, read from outside Ponder: a `pg` pool whose connections look
 * in Ponder's schema first (`search_path`), Drizzle over it with the tables of ponder.schema.ts
 * (the same query code as Ponder's own API), and the indexer's version for the response cache.
 */
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from '../ponder.schema.ts';
import type { ApiDb } from '../src/api/routes/page.ts';

export type IndexerDb = {
  db: ApiDb;
  version(): Promise<string>;
  /** Opens the pool's connections ahead (kept open when idle): the first burst does not wait for them. */
  warm(): Promise<void>;
  close(): Promise<void>;
};

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

export class IndexerDbError extends Error {
  override name = 'IndexerDbError';
}

export function openIndexerDb(connectionString: string, ponderSchema: string, { max = 10 } = {}): IndexerDb {
  if (!SCHEMA_NAME.test(ponderSchema)) throw new IndexerDbError(`"${ponderSchema}" is not a schema name`);
  const pool = new pg.Pool({
    connectionString,
    max,
    min: max,
    options: `-c search_path=${ponderSchema} -c default_transaction_read_only=on`,
  });
  pool.on('error', (err) =>
    console.error(
      JSON.stringify({ level: 'error', msg: 'indexer database: idle connection lost', error: err.message }),
    ),
  );
  return {
    db: drizzle(pool, { schema }),
    // Ponder writes each block's rows and its checkpoint row in one transaction: the row's
    // transaction id (xmin) changes with every indexed block. A reorg reverts rows without
    // touching the checkpoint, but drops and re-creates Ponder's triggers in that transaction:
    // their catalog rows' xmin changes with it.
    async version() {
      const { rows } = await pool.query<{ v: string }>({
        name: 'eterno_indexer_version',
        text: `SELECT (SELECT string_agg(xmin::text || '/' || latest_checkpoint, ',' ORDER BY chain_id) FROM _ponder_checkpoint)
                 || ';' || coalesce((SELECT string_agg(DISTINCT t.xmin::text, ',') FROM pg_trigger t
                   JOIN pg_class c ON c.oid = t.tgrelid WHERE c.relnamespace = current_schema()::regnamespace), '') AS v`,
      });
      return rows[0]?.v ?? '';
    },
    async warm() {
      const clients = await Promise.all(Array.from({ length: max }, () => pool.connect()));
      for (const client of clients) client.release();
    },
    close: () => pool.end(),
  };
}
