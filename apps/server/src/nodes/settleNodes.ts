/**
 * The node reward pool at the daily settlement (ECONOMY §9), after the finance and referral parts of
 * the same block, for each settled day T (00:00 UTC) in order, of the day D = T − 1 day that ended:
 *   1. D's pool: `poolBps` (the nodes settings in force at D) of D's package payments, plus D's carry in;
 *   2. each node's votes and NFTs as held through the whole of D: the votes are D's minimum (its
 *      `node_day` row, else the start of its next row, else its current votes), the NFTs those that
 *      entered before D's start and left at or after D's end (a close ends every NFT of the node); the
 *      share rate the one in force at D's START (review I-4: a change on D counts from D + 1): D's
 *      `node_day` row's start, else the start of its next row, else the current rate;
 *   3. `settleNodeDay` (protocol/nodes): the split by power, then inside each node;
 *   4. the carry (the dust, or the whole pool without power) into T's pool, in memory;
 * then ONE statement for all the block's days: each D's pool row (pool, paid, power), the last carry
 * into the indexed day's row, a `node_reward_day` row per node with power and day, the nodes' reward
 * figures, a `node_reward` bill per account and day (`node:<D>:<account>`, time T, no transaction)
 * credited and released at once in USDT (`ledger_balance`, the vault's liabilities).
 * A day without a pool row and nothing carried writes nothing. Reads: the days' pool rows, and for a
 * day with a pool the NFTs held through it and those nodes' votes: the cost is the nodes' NFTs, not
 * the users, and a many-day jump writes once.
 * Rules: docs/decisions/nodes.md ("Node rewards").
 */
import { DAY_SECONDS } from '@eterno/protocol/finance/rules';
import { dayPool } from '@eterno/protocol/nodes/dayPool';
import { settleNodeDay, type NodeDayInput } from '@eterno/protocol/nodes/settleNodeDay';
import { sql } from 'ponder';
import type { Address } from 'viem';
import {
  bill,
  ledgerBalance,
  node,
  nodeDay,
  nodeMember,
  nodePoolDay,
  nodeRewardDay,
  vaultToken,
} from '../../ponder.schema.ts';
import { big, json, n, text } from '../referral/incomeLedger.ts';
import { int, rows, type ReferralSql } from '../referral/referralSql.ts';
import { nodesSettingsAt, type NodesSettings } from './settings.ts';

export type NodesInputs = { settings: NodesSettings; usdt: Address };

/** What node `nodeId` held through day D (see the file's header), with the NFTs held all day. */
async function readNodesOfDay(db: ReferralSql, D: bigint): Promise<NodeDayInput<Address>[]> {
  const end = D + DAY_SECONDS;
  const nfts = await rows(
    db,
    sql`SELECT node_id::text AS n, account AS a, token_id::text AS t, weight AS w FROM ${nodeMember}
        WHERE joined_at < ${n(D)} AND (quit_at IS NULL OR quit_at >= ${n(end)})
        ORDER BY node_id, block_number, log_index`,
  );
  if (nfts.length === 0) return [];
  const ids = [...new Set(nfts.map((r) => text(r.n)))];
  const nodes = await rows(
    db,
    sql`SELECT x.node_id::text AS n, x.master AS m,
          COALESCE(d.min_votes, nx.start_votes, x.votes)::text AS v,
          COALESCE(d.start_share_bps, nx.start_share_bps, x.share_bps) AS s
        FROM ${node} x
        LEFT JOIN ${nodeDay} d ON d.node_id = x.node_id AND d.day = ${n(D)}
        LEFT JOIN LATERAL (
          SELECT y.start_votes, y.start_share_bps FROM ${nodeDay} y
          WHERE y.node_id = x.node_id AND y.day > ${n(D)} ORDER BY y.day LIMIT 1
        ) nx ON true
        WHERE x.node_id IN (SELECT json_array_elements_text(${JSON.stringify(ids)}::json)::numeric)`,
  );
  return nodes.map((r) => ({
    nodeId: big(r.n),
    master: text(r.m) as Address,
    votes: big(r.v),
    shareBps: int(r.s),
    nfts: nfts
      .filter((x) => text(x.n) === text(r.n))
      .map((x) => ({ account: text(x.a) as Address, tokenId: big(x.t), weight: int(x.w) })),
  }));
}

/**
 * The nodes' part of settling `days` (ascending 00:00 UTC days T) in block `blockNumber`: each day
 * D = T − 1 day in order, its carry passed on in memory, then ONE write for all of them (a jump of
 * 400 days writes once). Reads: the unsettled pool rows of those days, and for a day with a pool the
 * NFTs held through it and their nodes' votes.
 */
export async function settleNodes(
  db: ReferralSql,
  days: readonly bigint[],
  blockNumber: bigint,
  inputs: NodesInputs,
): Promise<void> {
  if (days.length === 0) return;
  const first = days[0]! - DAY_SECONDS;
  const last = days[days.length - 1]!;
  const found = await rows(
    db,
    sql`SELECT day::text AS d, payments::text AS p, carry_in::text AS c FROM ${nodePoolDay}
        WHERE day >= ${n(first)} AND day <= ${n(last)} AND pool IS NULL`,
  );
  if (found.length === 0) return;
  const pending = new Map(found.map((r) => [big(r.d), { payments: big(r.p), carryIn: big(r.c) }]));
  const usdt = inputs.usdt;
  const poolRows: Array<Record<string, string>> = [];
  const rewards: Array<Record<string, string | number>> = [];
  const totals = new Map<bigint, { reward: bigint; last: bigint; day: bigint }>();
  const bills: Array<Record<string, string>> = [];
  const credits = new Map<Address, bigint>();
  let carry = 0n;
  let paid = 0n;
  for (const T of days) {
    const D = T - DAY_SECONDS;
    const row = pending.get(D);
    if (row === undefined && carry === 0n) continue;
    const payments = row?.payments ?? 0n;
    const carryIn = (row?.carryIn ?? 0n) + carry;
    const pool = dayPool(payments, nodesSettingsAt(inputs.settings, D).poolBps, carryIn);
    const day = settleNodeDay(pool, pool === 0n ? [] : await readNodesOfDay(db, D));
    poolRows.push({
      day: D.toString(),
      payments: payments.toString(),
      carry_in: carryIn.toString(),
      pool: pool.toString(),
      paid: day.paid.toString(),
      power: day.power.toString(),
    });
    for (const r of day.nodes) {
      rewards.push({
        day: D.toString(),
        node_id: r.nodeId.toString(),
        votes: r.votes.toString(),
        weight: r.weight,
        power: r.power.toString(),
        reward: r.reward.toString(),
        master_reward: r.masterReward.toString(),
      });
      const t = totals.get(r.nodeId) ?? { reward: 0n, last: 0n, day: 0n };
      totals.set(r.nodeId, { reward: t.reward + r.reward, last: r.reward, day: D });
    }
    for (const c of day.credits) {
      bills.push({ id: `node:${D}:${c.account}`, user: c.account, amount: c.amount.toString(), time: T.toString() });
      credits.set(c.account, (credits.get(c.account) ?? 0n) + c.amount);
    }
    paid += day.paid;
    carry = day.carry;
  }
  if (carry > 0n) {
    // The last day's carry: into the pool of the day being indexed (its payments may already be in).
    const today = pending.get(last) ?? { payments: 0n, carryIn: 0n };
    poolRows.push({
      day: last.toString(),
      payments: today.payments.toString(),
      carry_in: (today.carryIn + carry).toString(),
    });
  }
  await db.execute(sql`
    WITH pool_rows AS (
      INSERT INTO ${nodePoolDay} AS p (day, payments, carry_in, pool, paid, power, settled_block)
      SELECT x.day, x.payments, x.carry_in, x.pool, x.paid, x.power, CASE WHEN x.pool IS NULL THEN NULL ELSE ${n(blockNumber)} END
      FROM json_to_recordset(${json(poolRows)}) AS x(day numeric, payments numeric, carry_in numeric, pool numeric,
        paid numeric, power numeric)
      ON CONFLICT (day) DO UPDATE SET payments = excluded.payments, carry_in = excluded.carry_in, pool = excluded.pool,
        paid = excluded.paid, power = excluded.power, settled_block = excluded.settled_block
    ), reward_rows AS (
      INSERT INTO ${nodeRewardDay} (day, node_id, votes, weight, power, reward, master_reward)
      SELECT x.day, x.node_id, x.votes, x.weight, x.power, x.reward, x.master_reward
      FROM json_to_recordset(${json(rewards)}) AS x(day numeric, node_id numeric, votes numeric, weight integer,
        power numeric, reward numeric, master_reward numeric)
    ), node_totals AS (
      UPDATE ${node} AS x SET reward_total = x.reward_total + t.reward, last_reward = t.last, last_reward_day = t.day
      FROM json_to_recordset(${json(
        [...totals].map(([id, t]) => ({
          node_id: id.toString(),
          reward: t.reward.toString(),
          last: t.last.toString(),
          day: t.day.toString(),
        })),
      )}) AS t(node_id numeric, reward numeric, last numeric, day numeric)
      WHERE x.node_id = t.node_id
    ), bills AS (
      INSERT INTO ${bill} (id, "user", type, token, amount, block_number, log_index, timestamp, tx_hash)
      SELECT x.id, x."user", 'node_reward', ${usdt}, x.amount, ${n(blockNumber)}, 0, x.time, NULL
      FROM json_to_recordset(${json(bills)}) AS x(id text, "user" text, amount numeric, time numeric)
    ), ledger AS (
      INSERT INTO ${ledgerBalance} AS lb ("user", token, credited, unreleased, released, withdrawn, contributed)
      SELECT x."user", ${usdt}, x.amount, 0, x.amount, 0, 0
      FROM json_to_recordset(${json([...credits].map(([user, amount]) => ({ user, amount: amount.toString() })))})
        AS x("user" text, amount numeric)
      ON CONFLICT ("user", token) DO UPDATE SET credited = lb.credited + excluded.credited,
        released = lb.released + excluded.released
    ), liabilities AS (
      INSERT INTO ${vaultToken} AS vt (token, deposited, withdrawn, exchanged_in, exchanged_out, funded, liabilities)
      SELECT ${usdt}, 0, 0, 0, 0, 0, ${n(paid)} WHERE ${paid > 0n}::boolean
      ON CONFLICT (token) DO UPDATE SET liabilities = vt.liabilities + excluded.liabilities
    )
    SELECT 1`);
}

/** At a package purchase: `payment` feeds the node reward pool of its UTC day (`day`). */
export async function feedNodePool(db: ReferralSql, day: bigint, payment: bigint): Promise<void> {
  await db.execute(sql`
    INSERT INTO ${nodePoolDay} AS p (day, payments, carry_in, pool, paid, power, settled_block)
    VALUES (${n(day)}, ${n(payment)}, 0, NULL, NULL, NULL, NULL)
    ON CONFLICT (day) DO UPDATE SET payments = p.payments + excluded.payments`);
}
