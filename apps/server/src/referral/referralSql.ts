/**
 * Raw statements over the referral tables through a Drizzle database: Ponder's `context.db.sql` in
 * the indexer, Ponder's read-only API database or the PostgreSQL reader's in the API. Tables are
 * named through the schema's objects (Ponder qualifies them with its database schema).
 */
import { sql } from 'ponder';
import type { Address } from 'viem';
import { referralAccount } from '../../ponder.schema.ts';
import type { LegStep, Side } from './layout.ts';

export type Sql = ReturnType<typeof sql>;

/** What the referral statements need of a Drizzle database: raw statements (Ponder's `context.db.sql`). */
export interface ReferralSql {
  execute(query: Sql): PromiseLike<unknown>;
}

export type Row = Record<string, unknown>;

export async function rows(db: ReferralSql, query: Sql): Promise<Row[]> {
  const result = await db.execute(query);
  if (Array.isArray(result)) return result as Row[];
  if (typeof result === 'object' && result !== null && 'rows' in result && Array.isArray(result.rows))
    return result.rows as Row[];
  throw new Error('referral: a statement returned no rows');
}

export const int = (value: unknown): number => {
  const n = Number(value);
  if (!Number.isSafeInteger(n)) throw new Error(`referral: unexpected value ${String(value)}`);
  return n;
};
export const sideOf = (value: unknown): Side => {
  const n = int(value);
  if (n !== 0 && n !== 1) throw new Error(`referral: side ${n}`);
  return n;
};
export const low = (a: Address): Address => a.toLowerCase() as Address;

/**
 * The chains a change at `wallet` climbs (layout.ts `walkSteps`), in one recursive query: from the
 * account, while it has a parent, (head, side, pos) of its parent-edge chain, then its head.
 */
export async function readSteps(db: ReferralSql, wallet: Address): Promise<LegStep[]> {
  const found = await rows(
    db,
    sql`WITH RECURSIVE walk(head, side, pos, parent_id) AS (
      SELECT CASE WHEN a.side = 0 THEN a.head_left ELSE a.head_right END, a.side,
        CASE WHEN a.side = 0 THEN a.pos_left ELSE a.pos_right END, a.parent_id
      FROM ${referralAccount} AS a WHERE a.wallet = ${low(wallet)}
      UNION ALL
      SELECT CASE WHEN a.side = 0 THEN a.head_left ELSE a.head_right END, a.side,
        CASE WHEN a.side = 0 THEN a.pos_left ELSE a.pos_right END, a.parent_id
      FROM walk w JOIN ${referralAccount} AS a ON a.id = w.head WHERE w.parent_id IS NOT NULL
    ) SELECT head, side, pos FROM walk WHERE parent_id IS NOT NULL`,
  );
  return found.map((r) => ({ head: int(r.head), side: sideOf(r.side), pos: int(r.pos) }));
}
