/** The two engines every store test runs on: embedded PGlite and a real PostgreSQL server. */
import { openPglite, openPostgres, type Sql } from '../src/store/sql.ts';
import { startPostgres } from '../scripts/postgres.ts';

export type OpenedBackend = {
  sql: Sql;
  /** Stops what the backend started (the PostgreSQL server); call after closing `sql`. */
  stop(): Promise<void>;
};

export type Backend = { name: string; open(): Promise<OpenedBackend> };

export const BACKENDS: Backend[] = [
  {
    name: 'embedded PGlite',
    open: async () => ({ sql: await openPglite(), stop: async () => undefined }),
  },
  {
    name: 'PostgreSQL',
    open: async () => {
      const server = await startPostgres();
      return { sql: openPostgres(server.url), stop: server.stop };
    },
  },
];

export type TableSnapshot = {
  nonces: Array<{ nonce: string; used_at: string | null }>;
  accounts: Array<{ id: number; address: string }>;
  sessions: Array<{ token_hash: string; address: string }>;
};

/** Every row of the three sign-in tables, for "nothing was written" assertions. */
export async function snapshotTables(sql: Sql): Promise<TableSnapshot> {
  const nonces = await sql.query<{ nonce: string; used_at: Date | null }>(
    'SELECT nonce, used_at FROM eterno_offchain.nonces ORDER BY nonce',
    [],
  );
  const accounts = await sql.query<{ id: number; address: string }>(
    'SELECT id, address FROM eterno_offchain.accounts ORDER BY id',
    [],
  );
  const sessions = await sql.query<{ token_hash: string; address: string }>(
    'SELECT token_hash, address FROM eterno_offchain.sessions ORDER BY token_hash',
    [],
  );
  return {
    nonces: nonces.rows.map((r) => ({
      nonce: r.nonce,
      used_at: r.used_at === null ? null : new Date(r.used_at).toISOString(),
    })),
    accounts: accounts.rows,
    sessions: sessions.rows,
  };
}
