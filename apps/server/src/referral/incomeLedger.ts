/**
 * How a dynamic income reaches the ledger (ECONOMY §4), shared by the purchase (./purchaseIncomes.ts)
 * and the daily settlement (./settleIncomes.ts): only an earner with an active (waiting or in-progress)
 * order earns; the income is paid up to the earner's energy value, the excess a `burn` bill; what is
 * paid is counted against the earner's active orders oldest first (`finance_order.dynamic_gained`), its
 * loop share goes to the loop balance (every full unit a `loop` order), the rest is credited unreleased
 * (`ledger_balance`, the day's `income_tranche`, the vault's liabilities). `planIncomes` is pure;
 * `readEarners` is one statement, `writeIncomes` one statement. Rules: docs/decisions/referral.md
 * ("Dynamic incomes").
 */
import { DAY_SECONDS, dayStartOf } from '@eterno/protocol/finance/rules';
import {
  allocateToOrders,
  capToEnergy,
  energyValue,
  loopOrders,
  splitLoop,
  type ActiveOrder,
  type IncomeRates,
} from '@eterno/protocol/referral/incomes';
import type { DynamicIncomeType } from '@eterno/protocol/referralApi';
import { sql } from 'ponder';
import type { Address, Hex } from 'viem';
import {
  bill,
  financeOrder,
  financeState,
  incomeTranche,
  ledgerBalance,
  referralIncome,
  vaultToken,
} from '../../ponder.schema.ts';
import { int, low, rows, type ReferralSql, type Row, type Sql } from './referralSql.ts';

export const json = (value: unknown) => sql`${JSON.stringify(value)}::json`;
export const n = (v: bigint): Sql => sql`${v.toString()}::numeric`;
export const text = (value: unknown): string => {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint') return value.toString();
  throw new Error(`referral incomes: unexpected value ${String(value)}`);
};
export const big = (value: unknown): bigint => BigInt(text(value));

/** The package a loop order is made of, as the settings in force give it. */
export type LoopPackage = {
  id: number;
  units: number;
  price: bigint;
  rewardLimit: bigint;
  multiple01Bps: number;
  multiple02Bps: number;
  allocation01Bps: number;
  dailyRateBps: number;
};

/** One income to pay: `id` names its bill (its burn bill is `<id>:burn`). */
export type Income = { id: string; earner: Address; type: DynamicIncomeType; token: Address; amount: bigint };

export type IncomeBill = {
  id: string;
  user: Address;
  type: DynamicIncomeType | 'burn';
  token: Address;
  amount: bigint;
};

export type LoopOrderRow = { seq: bigint; user: Address; eventId: string };

export type IncomePlan = {
  bills: IncomeBill[];
  /** Additions to `finance_order.dynamic_gained`. */
  dynamic: Array<{ seq: bigint; add: bigint }>;
  loopOrders: LoopOrderRow[];
  nextSeq: bigint;
  /** Per earner and token: what is credited unreleased. */
  credits: Array<{ user: Address; token: Address; amount: bigint }>;
  /** Per earner: the loop share added, the balance after, the loop orders made. */
  loops: Array<{ user: Address; reinvested: bigint; balance: bigint; loopOrders: number }>;
};

/** An earner's state as read: their active orders and loop balance (mutated by `planIncomes`). */
export type EarnerState = { orders: ActiveOrder[]; loopBalance: bigint };

/**
 * Pays `incomes` in order, given each earner's state (`earners`: absent or without an active order =
 * does not earn, no bill). Every token counts at par against the limits (the prize pool's EUSD = USDT,
 * the exchange's 1:1). `loopIdPrefix` names the loop orders' event ids.
 */
export function planIncomes(input: {
  incomes: readonly Income[];
  earners: ReadonlyMap<Address, EarnerState>;
  rates: IncomeRates;
  loop: LoopPackage;
  nextSeq: bigint;
  loopIdPrefix: string;
}): IncomePlan {
  const { rates, loop } = input;
  const plan: IncomePlan = { bills: [], dynamic: [], loopOrders: [], nextSeq: input.nextSeq, credits: [], loops: [] };
  const loops = new Map<Address, IncomePlan['loops'][number]>();
  const credits = new Map<string, IncomePlan['credits'][number]>();
  const dynamic = new Map<bigint, { seq: bigint; add: bigint }>();
  for (const income of input.incomes) {
    const earner = income.earner;
    const state = input.earners.get(earner);
    if (state === undefined || state.orders.length === 0 || income.amount === 0n) continue;
    const { paid, burned } = capToEnergy(income.amount, energyValue(state.orders));
    plan.bills.push({ id: income.id, user: earner, type: income.type, token: income.token, amount: income.amount });
    if (burned > 0n)
      plan.bills.push({ id: `${income.id}:burn`, user: earner, type: 'burn', token: income.token, amount: -burned });
    if (paid === 0n) continue;
    for (const { seq, add } of allocateToOrders(state.orders, paid)) {
      const at = state.orders.findIndex((o) => o.seq === seq);
      const o = state.orders[at]!;
      state.orders[at] = { ...o, dynamicGained: o.dynamicGained + add };
      const found = dynamic.get(seq);
      if (found) found.add += add;
      else dynamic.set(seq, { seq, add });
    }
    const { loop: share, credit } = splitLoop(paid, rates);
    const key = `${earner}:${income.token}`;
    const c = credits.get(key);
    if (c) c.amount += credit;
    else credits.set(key, { user: earner, token: income.token, amount: credit });
    let mine = loops.get(earner);
    if (mine === undefined)
      loops.set(earner, (mine = { user: earner, reinvested: 0n, balance: state.loopBalance, loopOrders: 0 }));
    mine.reinvested += share;
    const made = loopOrders(mine.balance, share, loop.price);
    mine.balance = made.balance;
    state.loopBalance = made.balance;
    for (let i = 0; i < made.orders; i++) {
      const seq = plan.nextSeq;
      plan.nextSeq += 1n;
      mine.loopOrders += 1;
      plan.loopOrders.push({ seq, user: earner, eventId: `${input.loopIdPrefix}:loop:${earner}:${mine.loopOrders}` });
      // A loop order is active at once: it raises the earner's energy for the next incomes.
      state.orders.push({
        seq,
        status: 'waiting',
        payment: loop.price,
        dailyRateBps: loop.dailyRateBps,
        allocation01Bps: loop.allocation01Bps,
        rewardLimit: loop.rewardLimit,
        dynamicGained: 0n,
        settledDays: 0n,
      });
    }
  }
  plan.dynamic = [...dynamic.values()];
  plan.credits = [...credits.values()].filter((c) => c.amount > 0n);
  plan.loops = [...loops.values()];
  return plan;
}

const STATUSES = ['waiting', 'in_progress'] as const;

/** The earners' active orders (static gains derived after the settled days through `lastSettled`) and loop balances. */
export async function readEarners(
  db: ReferralSql,
  wallets: readonly Address[],
  lastSettled: bigint,
): Promise<Map<Address, EarnerState>> {
  const earners = new Map<Address, EarnerState>();
  if (wallets.length === 0) return earners;
  // ONE text parameter, whatever the number of earners (a daily settlement can ask for tens of
  // thousands: one parameter each overflowed the protocol's 65,535), matched with = ANY.
  const unique = [...new Set(wallets.map(low))];
  const bad = unique.find((w) => !/^0x[0-9a-f]{40}$/.test(w));
  if (bad !== undefined) throw new Error(`referral incomes: "${bad}" is not an address`);
  const list = sql`string_to_array(${unique.join(',')}, ',')`;
  const found = await rows(
    db,
    sql`SELECT 'o' AS k, "user" AS u, seq::text AS seq, payment::text AS p, daily_rate_bps AS r, allocation01_bps AS a,
          reward_limit::text AS l, dynamic_gained::text AS d, status AS s, allotted_at::text AS at
        FROM ${financeOrder} WHERE "user" = ANY(${list}) AND status IN ('waiting', 'in_progress')
        UNION ALL
        SELECT 'b', "user", NULL, balance::text, NULL, NULL, NULL, NULL, NULL, NULL
        FROM ${referralIncome} WHERE "user" = ANY(${list})`,
  );
  const of = (u: Address) => {
    let e = earners.get(u);
    if (e === undefined) earners.set(u, (e = { orders: [], loopBalance: 0n }));
    return e;
  };
  for (const r of found as Row[]) {
    const e = of(text(r.u) as Address);
    if (r.k === 'b') {
      e.loopBalance = big(r.p);
      continue;
    }
    const status = text(r.s);
    if (!(STATUSES as readonly string[]).includes(status)) throw new Error(`referral incomes: order status ${status}`);
    const allottedAt = r.at === null ? null : big(r.at);
    e.orders.push({
      seq: big(r.seq),
      status: status as ActiveOrder['status'],
      payment: big(r.p),
      dailyRateBps: int(r.r),
      allocation01Bps: int(r.a),
      rewardLimit: big(r.l),
      dynamicGained: big(r.d),
      settledDays: allottedAt === null || lastSettled <= allottedAt ? 0n : (lastSettled - allottedAt) / DAY_SECONDS,
    });
  }
  return earners;
}

/** Where the incomes' bills and loop orders sit: a purchase's event, or a settlement (no transaction). */
export type IncomePlace = { blockNumber: bigint; logIndex: number; timestamp: bigint; txHash: Hex | null };

/**
 * Writes a plan in one statement; `extra` (data-modifying statements without WITH, e.g. the prize
 * pool's feed) ride along in the same statement.
 */
export async function writeIncomes(
  db: ReferralSql,
  plan: IncomePlan,
  place: IncomePlace,
  loop: LoopPackage,
  extra: readonly Sql[] = [],
): Promise<void> {
  const day = dayStartOf(place.timestamp);
  const bills = plan.bills.map((b) => ({ ...b, amount: b.amount.toString() }));
  const credits = plan.credits.map((c) => ({ ...c, amount: c.amount.toString() }));
  await db.execute(sql`
    WITH bills AS (
      INSERT INTO ${bill} (id, "user", type, token, amount, block_number, log_index, timestamp, tx_hash)
      SELECT x.id, x."user", x.type, x.token, x.amount, ${n(place.blockNumber)}, ${place.logIndex},
        ${n(place.timestamp)}, ${place.txHash}
      FROM json_to_recordset(${json(bills)}) AS x(id text, "user" text, type text, token text, amount numeric)
    ), dynamic AS (
      UPDATE ${financeOrder} AS f SET dynamic_gained = f.dynamic_gained + x.add
      FROM json_to_recordset(${json(plan.dynamic.map((d) => ({ seq: d.seq.toString(), add: d.add.toString() })))})
        AS x(seq numeric, add numeric)
      WHERE f.seq = x.seq
    ), loops AS (
      INSERT INTO ${financeOrder} (seq, event_id, "user", nonce, package_id, units, registration_type, payment,
        multiple01_bps, multiple02_bps, allocation01_bps, daily_rate_bps, reward_limit, gained, dynamic_gained,
        gained_usdt, gained_etro, etro_owed, status, created_at, allotted_at, finished_at, tx_hash, block_number, log_index)
      SELECT x.seq, x.event_id, x."user", -1, ${loop.id}, ${loop.units}, 'loop', ${n(loop.price)},
        ${loop.multiple01Bps}, ${loop.multiple02Bps}, ${loop.allocation01Bps}, ${loop.dailyRateBps},
        ${n(loop.rewardLimit)}, 0, 0, 0, 0, 0, 'waiting', ${n(place.timestamp)}, NULL, NULL, ${place.txHash},
        ${n(place.blockNumber)}, ${place.logIndex}
      FROM json_to_recordset(${json(plan.loopOrders.map((o) => ({ seq: o.seq.toString(), user: o.user, event_id: o.eventId })))})
        AS x(seq numeric, "user" text, event_id text)
    ), state AS (
      UPDATE ${financeState} SET next_seq = ${n(plan.nextSeq)} WHERE id = 'state' AND next_seq < ${n(plan.nextSeq)}
    ), loop_balance AS (
      INSERT INTO ${referralIncome} AS r ("user", reinvested, balance, loop_orders)
      SELECT x."user", x.reinvested, x.balance, x.loop_orders
      FROM json_to_recordset(${json(
        plan.loops.map((e) => ({
          user: e.user,
          reinvested: e.reinvested.toString(),
          balance: e.balance.toString(),
          loop_orders: e.loopOrders,
        })),
      )}) AS x("user" text, reinvested numeric, balance numeric, loop_orders integer)
      ON CONFLICT ("user") DO UPDATE SET reinvested = r.reinvested + excluded.reinvested, balance = excluded.balance,
        loop_orders = r.loop_orders + excluded.loop_orders
    ), credits AS (
      SELECT * FROM json_to_recordset(${json(credits)}) AS x("user" text, token text, amount numeric)
    ), ledger AS (
      INSERT INTO ${ledgerBalance} AS lb ("user", token, credited, unreleased, released, withdrawn, contributed)
      SELECT c."user", c.token, c.amount, c.amount, 0, 0, 0 FROM credits c
      ON CONFLICT ("user", token) DO UPDATE SET credited = lb.credited + excluded.credited,
        unreleased = lb.unreleased + excluded.unreleased
    ), tranche AS (
      INSERT INTO ${incomeTranche} AS t ("user", token, day, amount, released)
      SELECT c."user", c.token, ${n(day)}, c.amount, 0 FROM credits c
      ON CONFLICT ("user", token, day) DO UPDATE SET amount = t.amount + excluded.amount
    ), liabilities AS (
      INSERT INTO ${vaultToken} AS vt (token, deposited, withdrawn, exchanged_in, exchanged_out, funded, liabilities)
      SELECT c.token, 0, 0, 0, 0, 0, sum(c.amount) FROM credits c GROUP BY c.token
      ON CONFLICT (token) DO UPDATE SET liabilities = vt.liabilities + excluded.liabilities
    )${sql.join(
      extra.map((statement, i) => sql`, ${sql.raw(`extra${i}`)} AS (${statement})`),
      sql``,
    )}
    SELECT 1`);
}
