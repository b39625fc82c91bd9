/**
 * The dynamic incomes of the daily settlement (ECONOMY §4, §10), for each settled day T (00:00 UTC), after
 * that day's finance statement (../finance/settleDue.ts runs the two day by day), of the day D = T − 1 day
 * that ended. D's earners are the users with an order paid before T (../finance/dayEarners.ts): an order
 * paid at T or later, and a loop order made by D's own settlement, belong to D + 1.
 *   1. the prize pool of D: paid in EUSD to the top `prizePoolWinners` earners by their direct invitees'
 *      payments on D (ties: the lower registry id), pro rata, through ./incomeLedger.ts (energy, burn,
 *      limits, loop, unreleased); the rounding dust — or the whole pool when nobody earns — rolls into
 *      day T's pool (nothing is lost);
 *   2. the binary incomes of D's new team volume, then the matching incomes on what each binary income
 *      actually paid (after the cap and the burn) (`payBinary`);
 *   3. the release: every income tranche of the `releaseDays` days before T releases its k-th part
 *      (`releasePart`, k = days since the tranche): one `unlock_income` bill per user, token and day,
 *      unreleased → released in the ledger (withdrawable). A settlement income's tranche is T's: it
 *      releases from the next settlement on.
 * The incomes of one step are paid in a fixed order (the prize pool in ranking order, the binary and
 * matching incomes in the registry-id order of the account whose volume made them) and the loop orders
 * a step makes are numbered in registry-id order. Only the day's winners and the users with unreleased
 * tranches cost anything. Rules: docs/decisions/referral.md ("Dynamic incomes", "Settlement edges").
 */
import { DAY_SECONDS } from '@eterno/protocol/finance/rules';
import { binaryDay, matchingIncome, prizePoolShares, releasePart } from '@eterno/protocol/referral/incomes';
import { sql } from 'ponder';
import type { Address } from 'viem';
import {
  bill,
  binaryDay as binaryDayTable,
  referralAccount,
  referralLegDay,
  financeState,
  incomeTranche,
  ledgerBalance,
  prizePoolDay,
  prizeVolumeDay,
} from '../../ponder.schema.ts';
import { activeOrderOf } from '../finance/dayEarners.ts';
import type { FinanceInputs } from '../finance/inputs.ts';
import { loopPackageAt } from '../finance/inputs.ts';
import { referralSettingsAt } from './incomeSettings.ts';
import {
  big,
  incomePlanner,
  json,
  n,
  planIncomes,
  readEarners,
  text,
  writeIncomes,
  type Income,
} from './incomeLedger.ts';
import { LEG_CAPACITY } from './layout.ts';
import { teamRows } from './teamSql.ts';
import { int, rows, type ReferralSql, type Row } from './referralSql.ts';

/** What paying D's prize pool did: whether incomes were paid (at T), and what rolled into T's pool. */
type PoolOutcome = { paid: boolean; rolled: bigint };

/** Pays day T's prize pool (the pool of D = T − 1 day). */
async function payPrizePool(
  db: ReferralSql,
  T: bigint,
  blockNumber: bigint,
  inputs: FinanceInputs,
): Promise<PoolOutcome> {
  const rates = referralSettingsAt(inputs.referral, T);
  const D = T - DAY_SECONDS;
  const [pool] = await rows(
    db,
    sql`SELECT amount::text AS a FROM ${prizePoolDay} WHERE day = ${n(D)} AND paid_at IS NULL AND amount > 0`,
  );
  if (pool === undefined) return { paid: false, rolled: 0n };
  const amount = big(pool.a);
  // The top N earners of D by volume, ties to the lower registry id (protocol `comparePrizeRanks`).
  const ranking = (
    await rows(
      db,
      sql`SELECT v."user" AS u, a.id AS i, v.volume::text AS v FROM ${prizeVolumeDay} v
          JOIN ${referralAccount} a ON a.wallet = v."user"
          WHERE v.day = ${n(D)} AND v.volume > 0 AND ${activeOrderOf(sql`v."user"`, T)}
          ORDER BY v.volume DESC, a.id ASC LIMIT ${rates.prizePoolWinners}`,
    )
  ).map((r) => ({ user: text(r.u) as Address, id: int(r.i), volume: big(r.v) }));
  const { shares, carry } = prizePoolShares(amount, ranking, rates);
  const settled = sql`UPDATE ${prizePoolDay} SET paid_at = ${n(T)} WHERE day = ${n(D)}`;
  // The dust (or the whole pool when nobody may take it) rolls into day T's pool.
  const roll = sql`INSERT INTO ${prizePoolDay} AS p (day, amount, paid_at) VALUES (${n(T)}, ${n(carry)}, NULL)
    ON CONFLICT (day) DO UPDATE SET amount = p.amount + excluded.amount`;
  if (shares.length === 0) {
    await db.execute(sql`WITH paid AS (${settled}) ${roll}`);
    return { paid: false, rolled: carry };
  }
  const [state] = await rows(db, sql`SELECT next_seq::text AS s FROM ${financeState} WHERE id = 'state'`);
  const loop = loopPackageAt(inputs, T);
  const plan = planIncomes({
    incomes: shares.map((s) => ({
      id: `prize:${D}:${s.user}`,
      earner: s.user,
      type: 'personal_pool',
      token: inputs.eusd,
      amount: s.amount,
    })),
    earners: await readEarners(
      db,
      shares.map((s) => s.user),
      T,
      T,
    ),
    rates,
    loop,
    nextSeq: big(state!.s),
    loopIdPrefix: `prize:${D}`,
    loopOrdersEarnAtOnce: false,
  });
  await writeIncomes(db, plan, { blockNumber, logIndex: 0, timestamp: T, txHash: null }, loop, [
    settled,
    ...(carry > 0n ? [roll] : []),
  ]);
  return { paid: true, rolled: carry };
}

/**
 * Day T's binary and matching incomes (of day D = T − 1 day's new team volume). The accounts with new
 * volume on a side are in the side chains that day's payments touched (`referral_leg_day` rows of D
 * name them), above the deepest change in the chain: only those that earn for D are read (their D
 * volumes by the team statement).
 * Binary: `binaryDay` (carry in = their latest row's carry out), capped at the payments of their orders
 * of D; matching: matchingBps of what each binary income actually paid (after the cap and the burn
 * beyond the earner's energy) to their inviter, if the inviter earns for D. Both paid through
 * ./incomeLedger.ts in the registry-id order of the account whose volume made them, all binary incomes
 * first; the `binary_day` rows in the same statement.
 */
async function payBinary(db: ReferralSql, T: bigint, blockNumber: bigint, inputs: FinanceInputs): Promise<boolean> {
  const rates = referralSettingsAt(inputs.referral, T);
  const D = T - DAY_SECONDS;
  const earns = activeOrderOf(sql`a.wallet`, T);
  // In a touched chain only the accounts above its deepest change of D have new volume: a change at
  // position p writes Fenwick indices from CAP − p up (./layout.ts), so the chain's smallest index of
  // D is CAP − (its deepest changed position), and the accounts at smaller positions are the ones.
  const cap = sql.raw(String(LEG_CAPACITY));
  const candidates = (
    await rows(
      db,
      sql`WITH touched AS (SELECT head, side, min(idx) AS lowest FROM ${referralLegDay} WHERE day = ${n(D)} GROUP BY head, side)
        SELECT a.wallet AS w, a.inviter AS i, a.id AS n FROM ${referralAccount} a
        JOIN touched t ON t.side = 0 AND a.head_left = t.head AND a.pos_left < ${cap} - t.lowest
        WHERE ${earns}
        UNION
        SELECT a.wallet, a.inviter, a.id FROM ${referralAccount} a
        JOIN touched t ON t.side = 1 AND a.head_right = t.head AND a.pos_right < ${cap} - t.lowest
        WHERE ${earns}`,
    )
  )
    .map((r) => ({ wallet: text(r.w) as Address, inviter: r.i === null ? null : (text(r.i) as Address), id: int(r.n) }))
    .sort((a, b) => a.id - b.id);
  if (candidates.length === 0) return false;
  const wallets = candidates.map((c) => c.wallet);
  const [volumes, carries] = await Promise.all([
    teamRows(db, wallets, D),
    rows(
      db,
      sql`SELECT DISTINCT ON ("user") "user" AS u, left_carry_out::text AS l, right_carry_out::text AS r
          FROM ${binaryDayTable} WHERE "user" IN (SELECT json_array_elements_text(${JSON.stringify(wallets)}::json))
          AND day < ${n(D)} ORDER BY "user", day DESC`,
    ),
  ]);
  const volumeOf = new Map(volumes.map((v) => [v.wallet, v]));
  const carryOf = new Map(carries.map((r) => [text(r.u), { left: big(r.l), right: big(r.r) }]));
  const inviters = [...new Set(candidates.map((c) => c.inviter).filter((i): i is Address => i !== null))];
  const earners = await readEarners(db, [...wallets, ...inviters], T, T);
  const usdt = inputs.usdt;
  const [state] = await rows(db, sql`SELECT next_seq::text AS s FROM ${financeState} WHERE id = 'state'`);
  const loop = loopPackageAt(inputs, T);
  const planner = incomePlanner({
    earners,
    rates,
    loop,
    nextSeq: big(state!.s),
    loopIdPrefix: `binary:${D}`,
    loopOrdersEarnAtOnce: false,
  });
  const days: Array<Record<string, string>> = [];
  const paidBinary: Array<{ wallet: Address; inviter: Address | null; paid: bigint }> = [];
  for (const c of candidates) {
    const v = volumeOf.get(c.wallet);
    if (v === undefined) continue;
    const leftNew = BigInt(v.sides[0].today);
    const rightNew = BigInt(v.sides[1].today);
    if (leftNew === 0n && rightNew === 0n) continue;
    const carry = carryOf.get(c.wallet) ?? { left: 0n, right: 0n };
    const cap = (earners.get(c.wallet)?.orders ?? []).reduce((s, o) => s + o.payment, 0n);
    const b = binaryDay({ leftNew, rightNew, leftCarryIn: carry.left, rightCarryIn: carry.right, cap }, rates);
    days.push({
      user: c.wallet,
      left_new: b.leftNew.toString(),
      right_new: b.rightNew.toString(),
      left_carry_in: b.leftCarryIn.toString(),
      right_carry_in: b.rightCarryIn.toString(),
      matched: b.matched.toString(),
      income: b.income.toString(),
      capped: b.capped.toString(),
      left_carry_out: b.leftCarryOut.toString(),
      right_carry_out: b.rightCarryOut.toString(),
    });
    const earned = b.income - b.capped;
    if (earned === 0n) continue;
    const income: Income = {
      id: `binary:${D}:${c.wallet}`,
      earner: c.wallet,
      type: 'binary',
      token: usdt,
      amount: earned,
    };
    paidBinary.push({ wallet: c.wallet, inviter: c.inviter, paid: planner.pay(income) });
  }
  if (days.length === 0) return false;
  // Matching: on what each binary income actually paid — nothing is created from burned money.
  for (const { wallet, inviter, paid } of paidBinary) {
    const matching = matchingIncome(paid, rates);
    if (inviter !== null && matching > 0n)
      planner.pay({
        id: `matching:${D}:${inviter}:${wallet}`,
        earner: inviter,
        type: 'matching',
        token: usdt,
        amount: matching,
      });
  }
  await writeIncomes(db, planner.plan(), { blockNumber, logIndex: 0, timestamp: T, txHash: null }, loop, [
    sql`INSERT INTO ${binaryDayTable} ("user", day, left_new, right_new, left_carry_in, right_carry_in, matched, income,
          capped, left_carry_out, right_carry_out)
        SELECT x."user", ${n(D)}, x.left_new, x.right_new, x.left_carry_in, x.right_carry_in, x.matched, x.income,
          x.capped, x.left_carry_out, x.right_carry_out
        FROM json_to_recordset(${json(days)}) AS x("user" text, left_new numeric, right_new numeric,
          left_carry_in numeric, right_carry_in numeric, matched numeric, income numeric, capped numeric,
          left_carry_out numeric, right_carry_out numeric)`,
  ]);
  return true;
}

/** Releases day T's parts of the tranches of the `releaseDays` days before it. */
async function release(db: ReferralSql, T: bigint, blockNumber: bigint, inputs: FinanceInputs): Promise<void> {
  const rates = referralSettingsAt(inputs.referral, T);
  const from = T - BigInt(rates.releaseDays) * DAY_SECONDS;
  const found = await rows(
    db,
    sql`SELECT "user" AS u, token AS t, day::text AS d, amount::text AS a FROM ${incomeTranche}
        WHERE day >= ${n(from)} AND day < ${n(T)} AND released < amount`,
  );
  if (found.length === 0) return;
  const parts: Array<{ user: string; token: string; day: string; part: string }> = [];
  const perUser = new Map<string, { user: string; token: string; amount: bigint }>();
  for (const r of found) {
    const day = big(r.d);
    const part = releasePart(big(r.a), (T - day) / DAY_SECONDS, rates);
    if (part === 0n) continue;
    parts.push({ user: text(r.u), token: text(r.t), day: day.toString(), part: part.toString() });
    const key = `${text(r.u)}:${text(r.t)}`;
    const mine = perUser.get(key);
    if (mine) mine.amount += part;
    else perUser.set(key, { user: text(r.u), token: text(r.t), amount: part });
  }
  if (parts.length === 0) return;
  const totals = [...perUser.values()].map((u) => ({
    id: `unlock:${u.user}:${u.token}:${T}`,
    user: u.user,
    token: u.token,
    amount: u.amount.toString(),
  }));
  await db.execute(sql`
    WITH parts AS (
      UPDATE ${incomeTranche} AS t SET released = t.released + x.part
      FROM json_to_recordset(${json(parts)}) AS x("user" text, token text, day numeric, part numeric)
      WHERE t."user" = x."user" AND t.token = x.token AND t.day = x.day
    ), totals AS (
      SELECT * FROM json_to_recordset(${json(totals)}) AS x(id text, "user" text, token text, amount numeric)
    ), bills AS (
      INSERT INTO ${bill} (id, "user", type, token, amount, block_number, log_index, timestamp, tx_hash)
      SELECT x.id, x."user", 'unlock_income', x.token, x.amount, ${n(blockNumber)}, 0, ${n(T)}, NULL FROM totals x
    )
    UPDATE ${ledgerBalance} AS lb SET unreleased = lb.unreleased - x.amount, released = lb.released + x.amount
    FROM totals x WHERE lb."user" = x."user" AND lb.token = x.token`);
}

/** What the referral part has to do on the days of a run (read once per run, grown as days are paid). */
export type IncomeWork = {
  /** Days D with an unpaid prize pool (paid at D + 1). */
  pools: Set<bigint>;
  /** Days D with a prize ranking (`prize_volume_day` rows): without one, D's pool only rolls on. */
  volumes: Set<bigint>;
  /** Days D with new team volume (`referral_leg_day` rows: binary incomes at D + 1). */
  legs: Set<bigint>;
  /** Days with a tranche not fully released. */
  tranches: Set<bigint>;
};

/**
 * The work of `days` (ascending 00:00 UTC days T), read in three statements for the whole run instead
 * of three per day: a 480-day jump settles in a handful of statements, not 1,440 (each raw statement
 * costs Ponder a parse and a savepoint). A day T needs
 *   - its prize pool paid when day T − 1 has an unpaid pool (or the pool rolled into it during the run);
 *   - its binary paid when day T − 1 has `referral_leg_day` rows (only purchases write them);
 *   - its release when a tranche with something unreleased is dated within the `releaseDays` before T
 *     (incomes paid during the run add their day).
 */
export async function incomeWork(db: ReferralSql, days: readonly bigint[]): Promise<IncomeWork> {
  if (days.length === 0) return { pools: new Set(), volumes: new Set(), legs: new Set(), tranches: new Set() };
  const from = days[0]! - DAY_SECONDS;
  const to = days.at(-1)! - DAY_SECONDS;
  const last = days.at(-1)!;
  // One statement at a time: they share the block's transaction.
  const pools = await rows(
    db,
    sql`SELECT day::text AS d FROM ${prizePoolDay} WHERE day >= ${n(from)} AND day <= ${n(to)} AND paid_at IS NULL AND amount > 0`,
  );
  const volumes = await rows(
    db,
    sql`SELECT DISTINCT day::text AS d FROM ${prizeVolumeDay} WHERE day >= ${n(from)} AND day <= ${n(to)} AND volume > 0`,
  );
  const legs = await rows(
    db,
    sql`SELECT DISTINCT day::text AS d FROM ${referralLegDay} WHERE day >= ${n(from)} AND day <= ${n(to)}`,
  );
  const tranches = await rows(
    db,
    sql`SELECT DISTINCT day::text AS d FROM ${incomeTranche} WHERE day < ${n(last)} AND released < amount`,
  );
  const set = (list: readonly Row[]) => new Set(list.map((r) => big(r.d)));
  return { pools: set(pools), volumes: set(volumes), legs: set(legs), tranches: set(tranches) };
}

/**
 * Whether day T's referral part may pay incomes — D's prize pool to a ranking, or D's binary — i.e. read
 * the orders and change them (dynamic gains, loop orders): the finance statement of T + 1 must then read
 * them again. A pool without a ranking only rolls on (the dust of an earlier day, say): it touches no order.
 */
export const paysIncomes = (work: IncomeWork, T: bigint): boolean => {
  const D = T - DAY_SECONDS;
  return (work.pools.has(D) && work.volumes.has(D)) || work.legs.has(D);
};

/** The referral part of day T (its finance statement already written) in block `blockNumber`. */
export async function settleIncomeDay(
  db: ReferralSql,
  T: bigint,
  work: IncomeWork,
  blockNumber: bigint,
  inputs: FinanceInputs,
): Promise<void> {
  const D = T - DAY_SECONDS;
  if (work.pools.has(D)) {
    const { paid, rolled } = await payPrizePool(db, T, blockNumber, inputs);
    if (rolled > 0n) work.pools.add(T);
    if (paid) work.tranches.add(T);
  }
  if (work.legs.has(D) && (await payBinary(db, T, blockNumber, inputs))) work.tranches.add(T);
  const since = T - BigInt(referralSettingsAt(inputs.referral, T).releaseDays) * DAY_SECONDS;
  if ([...work.tranches].some((d) => d >= since && d < T)) await release(db, T, blockNumber, inputs);
}
