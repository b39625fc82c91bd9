/**
 * Raw referral statements as named (prepared) statements on a node-postgres pool: PostgreSQL plans
 * each once per connection instead of at every request. The team figures statement plans in about
 * 1.5 ms and runs in about 0.7 ms, so this is most of a request's database time (measured on the
 * bench's 100,000-account tree: 6.6 ms unnamed, 1.0 ms named, one connection, a loaded machine).
 * Any other database (Ponder's in-process API on PGlite) runs them through Drizzle as they are.
 */
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { ApiDb } from '../api/routes/page.ts';
import type { ReferralSql } from './referralSql.ts';

const dialect = new PgDialect();

export function preparedSql(db: ApiDb): ReferralSql {
  const client: unknown = '$client' in db ? db.$client : undefined;
  if (!(client instanceof pg.Pool)) return db;
  const pool = client;
  const names = new Map<string, string>();
  return {
    async execute(query) {
      const { sql: text, params } = dialect.sqlToQuery(query);
      let name = names.get(text);
      if (name === undefined) {
        name = `eterno_referral_${names.size + 1}`;
        names.set(text, name);
      }
      return pool.query({ name, text, values: params });
    },
  };
}
