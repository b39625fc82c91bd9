/**
 * The dynamic incomes of the daily settlement (ECONOMY §4), after the finance settlement of the same
 * block, for each settled day T (00:00 UTC) in order:
 *   1. the prize pool of the day that ended (T − 1 day): paid in EUSD to the top `prizePoolWinners`
 *      earners (an active order) by their direct invitees' payments that day, pro rata, through
 *      ./incomeLedger.ts (energy, burn, limits, loop, unreleased); with no such earner the pool rolls
 *      into day T's pool;
 *   2. the binary and matching incomes of D's new team volume (`payBinary`);
 *   3. the release: every income tranche of the `releaseDays` days before T releases its k-th part
 *      (`releasePart`, k = days since the tranche): one `unlock_income` bill per user, token and day,
 *      unreleased → released in the ledger (withdrawable).
 * Only the day's winners and the users with unreleased tranches cost anything. Rules:
 * docs/decisions/referral.md ("Dynamic incomes").
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
  financeOrder,
  financeState,
  incomeTranche,
  ledgerBalance,
  prizePoolDay,
  prizeVolumeDay,
} from '../../ponder.schema.ts';
import type { FinanceInputs } from '../finance/inputs.ts';
import { loopPackageAt } from '../finance/inputs.ts';
import { referralSettingsAt } from './incomeSettings.ts';
import { big, json, n, planIncomes, readEarners, text, writeIncomes, type Income } from './incomeLedger.ts';
import { LEG_CAPACITY } from './layout.ts';
import { teamRows } from './teamSql.ts';
import { rows, type ReferralSql, type Row } from './referralSql.ts';

/** What paying a day's prize pool did: nothing to pay, rolled into day T's pool, or paid (incomes at T). */
type PoolOutcome = 'none' | 'rolled' | 'paid';

/** Pays day T's prize pool (the pool of T − 1 day). */
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
  if (pool === undefined) return 'none';
  const amount = big(pool.a);
  const ranking = (
    await rows(
      db,
      sql`SELECT v."user" AS u, v.volume::text AS v FROM ${prizeVolumeDay} v
          WHERE v.day = ${n(D)} AND v.volume > 0 AND EXISTS (
            SELECT 1 FROM ${financeOrder} o WHERE o."user" = v."user" AND o.status IN ('waiting', 'in_progress'))
          ORDER BY v.volume DESC, v."user" ASC LIMIT ${rates.prizePoolWinners}`,
    )
  ).map((r) => ({ user: text(r.u), volume: big(r.v) }));
  const shares = prizePoolShares(amount, ranking, rates);
  if (shares.length === 0) {
    // Nobody may take it: the pool rolls into day T's.
    await db.execute(sql`
      WITH paid AS (UPDATE ${prizePoolDay} SET paid_at = ${n(T)} WHERE day = ${n(D)})
      INSERT INTO ${prizePoolDay} AS p (day, amount, paid_at) VALUES (${n(T)}, ${n(amount)}, NULL)
      ON CONFLICT (day) DO UPDATE SET amount = p.amount + excluded.amount`);
    return 'rolled';
  }
  const [state] = await rows(db, sql`SELECT next_seq::text AS s FROM ${financeState} WHERE id = 'state'`);
  const eusd = inputs.eusd;
  const loop = loopPackageAt(inputs, T);
  const plan = planIncomes({
    incomes: shares.map((s) => ({
      id: `prize:${D}:${s.user}`,
      earner: s.user as Address,
      type: 'personal_pool',
      token: eusd,
      amount: s.amount,
    })),
    earners: await readEarners(
      db,
      shares.map((s) => s.user as Address),
      T,
    ),
    rates,
    loop,
    nextSeq: big(state!.s),
    loopIdPrefix: `prize:${D}`,
  });
  await writeIncomes(db, plan, { blockNumber, logIndex: 0, timestamp: T, txHash: null }, loop, [
    sql`UPDATE ${prizePoolDay} SET paid_at = ${n(T)} WHERE day = ${n(D)}`,
  ]);
  return 'paid';
}

/**
 * Day T's binary and matching incomes (of day D = T − 1 day's new team volume). The accounts with new
 * volume on a side are in the side chains that day's payments touched (`referral_leg_day` rows of D
 * name them), above the deepest change in the chain: only those, with an active order, are read
 * (their D volumes by the team statement).
 * Binary: `binaryDay` (carry in = their latest row's carry out), capped at their active payments;
 * matching: matchingBps of each one's binary income (after the cap) to their inviter. Both paid
 * through ./incomeLedger.ts, the `binary_day` rows in the same statement.
 */
async function payBinary(db: ReferralSql, T: bigint, blockNumber: bigint, inputs: FinanceInputs): Promise<boolean> {
  const rates = referralSettingsAt(inputs.referral, T);
  const D = T - DAY_SECONDS;
  const active = sql`EXISTS (SELECT 1 FROM ${financeOrder} o WHERE o."user" = a.wallet AND o.status IN ('waiting', 'in_progress'))`;
  // In a touched chain only the accounts above its deepest change of D have new volume: a change at
  // position p writes Fenwick indices from CAP − p up (./layout.ts), so the chain's smallest index of
  // D is CAP − (its deepest changed position), and the accounts at smaller positions are the ones.
  const cap = sql.raw(String(LEG_CAPACITY));
  const candidates = await rows(
    db,
    sql`WITH touched AS (SELECT head, side, min(idx) AS lowest FROM ${referralLegDay} WHERE day = ${n(D)} GROUP BY head, side)
        SELECT a.wallet AS w, a.inviter AS i FROM ${referralAccount} a
        JOIN touched t ON t.side = 0 AND a.head_left = t.head AND a.pos_left < ${cap} - t.lowest
        WHERE ${active}
        UNION
        SELECT a.wallet, a.inviter FROM ${referralAccount} a
        JOIN touched t ON t.side = 1 AND a.head_right = t.head AND a.pos_right < ${cap} - t.lowest
        WHERE ${active}`,
  );
  if (candidates.length === 0) return false;
  const wallets = candidates.map((r) => text(r.w) as Address);
  const inviterOf = new Map(candidates.map((r) => [text(r.w), r.i === null ? null : (text(r.i) as Address)]));
  const [volumes, carries] = await Promise.all([
    teamRows(db, wallets, D),
    rows(
      db,
      sql`SELECT DISTINCT ON ("user") "user" AS u, left_carry_out::text AS l, right_carry_out::text AS r
          FROM ${binaryDayTable} WHERE "user" IN (SELECT json_array_elements_text(${JSON.stringify(wallets)}::json))
          AND day < ${n(D)} ORDER BY "user", day DESC`,
    ),
  ]);
  const carryOf = new Map(carries.map((r) => [text(r.u), { left: big(r.l), right: big(r.r) }]));
  const inviters = [...new Set([...inviterOf.values()].filter((i): i is Address => i !== null))];
  const earners = await readEarners(db, [...wallets, ...inviters], T);
  const usdt = inputs.usdt;
  const days: Array<Record<string, string>> = [];
  const binaryIncomes: Income[] = [];
  const matchingIncomes: Income[] = [];
  for (const v of volumes) {
    const leftNew = BigInt(v.sides[0].today);
    const rightNew = BigInt(v.sides[1].today);
    if (leftNew === 0n && rightNew === 0n) continue;
    const carry = carryOf.get(v.wallet) ?? { left: 0n, right: 0n };
    const cap = (earners.get(v.wallet)?.orders ?? []).reduce((s, o) => s + o.payment, 0n);
    const b = binaryDay({ leftNew, rightNew, leftCarryIn: carry.left, rightCarryIn: carry.right, cap }, rates);
    days.push({
      user: v.wallet,
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
    binaryIncomes.push({
      id: `binary:${D}:${v.wallet}`,
      earner: v.wallet,
      type: 'binary',
      token: usdt,
      amount: earned,
    });
    const inviter = inviterOf.get(v.wallet) ?? null;
    const matching = matchingIncome(earned, rates);
    if (inviter !== null && matching > 0n)
      matchingIncomes.push({
        id: `matching:${D}:${inviter}:${v.wallet}`,
        earner: inviter,
        type: 'matching',
        token: usdt,
        amount: matching,
      });
  }
  if (days.length === 0) return false;
  const [state] = await rows(db, sql`SELECT next_seq::text AS s FROM ${financeState} WHERE id = 'state'`);
  const loop = loopPackageAt(inputs, T);
  const plan = planIncomes({
    incomes: [...binaryIncomes, ...matchingIncomes],
    earners,
    rates,
    loop,
    nextSeq: big(state!.s),
    loopIdPrefix: `binary:${D}`,
  });
  await writeIncomes(db, plan, { blockNumber, logIndex: 0, timestamp: T, txHash: null }, loop, [
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

/**
 * The days of `days` (ascending 00:00 UTC days) that have something to settle, read in three
 * statements for the whole run instead of three per day: a 480-day jump settles in a handful of
 * statements, not 1,440 (each raw statement costs Ponder a parse and a savepoint). A day T needs
 *   - its prize pool paid when day T − 1 has an unpaid pool (or the pool rolled into it during the run);
 *   - its binary paid when day T − 1 has `referral_leg_day` rows (only purchases write them);
 *   - its release when a tranche with something unreleased is dated within the `releaseDays` before T
 *     (incomes paid during the run add their day).
 */
async function daysWithWork(db: ReferralSql, first: bigint, last: bigint) {
  const from = first - DAY_SECONDS;
  const to = last - DAY_SECONDS;
  // One statement at a time: they share the block's transaction.
  const pools = await rows(
    db,
    sql`SELECT day::text AS d FROM ${prizePoolDay} WHERE day >= ${n(from)} AND day <= ${n(to)} AND paid_at IS NULL AND amount > 0`,
  );
  const legs = await rows(
    db,
    sql`SELECT DISTINCT day::text AS d FROM ${referralLegDay} WHERE day >= ${n(from)} AND day <= ${n(to)}`,
  );
  const tranches = await rows(
    db,
    sql`SELECT DISTINCT day::text AS d FROM ${incomeTranche} WHERE day < ${n(last)} AND released < amount`,
  );
  const days = (list: readonly Row[]) => new Set(list.map((r) => big(r.d)));
  return { pools: days(pools), legs: days(legs), tranches: days(tranches) };
}

/** The referral part of settling `days` (ascending 00:00 UTC days) in block `blockNumber`. */
export async function settleIncomes(
  db: ReferralSql,
  days: readonly bigint[],
  blockNumber: bigint,
  inputs: FinanceInputs,
): Promise<void> {
  if (days.length === 0) return;
  const work = await daysWithWork(db, days[0]!, days.at(-1)!);
  for (const T of days) {
    const D = T - DAY_SECONDS;
    if (work.pools.has(D)) {
      const outcome = await payPrizePool(db, T, blockNumber, inputs);
      if (outcome === 'rolled') work.pools.add(T);
      if (outcome === 'paid') work.tranches.add(T);
    }
    if (work.legs.has(D) && (await payBinary(db, T, blockNumber, inputs))) work.tranches.add(T);
    const since = T - BigInt(referralSettingsAt(inputs.referral, T).releaseDays) * DAY_SECONDS;
    if ([...work.tranches].some((d) => d >= since && d < T)) await release(db, T, blockNumber, inputs);
  }
}
