/**
 * How a dynamic income reaches the ledger (ECONOMY §4, §10), shared by the purchase (./purchaseIncomes.ts)
 * and the daily settlement (./settleIncomes.ts): only an earner with an active (waiting or in-progress)
 * order earns — at a settlement, an order paid before its time (../finance/dayEarners.ts); the income is
 * paid up to the earner's energy value, the excess a `burn` bill; what is paid is counted against the
 * earner's active orders oldest first (`finance_order.dynamic_gained`), its loop share goes to the loop
 * balance (a `loop` bill; every full unit a `loop` order, numbered in registry-id order), the rest is
 * credited unreleased (`ledger_balance`, the day's `income_tranche`, the vault's liabilities).
 * `incomePlanner` is pure; `readEarners` is one statement, `writeIncomes` one statement. Rules:
 * docs/decisions/referral.md ("Dynamic incomes"), docs/decisions/bills.md.
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
  referralAccount,
  referralIncome,
  vaultToken,
} from '../../ponder.schema.ts';
import { activeOrderRow, EARNING_STATUSES } from '../finance/dayEarners.ts';
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

/** One income to pay: `id` names its bill (its burn bill is `<id>:burn`, its loop share `<id>:loop`). */
export type Income = { id: string; earner: Address; type: DynamicIncomeType; token: Address; amount: bigint };

export type IncomeBill = {
  id: string;
  user: Address;
  type: DynamicIncomeType | 'burn' | 'loop';
  token: Address;
  amount: bigint;
};

/** A loop order to write: its number, owner, event id, and the dynamic incomes already counted against it. */
export type LoopOrderRow = { seq: bigint; user: Address; eventId: string; dynamicGained: bigint };

export type IncomePlan = {
  bills: IncomeBill[];
  /** Additions to `finance_order.dynamic_gained` of orders that exist (not the loop orders made here). */
  dynamic: Array<{ seq: bigint; add: bigint }>;
  loopOrders: LoopOrderRow[];
  nextSeq: bigint;
  /** Per earner and token: what is credited unreleased. */
  credits: Array<{ user: Address; token: Address; amount: bigint }>;
  /** Per earner: the loop share added, the balance after, the loop orders made. */
  loops: Array<{ user: Address; reinvested: bigint; balance: bigint; loopOrders: number }>;
};

/**
 * An earner's state as read: their registry id, their active orders and loop balance (mutated as
 * incomes are paid). No active order = does not earn.
 */
export type EarnerState = { id: number; orders: ActiveOrder[]; loopBalance: bigint };

export type PlannerInput = {
  earners: ReadonlyMap<Address, EarnerState>;
  rates: IncomeRates;
  loop: LoopPackage;
  nextSeq: bigint;
  /** Names the loop orders' event ids (`<prefix>:loop:<earner>:<k>`). */
  loopIdPrefix: string;
  /**
   * Whether a loop order made by one income counts at once for the next incomes of the same step: yes
   * during the day (a purchase's incomes: it exists from then on), no at a settlement (made at T, it
   * belongs to D + 1 and adds nothing to D's incomes: ../finance/dayEarners.ts).
   */
  loopOrdersEarnAtOnce: boolean;
};

/**
 * Pays incomes one at a time (`pay` returns what was paid, after the earner's energy value), then
 * gives the step's plan. Every token counts at par against the limits (the prize pool's EUSD = USDT,
 * the exchange's 1:1). Each paid income makes up to three bills: the income (+), the burn beyond `ep`
 * (−) and the loop share (−, ECONOMY §10), so a type's bills add up to what was credited. The loop
 * orders the step makes are numbered after it, in their owners' registry-id order (each owner's in the
 * order they were made), whatever the order the incomes were paid in (ECONOMY §10).
 */
export function incomePlanner(input: PlannerInput): { pay(income: Income): bigint; plan(): IncomePlan } {
  const { rates, loop } = input;
  const bills: IncomeBill[] = [];
  const loops = new Map<Address, IncomePlan['loops'][number]>();
  const credits = new Map<string, IncomePlan['credits'][number]>();
  const dynamic = new Map<bigint, { seq: bigint; add: bigint }>();
  // Loop orders made, numbered provisionally in the order made (nextSeq, nextSeq + 1, …).
  const made: Array<{ seq: bigint; user: Address; eventId: string }> = [];
  return {
    pay(income) {
      const earner = income.earner;
      const state = input.earners.get(earner);
      if (state === undefined || state.orders.length === 0 || income.amount === 0n) return 0n;
      const { paid, burned } = capToEnergy(income.amount, energyValue(state.orders));
      bills.push({ id: income.id, user: earner, type: income.type, token: income.token, amount: income.amount });
      if (burned > 0n)
        bills.push({ id: `${income.id}:burn`, user: earner, type: 'burn', token: income.token, amount: -burned });
      if (paid === 0n) return 0n;
      for (const { seq, add } of allocateToOrders(state.orders, paid)) {
        const at = state.orders.findIndex((o) => o.seq === seq);
        const o = state.orders[at]!;
        state.orders[at] = { ...o, dynamicGained: o.dynamicGained + add };
        const found = dynamic.get(seq);
        if (found) found.add += add;
        else dynamic.set(seq, { seq, add });
      }
      const { loop: share, credit } = splitLoop(paid, rates);
      if (share > 0n)
        bills.push({ id: `${income.id}:loop`, user: earner, type: 'loop', token: income.token, amount: -share });
      const key = `${earner}:${income.token}`;
      const c = credits.get(key);
      if (c) c.amount += credit;
      else credits.set(key, { user: earner, token: income.token, amount: credit });
      let mine = loops.get(earner);
      if (mine === undefined)
        loops.set(earner, (mine = { user: earner, reinvested: 0n, balance: state.loopBalance, loopOrders: 0 }));
      mine.reinvested += share;
      const orders = loopOrders(mine.balance, share, loop.price);
      mine.balance = orders.balance;
      state.loopBalance = orders.balance;
      for (let i = 0; i < orders.orders; i++) {
        const seq = input.nextSeq + BigInt(made.length);
        mine.loopOrders += 1;
        made.push({ seq, user: earner, eventId: `${input.loopIdPrefix}:loop:${earner}:${mine.loopOrders}` });
        if (input.loopOrdersEarnAtOnce)
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
      return paid;
    },
    plan() {
      const idOf = (user: Address): number => {
        const id = input.earners.get(user)?.id;
        if (id === undefined) throw new Error(`referral incomes: the earner ${user} has no registry id`);
        return id;
      };
      const ordered = [...made].sort((a, b) => idOf(a.user) - idOf(b.user) || (a.seq < b.seq ? -1 : 1));
      const numbered = new Map(ordered.map((o, i) => [o.seq, input.nextSeq + BigInt(i)]));
      return {
        bills,
        dynamic: [...dynamic.values()].filter((d) => !numbered.has(d.seq)),
        loopOrders: ordered.map((o) => ({
          seq: numbered.get(o.seq)!,
          user: o.user,
          eventId: o.eventId,
          dynamicGained: dynamic.get(o.seq)?.add ?? 0n,
        })),
        nextSeq: input.nextSeq + BigInt(made.length),
        credits: [...credits.values()].filter((c) => c.amount > 0n),
        loops: [...loops.values()],
      };
    },
  };
}

/** Pays `incomes` in order (`incomePlanner`) and gives the plan. */
export function planIncomes(input: PlannerInput & { incomes: readonly Income[] }): IncomePlan {
  const planner = incomePlanner(input);
  for (const income of input.incomes) planner.pay(income);
  return planner.plan();
}

/**
 * The earners' registry ids, active orders and loop balances. `lastSettled`: the settled days through
 * which the in-progress orders' static gains are derived. `paidBefore`: at a settlement, its time T —
 * only the orders paid before it count (../finance/dayEarners.ts); null during the day (a purchase).
 */
export async function readEarners(
  db: ReferralSql,
  wallets: readonly Address[],
  lastSettled: bigint,
  paidBefore: bigint | null,
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
        FROM ${financeOrder} WHERE "user" = ANY(${list}) AND ${activeOrderRow(paidBefore)}
        UNION ALL
        SELECT 'b', "user", NULL, balance::text, NULL, NULL, NULL, NULL, NULL, NULL
        FROM ${referralIncome} WHERE "user" = ANY(${list})
        UNION ALL
        SELECT 'i', wallet, NULL, id::text, NULL, NULL, NULL, NULL, NULL, NULL
        FROM ${referralAccount} WHERE wallet = ANY(${list})`,
  );
  const of = (u: Address) => {
    let e = earners.get(u);
    if (e === undefined) earners.set(u, (e = { id: Number.NaN, orders: [], loopBalance: 0n }));
    return e;
  };
  for (const r of found as Row[]) {
    const e = of(text(r.u) as Address);
    if (r.k === 'b') {
      e.loopBalance = big(r.p);
      continue;
    }
    if (r.k === 'i') {
      e.id = int(r.p);
      continue;
    }
    const status = text(r.s);
    if (!(EARNING_STATUSES as readonly string[]).includes(status))
      throw new Error(`referral incomes: order status ${status}`);
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
  for (const [wallet, e] of earners)
    if (Number.isNaN(e.id)) throw new Error(`referral incomes: ${wallet} earns but is not a registered account`);
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
        ${n(loop.rewardLimit)}, 0, x.dynamic_gained, 0, 0, 0, 'waiting', ${n(place.timestamp)}, NULL, NULL, ${place.txHash},
        ${n(place.blockNumber)}, ${place.logIndex}
      FROM json_to_recordset(${json(
        plan.loopOrders.map((o) => ({
          seq: o.seq.toString(),
          user: o.user,
          event_id: o.eventId,
          dynamic_gained: o.dynamicGained.toString(),
        })),
      )}) AS x(seq numeric, "user" text, event_id text, dynamic_gained numeric)
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
