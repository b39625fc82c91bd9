/**
 * The off-chain sign-in store (nonces, accounts, sessions) in schema `eterno_offchain`, one SQL
 * implementation over the `Sql` adapter (PGlite or PostgreSQL). Not Ponder's database: Ponder's
 * API connection is read-only and its schema is rebuilt on every redeploy.
 */
import type { Address } from 'viem';
import type { Sql } from './sql.ts';

export const SCHEMA = 'eterno_offchain';

/** Serialised by an advisory lock so servers starting together on one database don't race. */
const MIGRATION = `
SELECT pg_advisory_xact_lock(201022);
CREATE SCHEMA IF NOT EXISTS ${SCHEMA};
CREATE TABLE IF NOT EXISTS ${SCHEMA}.nonces (
  nonce text PRIMARY KEY,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE TABLE IF NOT EXISTS ${SCHEMA}.accounts (
  id serial PRIMARY KEY,
  address text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL
);
CREATE TABLE IF NOT EXISTS ${SCHEMA}.sessions (
  token_hash text PRIMARY KEY,
  address text NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX IF NOT EXISTS nonces_expires_at ON ${SCHEMA}.nonces (expires_at);
CREATE INDEX IF NOT EXISTS sessions_expires_at ON ${SCHEMA}.sessions (expires_at);
`;

export type NonceRow = { nonce: string; expiresAt: Date; usedAt: Date | null };
export type AccountRow = { id: number; address: Address; createdAt: Date };

export type SignInRecord = {
  nonce: string;
  address: Address;
  tokenHash: string;
  sessionExpiresAt: Date;
  now: Date;
};

export type PurgeResult = { nonces: number; sessions: number };

export type AuthStore = {
  insertNonce(nonce: string, expiresAt: Date): Promise<void>;
  findNonce(nonce: string): Promise<NonceRow | null>;
  /**
   * In one statement: marks the nonce used (only if still unused and unexpired), upserts the
   * account and creates the session. `null` when the nonce was not consumable (nothing written).
   */
  completeSignIn(record: SignInRecord): Promise<AccountRow | null>;
  /**
   * The account behind an unexpired session. Found sessions are kept in this process for up to
   * `SESSION_CACHE_MS` (never past their expiry); `deleteSession` drops them at once.
   */
  findSessionAccount(tokenHash: string, now: Date): Promise<AccountRow | null>;
  /** Ends a session (sign-out), here and in this store's session cache; true when one was deleted. */
  deleteSession(tokenHash: string): Promise<boolean>;
  /** Deletes the nonces and sessions expired at `now` (a used nonce stays refused: unknown). */
  purgeExpired(now: Date): Promise<PurgeResult>;
  close(): Promise<void>;
};

const toDate = (v: unknown): Date => (v instanceof Date ? v : new Date(String(v)));

function toAccount(row: { id: unknown; address: unknown; created_at: unknown }): AccountRow {
  return { id: Number(row.id), address: row.address as Address, createdAt: toDate(row.created_at) };
}

/**
 * How long a found session is answered from this process's memory (docs/decisions/vouchers.md,
 * speed): every per-user request looks its session up. A sign-out through this store ends it at
 * once; expiry is checked on every hit. The bound only matters for a session row deleted by
 * something else: another process on the same database, which is why several API processes run
 * with no cache (`AuthStoreOptions.sessionCacheMs`).
 */
export const SESSION_CACHE_MS = 60_000;
/** At most this many sessions are kept; the oldest goes first. */
export const SESSION_CACHE_MAX = 10_000;

type CachedSession = { account: AccountRow; expiresAt: number; until: number };

export type AuthStoreOptions = {
  /**
   * How long a found session is kept in this process (default `SESSION_CACHE_MS`); 0 keeps none. With
   * several API processes on one database it must be 0: a sign-out through one process would otherwise
   * leave the session alive in another's memory (docs/decisions/api-process.md).
   */
  sessionCacheMs?: number;
};

/** Runs the idempotent migrations, then returns the store. */
export async function createAuthStore(sql: Sql, opts: AuthStoreOptions = {}): Promise<AuthStore> {
  const cacheMs = opts.sessionCacheMs ?? SESSION_CACHE_MS;
  if (!Number.isInteger(cacheMs) || cacheMs < 0) throw new Error(`createAuthStore: sessionCacheMs ${cacheMs}`);
  await sql.query(MIGRATION);
  const cache = new Map<string, CachedSession>();
  // Bumped when a sign-out starts and when it ends: a lookup that saw it change keeps nothing, so
  // a row read before a DELETE committed never outlives the sign-out in the cache.
  let signOuts = 0;
  return {
    async insertNonce(nonce, expiresAt) {
      await sql.query(`INSERT INTO ${SCHEMA}.nonces (nonce, expires_at) VALUES ($1, $2)`, [
        nonce,
        expiresAt.toISOString(),
      ]);
    },

    async findNonce(nonce) {
      const { rows } = await sql.query<{ nonce: string; expires_at: unknown; used_at: unknown }>(
        `SELECT nonce, expires_at, used_at FROM ${SCHEMA}.nonces WHERE nonce = $1`,
        [nonce],
      );
      const row = rows[0];
      if (!row) return null;
      return {
        nonce: row.nonce,
        expiresAt: toDate(row.expires_at),
        usedAt: row.used_at === null ? null : toDate(row.used_at),
      };
    },

    async completeSignIn({ nonce, address, tokenHash, sessionExpiresAt, now }) {
      const { rows } = await sql.query<{ id: unknown; address: unknown; created_at: unknown }>(
        `WITH consumed AS (
           UPDATE ${SCHEMA}.nonces SET used_at = $2
           WHERE nonce = $1 AND used_at IS NULL AND expires_at > $2
           RETURNING nonce
         ), account AS (
           INSERT INTO ${SCHEMA}.accounts (address, created_at)
           SELECT $3, $2 FROM consumed
           ON CONFLICT (address) DO UPDATE SET address = EXCLUDED.address
           RETURNING id, address, created_at
         ), session AS (
           INSERT INTO ${SCHEMA}.sessions (token_hash, address, expires_at)
           SELECT $4, $3, $5 FROM consumed
           RETURNING token_hash
         )
         SELECT account.id, account.address, account.created_at
         FROM account, session`,
        [nonce, now.toISOString(), address, tokenHash, sessionExpiresAt.toISOString()],
      );
      const row = rows[0];
      return row ? toAccount(row) : null;
    },

    async findSessionAccount(tokenHash, now) {
      const at = now.getTime();
      const cached = cache.get(tokenHash);
      if (cached !== undefined) {
        if (at < cached.expiresAt && at < cached.until) return cached.account;
        cache.delete(tokenHash);
      }
      const seen = signOuts;
      const { rows } = await sql.query<{ id: unknown; address: unknown; created_at: unknown; expires_at: unknown }>(
        `SELECT a.id, a.address, a.created_at, s.expires_at
         FROM ${SCHEMA}.sessions s JOIN ${SCHEMA}.accounts a ON a.address = s.address
         WHERE s.token_hash = $1 AND s.expires_at > $2`,
        [tokenHash, now.toISOString()],
      );
      const row = rows[0];
      if (!row) return null;
      const account = toAccount(row);
      if (cacheMs > 0 && seen === signOuts) {
        if (cache.size >= SESSION_CACHE_MAX) cache.delete(cache.keys().next().value!);
        cache.set(tokenHash, { account, expiresAt: toDate(row.expires_at).getTime(), until: at + cacheMs });
      }
      return account;
    },

    async deleteSession(tokenHash) {
      signOuts += 1;
      cache.delete(tokenHash);
      try {
        const { rows } = await sql.query(`DELETE FROM ${SCHEMA}.sessions WHERE token_hash = $1 RETURNING token_hash`, [
          tokenHash,
        ]);
        return rows.length > 0;
      } finally {
        signOuts += 1;
        cache.delete(tokenHash);
      }
    },
    async purgeExpired(now) {
      for (const [hash, entry] of cache) if (entry.expiresAt <= now.getTime()) cache.delete(hash);
      const at = now.toISOString();
      const nonces = await sql.query(`DELETE FROM ${SCHEMA}.nonces WHERE expires_at <= $1 RETURNING nonce`, [at]);
      const sessions = await sql.query(`DELETE FROM ${SCHEMA}.sessions WHERE expires_at <= $1 RETURNING token_hash`, [
        at,
      ]);
      return { nonces: nonces.rows.length, sessions: sessions.rows.length };
    },
    close: () => sql.close(),
  };
}
