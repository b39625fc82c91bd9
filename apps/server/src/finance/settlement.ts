/**
 * The daily finance statement in the indexer: a run of days, oldest first (./settlementPlan.ts, the
 * rules' maths in TypeScript), which ./settleDays.ts interleaves with each day's referral part. It
 * reads what it needs once per run (the orders that can change, the fixed-term orders due, the pair's syncs for each day's TWAP) and
 * writes the result set-based, in ONE statement per batch of days (the per-row figures as JSON
 * parameters, one per table: UPDATE … FROM json_to_recordset, INSERT … SELECT), through the indexing transaction's
 * Drizzle (`context.db.sql`); tables are named through the schema's objects, which Ponder qualifies
 * with its database schema (PostgreSQL) at build time. Ponder's reorg triggers record every row it changes, so a reorg
 * rolls the settlement back with the block, and nothing is kept in memory between blocks.
 * Rules: docs/decisions/finance.md ("Settlement and ledger").
 */
import { DAY_SECONDS } from '@eterno/protocol/finance/rules';
import { dayEtroPrice, type PairSync } from '@eterno/protocol/twap';
import { sql } from 'ponder';
import type { Address } from 'viem';
import {
  bill,
  financeOrder,
  financeRound,
  financeState,
  ledgerBalance,
  pairSync,
  regularOrder,
  vaultToken,
} from '../../ponder.schema.ts';
import { paidBeforeRow } from './dayEarners.ts';
import type { FinanceInputs } from './inputs.ts';
import type { DayPrices } from './orderGains.ts';
import { settingsAt } from './settings.ts';
import {
  daysToSettle,
  deriveInProgress,
  oldestAllotment,
  planSettlement,
  type DueRegular,
  type RoundSummary,
  type SettlingOrder,
} from './settlementPlan.ts';

type Sql = ReturnType<typeof sql>;

/** What the settlement needs of a Drizzle database: raw statements (Ponder's `context.db.sql`). */
export interface FinanceSql {
  execute(query: Sql): PromiseLike<unknown>;
}

type Row = Record<string, unknown>;

/** The rows of a statement, whichever driver ran it (Ponder's proxy gives the array itself). */
async function rows(db: FinanceSql, query: Sql): Promise<Row[]> {
  const result = await db.execute(query);
  if (Array.isArray(result)) return result as Row[];
  if (typeof result === 'object' && result !== null && 'rows' in result && Array.isArray(result.rows))
    return result.rows as Row[];
  throw new Error('finance settlement: a statement returned no rows');
}

const text = (value: unknown): string => {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint') return value.toString();
  throw new Error(`finance settlement: unexpected value ${String(value)}`);
};
const big = (value: unknown): bigint => BigInt(text(value));
const bigOrNull = (value: unknown): bigint | null => (value === null ? null : big(value));
const num = (value: bigint): Sql => sql`${value.toString()}::numeric`;

/** Most bills one write carries: a many-day jump over many orders is written in batches of days. */
const BILLS_PER_WRITE = 400_000;

/** The pair's syncs for the TWAPs of days (first − 1 day, last): those inside and the last before. */
async function pairSyncs(db: FinanceSql, from: bigint, to: bigint): Promise<PairSync[]> {
  const found = await rows(
    db,
    sql`(SELECT reserve0::text AS r0, reserve1::text AS r1, timestamp::text AS t, block_number::text AS b, log_index AS i
          FROM ${pairSync} WHERE timestamp < ${num(from)}
          ORDER BY timestamp DESC, block_number DESC, log_index DESC LIMIT 1)
        UNION ALL
        (SELECT reserve0::text, reserve1::text, timestamp::text, block_number::text, log_index
          FROM ${pairSync} WHERE timestamp >= ${num(from)} AND timestamp < ${num(to)})`,
  );
  return found.map((r) => ({
    reserve0: big(r.r0),
    reserve1: big(r.r1),
    timestamp: big(r.t),
    blockNumber: big(r.b),
    logIndex: Number(text(r.i)),
  }));
}

/** The orders the days up to `last` can change: in progress, owed ETRO, or waiting and paid before `last`. */
async function settlingOrders(db: FinanceSql, last: bigint): Promise<SettlingOrder[]> {
  // An in-progress order's gains are derived (deriveInProgress): only its terms are read.
  const found = await rows(
    db,
    sql`SELECT seq::text AS seq, "user" AS u, payment::text AS p, daily_rate_bps AS r, allocation01_bps AS a,
          (reward_limit - dynamic_gained)::text AS l, status AS s, created_at::text AS c, allotted_at::text AS at,
          CASE WHEN status = 'in_progress' THEN NULL
            ELSE concat_ws(',', gained, gained_usdt, gained_etro, etro_owed, finished_at) END AS g
        FROM ${financeOrder}
        WHERE status = 'in_progress' OR etro_owed > 0 OR (status = 'waiting' AND ${paidBeforeRow(last)})`,
  );
  return found.map((r) => {
    const stored = r.g === null ? null : text(r.g).split(',');
    return {
      seq: big(r.seq),
      user: text(r.u) as Address,
      payment: big(r.p),
      dailyRateBps: Number(r.r),
      allocation01Bps: Number(r.a),
      rewardLimit: big(r.l),
      gained: stored === null ? 0n : BigInt(stored[0]!),
      gainedUsdt: stored === null ? 0n : BigInt(stored[1]!),
      gainedEtro: stored === null ? 0n : BigInt(stored[2]!),
      etroOwed: stored === null ? 0n : BigInt(stored[3]!),
      status: text(r.s) as SettlingOrder['status'],
      createdAt: big(r.c),
      allottedAt: bigOrNull(r.at),
      finishedAt: stored === null || stored[4] === undefined ? null : BigInt(stored[4]),
    };
  });
}

/** The settled days' ETRO prices after `since` (the rounds' `etro_price`). */
async function roundPrices(db: FinanceSql, since: bigint): Promise<DayPrices> {
  const found = await rows(
    db,
    sql`SELECT settles_at::text AS t, etro_price::text AS p FROM ${financeRound} WHERE settles_at > ${num(since)}`,
  );
  return new Map(found.map((r) => [big(r.t), bigOrNull(r.p)]));
}

async function dueRegular(db: FinanceSql, last: bigint): Promise<DueRegular[]> {
  const found = await rows(
    db,
    sql`SELECT seq::text AS seq, "user" AS u, principal::text AS p, interest::text AS i, matures_at::text AS m
        FROM ${regularOrder} WHERE state = 'active' AND matures_at <= ${num(last)}`,
  );
  return found.map((r) => ({
    seq: big(r.seq),
    user: text(r.u) as Address,
    principal: big(r.p),
    interest: big(r.i),
    maturesAt: big(r.m),
  }));
}

const s = (v: bigint | null) => (v === null ? null : v.toString());

/** Writes one batch of settled days (the plan) in one statement, and moves `last_settled` to `last`. */
async function writePlan(
  db: FinanceSql,
  plan: ReturnType<typeof planSettlement>,
  blockNumber: bigint,
  last: bigint,
  etroBefore: (o: SettlingOrder) => bigint,
): Promise<void> {
  // An order still in progress keeps its purchase's zeros (its gains are derived: ./orderGains.ts), also when
  // it was allotted on an earlier day of this batch and earned since: the row never depends on how many days
  // one block settled (ECONOMY §10).
  const running = (o: SettlingOrder, value: () => bigint) => (o.status === 'in_progress' ? '0' : value().toString());
  const part = {
    orders: plan.orders.map((o) => ({
      seq: o.seq.toString(),
      gained: running(o, () => o.gained),
      gained_usdt: running(o, () => o.gainedUsdt),
      gained_etro: running(o, () => etroBefore(o) + o.gainedEtro),
      etro_owed: running(o, () => o.etroOwed),
      status: o.status,
      allotted_at: s(o.allottedAt),
      finished_at: s(o.finishedAt),
    })),
    matured: plan.matured.map((m) => ({ seq: m.seq.toString(), matured_at: m.maturedAt.toString() })),
    rounds: plan.rounds.map((r) => ({
      settles_at: r.settlesAt.toString(),
      quota: r.quota.toString(),
      queue_length: r.queueLength,
      queue_amount: r.queueAmount.toString(),
      allotted_count: r.allottedCount,
      allotted: r.allotted.toString(),
      income_orders: r.incomeOrders,
      income_usdt: r.incomeUsdt.toString(),
      income_etro: r.incomeEtro.toString(),
      finished_count: r.finishedCount,
      matured_count: r.maturedCount,
      matured_amount: r.maturedAmount.toString(),
      etro_price: s(r.etroPrice),
    })),
  };
  // One JSON parameter per small part: PostgreSQL parses each once. The large ones (100,000 bills
  // and credits a day) go as one array literal per column, unnested: cheaper to parse than JSON.
  const json = (value: unknown) => sql`${JSON.stringify(value)}::json`;
  // Ids, addresses, type names and integers only: no element needs quoting in an array literal.
  const column = <T>(list: readonly T[], of: (item: T) => string, type: 'text' | 'numeric') => {
    const elements = list.map(of).join(',');
    if (!/^[0-9A-Za-z_:,]*$/.test(elements)) throw new Error('finance settlement: an unexpected character in a bill');
    return sql`${`{${elements}}`}::${sql.raw(type)}[]`;
  };
  const bills = plan.bills;
  const credits = plan.credits;
  const B = num(blockNumber);
  await db.execute(sql`
    WITH orders AS (
      UPDATE ${financeOrder} AS f SET gained = x.gained, gained_usdt = x.gained_usdt, gained_etro = x.gained_etro,
        etro_owed = x.etro_owed, status = x.status, allotted_at = x.allotted_at, finished_at = x.finished_at
      FROM json_to_recordset(${json(part.orders)}) AS x(seq numeric, gained numeric, gained_usdt numeric,
        gained_etro numeric, etro_owed numeric, status text, allotted_at numeric, finished_at numeric)
      WHERE f.seq = x.seq
    ), matured AS (
      UPDATE ${regularOrder} AS g SET state = 'matured', matured_at = x.matured_at
      FROM json_to_recordset(${json(part.matured)}) AS x(seq numeric, matured_at numeric)
      WHERE g.seq = x.seq
    ), bills AS (
      INSERT INTO ${bill} (id, "user", type, token, amount, block_number, log_index, timestamp, tx_hash)
      SELECT x.id, x."user", x.type, x.token, x.amount, ${B}, 0, x.timestamp, NULL
      FROM unnest(${column(bills, (b) => b.id, 'text')}, ${column(bills, (b) => b.user, 'text')},
        ${column(bills, (b) => b.type, 'text')}, ${column(bills, (b) => b.token, 'text')},
        ${column(bills, (b) => b.amount.toString(), 'numeric')}, ${column(bills, (b) => b.timestamp.toString(), 'numeric')})
        AS x(id, "user", type, token, amount, timestamp)
    ), credits AS (
      SELECT * FROM unnest(${column(credits, (c) => c.user, 'text')}, ${column(credits, (c) => c.token, 'text')},
        ${column(credits, (c) => c.amount.toString(), 'numeric')}) AS x("user", token, amount)
    ), ledger AS (
      INSERT INTO ${ledgerBalance} AS lb ("user", token, credited, unreleased, released, withdrawn, contributed)
      SELECT c."user", c.token, c.amount, 0, c.amount, 0, 0 FROM credits c
      ON CONFLICT ("user", token) DO UPDATE SET
        credited = lb.credited + excluded.credited,
        released = lb.released + excluded.released
    ), liabilities AS (
      INSERT INTO ${vaultToken} AS vt (token, deposited, withdrawn, exchanged_in, exchanged_out, funded, liabilities)
      SELECT c.token, 0, 0, 0, 0, 0, sum(c.amount) FROM credits c GROUP BY c.token
      ON CONFLICT (token) DO UPDATE SET liabilities = vt.liabilities + excluded.liabilities
    ), rounds AS (
      INSERT INTO ${financeRound} (settles_at, quota, queue_length, queue_amount, allotted_count, allotted,
        income_orders, income_usdt, income_etro, finished_count, matured_count, matured_amount, etro_price, block_number)
      SELECT x.settles_at, x.quota, x.queue_length, x.queue_amount, x.allotted_count, x.allotted, x.income_orders,
        x.income_usdt, x.income_etro, x.finished_count, x.matured_count, x.matured_amount, x.etro_price, ${B}
      FROM json_to_recordset(${json(part.rounds)}) AS x(settles_at numeric, quota numeric, queue_length integer,
        queue_amount numeric, allotted_count integer, allotted numeric, income_orders integer, income_usdt numeric,
        income_etro numeric, finished_count integer, matured_count integer, matured_amount numeric, etro_price numeric)
    )
    UPDATE ${financeState} SET last_settled = ${num(last)} WHERE id = 'state'`);
}

/**
 * Settles every day after `lastSettled` up to `today` (both UTC day starts) in block `blockNumber`;
 * returns the rounds. No day to settle: no statement at all.
 */
export async function settleThrough(
  db: FinanceSql,
  lastSettled: bigint,
  today: bigint,
  blockNumber: bigint,
  inputs: FinanceInputs,
): Promise<RoundSummary[]> {
  const all = daysToSettle(lastSettled, today);
  if (all.length === 0) return [];
  const last = all.at(-1)!;
  // One statement at a time: they share the block's transaction.
  const syncs = await pairSyncs(db, all[0]! - DAY_SECONDS, last);
  const orders = await settlingOrders(db, last);
  const regular = await dueRegular(db, last);
  const since = oldestAllotment(orders, lastSettled);
  const etroBefore = deriveInProgress(
    orders,
    since < lastSettled ? await roundPrices(db, since) : new Map(),
    lastSettled,
  );
  const etroIsToken0 = inputs.etro < inputs.usdt;
  const days = all.map((T) => ({
    settlesAt: T,
    quota: settingsAt(inputs.settings, T).dailyQuota,
    // The day's TWAP as an integer (protocol/twap.ts `dayEtroPrice`, ECONOMY §10): the seconds-weighted
    // mean of the per-Sync prices ⌊usdt·10¹⁸/etro⌋ over [T − 1 day, T), floored once; a sync at T is D + 1's.
    etroPrice: dayEtroPrice(syncs, T, etroIsToken0),
  }));
  const perBatch = Math.max(1, Math.floor(BILLS_PER_WRITE / Math.max(1, 2 * orders.length)));
  const rounds: RoundSummary[] = [];
  let remaining = regular;
  for (let i = 0; i < days.length; i += perBatch) {
    const batch = days.slice(i, i + perBatch);
    const end = batch.at(-1)!.settlesAt;
    const plan = planSettlement(
      orders,
      remaining.filter((r) => r.maturesAt <= end),
      batch,
      inputs,
    );
    remaining = remaining.filter((r) => r.maturesAt > end);
    await writePlan(db, plan, blockNumber, end, etroBefore);
    rounds.push(...plan.rounds);
  }
  return rounds;
}
