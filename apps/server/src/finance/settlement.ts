/**
 * The daily finance settlement of one day D (settlement time T = D's 00:00 UTC), in this order
 * (docs/decisions/finance.md, "Settlement and ledger"):
 *   0. the day's ETRO price: the EULP pair's TWAP over [T − 1 day, T] from `pair_sync`;
 *   1. static income: every in-progress order earns `dailyIncome` (capped at its limit), split by
 *      `splitIncome` into USDT and a USDT value paid in ETRO at the price (`usdtToEtro`; without any
 *      price the value is kept as `etro_owed` and paid at the next settlement that has one);
 *      credited released, one `finance_income` bill per order, token and day; limit reached →
 *      finished at T;
 *   2. allotment: the waiting orders paid before T, in `seq` order, while their payments fit the
 *      quota in force at T (`projectAllotment`, strict FIFO) → in progress from T;
 *   3. regular: active fixed-term orders whose maturity ≤ T → matured, principal and interest
 *      credited released with two `regular` bills;
 *   4. the `finance_round` row and `finance_state.last_settled = T`.
 * The maths is rules.ts's, run here in TypeScript per order; the writes are set-based (one
 * statement per step, the per-order figures passed as one JSON parameter), through the indexing
 * transaction's Drizzle (`context.db.sql`), so Ponder's reorg triggers record every row they change.
 * Nothing is kept in memory between blocks.
 */
import { DAY_SECONDS, dailyIncome, projectAllotment, splitIncome, usdtToEtro } from '@eterno/protocol/finance/rules';
import { twapEtroInUsdt, type PairSync } from '@eterno/protocol/twap';
import { sql } from 'ponder';
import type { Address } from 'viem';
import type { FinanceInputs } from './inputs.ts';
import { settingsAt } from './settings.ts';

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
const int = (value: unknown): number => Number(text(value));
const num = (value: bigint | number): Sql => sql`${value.toString()}::numeric`;

/** One settled day's figures (the `finance_round` row). */
export type RoundSummary = {
  settlesAt: bigint;
  quota: bigint;
  queueLength: number;
  queueAmount: bigint;
  allottedCount: number;
  allotted: bigint;
  incomeOrders: number;
  incomeUsdt: bigint;
  incomeEtro: bigint;
  finishedCount: number;
  maturedCount: number;
  maturedAmount: bigint;
  etroPrice: bigint | null;
};

/** The ETRO price of the day ending at T: the pair's TWAP over [T − 1 day, T]; null without any sync. */
export async function dayPrice(
  db: FinanceSql,
  settlesAt: bigint,
  usdt: Address,
  etro: Address,
): Promise<bigint | null> {
  const start = settlesAt - DAY_SECONDS;
  const found = await rows(
    db,
    sql`(SELECT reserve0::text AS r0, reserve1::text AS r1, timestamp::text AS t, block_number::text AS b, log_index AS i
          FROM pair_sync WHERE timestamp < ${num(start)}
          ORDER BY timestamp DESC, block_number DESC, log_index DESC LIMIT 1)
        UNION ALL
        (SELECT reserve0::text, reserve1::text, timestamp::text, block_number::text, log_index
          FROM pair_sync WHERE timestamp >= ${num(start)} AND timestamp <= ${num(settlesAt)})`,
  );
  const syncs: PairSync[] = found.map((r) => ({
    reserve0: big(r.r0),
    reserve1: big(r.r1),
    timestamp: big(r.t),
    blockNumber: big(r.b),
    logIndex: int(r.i),
  }));
  return twapEtroInUsdt(syncs, DAY_SECONDS, settlesAt, etro < usdt);
}

type Income = {
  seq: string;
  user: string;
  income: string;
  usdt: string;
  etro: string;
  owed: string;
  finished: boolean;
};

/** Step 1: static income of every in-progress order (and ETRO owed from days without a price). */
async function payIncome(
  db: FinanceSql,
  settlesAt: bigint,
  blockNumber: bigint,
  price: bigint | null,
  inputs: FinanceInputs,
): Promise<{ orders: number; usdt: bigint; etro: bigint; finished: number }> {
  const earning = await rows(
    db,
    sql`SELECT seq::text AS seq, "user" AS u, payment::text AS p, daily_rate_bps AS r, allocation01_bps AS a,
          reward_limit::text AS l, gained::text AS g, etro_owed::text AS o
        FROM finance_order WHERE status = 'in_progress' OR etro_owed > 0`,
  );
  const incomes: Income[] = [];
  let usdtTotal = 0n;
  let etroTotal = 0n;
  let finished = 0;
  for (const r of earning) {
    const limit = big(r.l);
    const gained = big(r.g);
    const income = dailyIncome(big(r.p), int(r.r), gained, limit);
    const split = splitIncome(income, int(r.a));
    const etroValue = split.etroValue + big(r.o);
    const etro = price === null || etroValue === 0n ? 0n : usdtToEtro(etroValue, price);
    const owed = price === null ? etroValue : 0n;
    const isFinished = income > 0n && gained + income >= limit;
    if (income === 0n && etro === 0n && owed === big(r.o)) continue;
    usdtTotal += split.usdt;
    etroTotal += etro;
    if (isFinished) finished += 1;
    incomes.push({
      seq: text(r.seq),
      user: text(r.u),
      income: income.toString(),
      usdt: split.usdt.toString(),
      etro: etro.toString(),
      owed: owed.toString(),
      finished: isFinished,
    });
  }
  if (incomes.length === 0) return { orders: 0, usdt: 0n, etro: 0n, finished: 0 };
  const T = num(settlesAt);
  const B = num(blockNumber);
  const day = settlesAt.toString();
  await db.execute(sql`
    WITH x AS (
      SELECT * FROM json_to_recordset(${JSON.stringify(incomes)}::json)
        AS x(seq numeric, "user" text, income numeric, usdt numeric, etro numeric, owed numeric, finished boolean)
    ), orders AS (
      UPDATE finance_order f SET
        gained = f.gained + x.income,
        gained_usdt = f.gained_usdt + x.usdt,
        gained_etro = f.gained_etro + x.etro,
        etro_owed = x.owed,
        status = CASE WHEN x.finished THEN 'finished' ELSE f.status END,
        finished_at = CASE WHEN x.finished THEN ${T} ELSE f.finished_at END
      FROM x WHERE f.seq = x.seq
    ), bills AS (
      INSERT INTO bill (id, "user", type, token, amount, block_number, log_index, timestamp, tx_hash)
      SELECT 'finance:' || x.seq || ':' || ${day}::text || ':usdt', x."user", 'finance_income', ${inputs.usdt}::text, x.usdt, ${B}, 0, ${T}, NULL
        FROM x WHERE x.usdt > 0
      UNION ALL
      SELECT 'finance:' || x.seq || ':' || ${day}::text || ':etro', x."user", 'finance_income', ${inputs.etro}::text, x.etro, ${B}, 0, ${T}, NULL
        FROM x WHERE x.etro > 0
    ), credits AS (
      SELECT x."user", ${inputs.usdt}::text AS token, sum(x.usdt) AS amount FROM x GROUP BY x."user" HAVING sum(x.usdt) > 0
      UNION ALL
      SELECT x."user", ${inputs.etro}::text, sum(x.etro) FROM x GROUP BY x."user" HAVING sum(x.etro) > 0
    ), ledger AS (
      INSERT INTO ledger_balance ("user", token, credited, unreleased, released, withdrawn, contributed)
      SELECT c."user", c.token, c.amount, 0, c.amount, 0, 0 FROM credits c
      ON CONFLICT ("user", token) DO UPDATE SET
        credited = ledger_balance.credited + excluded.credited,
        released = ledger_balance.released + excluded.released
    )
    INSERT INTO vault_token (token, deposited, withdrawn, exchanged_in, exchanged_out, funded, liabilities)
    SELECT c.token, 0, 0, 0, 0, 0, sum(c.amount) FROM credits c GROUP BY c.token
    ON CONFLICT (token) DO UPDATE SET liabilities = vault_token.liabilities + excluded.liabilities`);
  return {
    orders: incomes.filter((i) => i.income !== '0').length,
    usdt: usdtTotal,
    etro: etroTotal,
    finished,
  };
}

/** Step 2: FIFO allotment of the orders paid before T under the quota. */
async function allot(
  db: FinanceSql,
  settlesAt: bigint,
  quota: bigint,
): Promise<{ queueLength: number; queueAmount: bigint; count: number; amount: bigint }> {
  const T = num(settlesAt);
  const [queue] = await rows(
    db,
    sql`SELECT count(*)::int AS n, coalesce(sum(payment), 0)::text AS amount
        FROM finance_order WHERE status = 'waiting' AND created_at < ${T}`,
  );
  const queueLength = int(queue?.n ?? 0);
  const queueAmount = big(queue?.amount ?? 0);
  if (queueLength === 0) return { queueLength, queueAmount, count: 0, amount: 0n };
  // The head of the queue up to the first order that no longer fits (the rest cannot be allotted).
  const head = await rows(
    db,
    sql`SELECT seq::text AS seq, payment::text AS p FROM (
          SELECT seq, payment, sum(payment) OVER (ORDER BY seq) AS cum
          FROM finance_order WHERE status = 'waiting' AND created_at < ${T}
        ) q WHERE q.cum - q.payment <= ${num(quota)} ORDER BY seq`,
  );
  const { allotted, amount } = projectAllotment(
    head.map((r) => ({ seq: big(r.seq), payment: big(r.p) })),
    quota,
  );
  const last = allotted.at(-1);
  if (last !== undefined)
    await db.execute(sql`
      UPDATE finance_order SET status = 'in_progress', allotted_at = ${T}
      WHERE status = 'waiting' AND created_at < ${T} AND seq <= ${num(last)}`);
  return { queueLength, queueAmount, count: allotted.length, amount };
}

/** Step 3: fixed-term orders due at T: principal and interest credited, two `regular` bills. */
async function mature(
  db: FinanceSql,
  settlesAt: bigint,
  blockNumber: bigint,
  inputs: FinanceInputs,
): Promise<{ count: number; amount: bigint }> {
  const T = num(settlesAt);
  const B = num(blockNumber);
  const usdt = sql`${inputs.usdt}::text`;
  const [done] = await rows(
    db,
    sql`
    WITH m AS (
      UPDATE regular_order SET state = 'matured', matured_at = ${T}
      WHERE state = 'active' AND matures_at <= ${T}
      RETURNING seq, "user", principal, interest
    ), bills AS (
      INSERT INTO bill (id, "user", type, token, amount, block_number, log_index, timestamp, tx_hash)
      SELECT 'regular:' || m.seq || ':principal', m."user", 'regular', ${usdt}, m.principal, ${B}, 0, ${T}, NULL FROM m
      UNION ALL
      SELECT 'regular:' || m.seq || ':interest', m."user", 'regular', ${usdt}, m.interest, ${B}, 0, ${T}, NULL
        FROM m WHERE m.interest > 0
    ), credits AS (
      SELECT m."user", sum(m.principal + m.interest) AS amount FROM m GROUP BY m."user"
    ), ledger AS (
      INSERT INTO ledger_balance ("user", token, credited, unreleased, released, withdrawn, contributed)
      SELECT c."user", ${usdt}, c.amount, 0, c.amount, 0, 0 FROM credits c
      ON CONFLICT ("user", token) DO UPDATE SET
        credited = ledger_balance.credited + excluded.credited,
        released = ledger_balance.released + excluded.released
    ), liabilities AS (
      INSERT INTO vault_token (token, deposited, withdrawn, exchanged_in, exchanged_out, funded, liabilities)
      SELECT ${usdt}, 0, 0, 0, 0, 0, sum(c.amount) FROM credits c HAVING count(*) > 0
      ON CONFLICT (token) DO UPDATE SET liabilities = vault_token.liabilities + excluded.liabilities
    )
    SELECT count(*)::int AS n, coalesce(sum(m.principal + m.interest), 0)::text AS amount FROM m`,
  );
  return { count: int(done?.n ?? 0), amount: big(done?.amount ?? 0) };
}

/**
 * Settles day `settlesAt` (a UTC day start) in the block `blockNumber`: steps 0–4 above. The caller
 * settles the crossed days one after the other, oldest first.
 */
export async function settleDay(
  db: FinanceSql,
  settlesAt: bigint,
  blockNumber: bigint,
  inputs: FinanceInputs,
): Promise<RoundSummary> {
  const version = settingsAt(inputs.settings, settlesAt);
  const price = await dayPrice(db, settlesAt, inputs.usdt, inputs.etro);
  const income = await payIncome(db, settlesAt, blockNumber, price, inputs);
  const allotment = await allot(db, settlesAt, version.dailyQuota);
  const matured = await mature(db, settlesAt, blockNumber, inputs);
  const round: RoundSummary = {
    settlesAt,
    quota: version.dailyQuota,
    queueLength: allotment.queueLength,
    queueAmount: allotment.queueAmount,
    allottedCount: allotment.count,
    allotted: allotment.amount,
    incomeOrders: income.orders,
    incomeUsdt: income.usdt,
    incomeEtro: income.etro,
    finishedCount: income.finished,
    maturedCount: matured.count,
    maturedAmount: matured.amount,
    etroPrice: price,
  };
  await db.execute(sql`
    INSERT INTO finance_round (settles_at, quota, queue_length, queue_amount, allotted_count, allotted,
      income_orders, income_usdt, income_etro, finished_count, matured_count, matured_amount, etro_price, block_number)
    VALUES (${num(settlesAt)}, ${num(round.quota)}, ${round.queueLength}, ${num(round.queueAmount)},
      ${round.allottedCount}, ${num(round.allotted)}, ${round.incomeOrders}, ${num(round.incomeUsdt)},
      ${num(round.incomeEtro)}, ${round.finishedCount}, ${round.maturedCount}, ${num(round.maturedAmount)},
      ${price === null ? null : num(price)}, ${num(blockNumber)})`);
  await db.execute(sql`UPDATE finance_state SET last_settled = ${num(settlesAt)} WHERE id = 'state'`);
  return round;
}
