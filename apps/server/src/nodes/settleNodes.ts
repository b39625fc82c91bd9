/**
 * The node reward pool at the daily settlement (ECONOMY §9), after the finance and referral parts of
 * the same block, for each settled day T (00:00 UTC) in order, of the day D = T − 1 day that ended:
 *   1. D's pool: `poolBps` (the nodes settings in force at D) of D's package payments, plus D's carry in;
 *   2. each node's votes and NFTs as held through the whole of D: the votes are D's minimum (its
 *      `node_day` row, else the start of its next row, else its current votes), the NFTs those that
 *      entered before D's start and left at or after D's end; the share rate the one in force at D's end;
 *   3. `settleNodeDay` (protocol/nodes): the split by power, then inside each node;
 *   4. one statement: D's pool row (pool, paid, power), the carry (dust, or the whole pool without
 *      power) into T's row, a `node_reward_day` row per node with power, the nodes' reward figures, a
 *      `node_reward` bill per account (`node:<D>:<account>`, time T, no transaction) credited and
 *      released at once in USDT (`ledger_balance`, the vault's liabilities).
 * A day without a pool row (no payment, nothing carried) writes nothing. Reads: the pool row, the
 * NFTs held through D, those nodes' votes: the cost is the nodes' NFTs, not the users.
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
          COALESCE(nx.start_share_bps, x.share_bps) AS s
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

/** Pays day D = T − 1 day's node reward pool in the settlement of T (block `blockNumber`). */
async function payNodePool(db: ReferralSql, T: bigint, blockNumber: bigint, inputs: NodesInputs): Promise<void> {
  const D = T - DAY_SECONDS;
  const [row] = await rows(
    db,
    sql`SELECT payments::text AS p, carry_in::text AS c FROM ${nodePoolDay} WHERE day = ${n(D)} AND pool IS NULL`,
  );
  if (row === undefined) return;
  const pool = dayPool(big(row.p), nodesSettingsAt(inputs.settings, D).poolBps, big(row.c));
  const day = settleNodeDay(pool, pool === 0n ? [] : await readNodesOfDay(db, D));
  const usdt = inputs.usdt;
  const rewards = day.nodes.map((r) => ({
    node_id: r.nodeId.toString(),
    votes: r.votes.toString(),
    weight: r.weight,
    power: r.power.toString(),
    reward: r.reward.toString(),
    master_reward: r.masterReward.toString(),
  }));
  const credits = day.credits.map((c) => ({
    id: `node:${D}:${c.account}`,
    user: c.account,
    amount: c.amount.toString(),
  }));
  await db.execute(sql`
    WITH settled AS (
      UPDATE ${nodePoolDay} SET pool = ${n(pool)}, paid = ${n(day.paid)}, power = ${n(day.power)},
        settled_block = ${n(blockNumber)}
      WHERE day = ${n(D)}
    ), carry AS (
      INSERT INTO ${nodePoolDay} AS p (day, payments, carry_in, pool, paid, power, settled_block)
      SELECT ${n(T)}, 0, ${n(day.carry)}, NULL, NULL, NULL, NULL WHERE ${day.carry > 0n}::boolean
      ON CONFLICT (day) DO UPDATE SET carry_in = p.carry_in + excluded.carry_in
    ), rewards AS (
      SELECT * FROM json_to_recordset(${json(rewards)}) AS x(node_id numeric, votes numeric, weight integer,
        power numeric, reward numeric, master_reward numeric)
    ), reward_rows AS (
      INSERT INTO ${nodeRewardDay} (day, node_id, votes, weight, power, reward, master_reward)
      SELECT ${n(D)}, r.node_id, r.votes, r.weight, r.power, r.reward, r.master_reward FROM rewards r
    ), node_totals AS (
      UPDATE ${node} AS x SET reward_total = x.reward_total + r.reward, last_reward = r.reward,
        last_reward_day = ${n(D)}
      FROM rewards r WHERE x.node_id = r.node_id
    ), credits AS (
      SELECT * FROM json_to_recordset(${json(credits)}) AS x(id text, "user" text, amount numeric)
    ), bills AS (
      INSERT INTO ${bill} (id, "user", type, token, amount, block_number, log_index, timestamp, tx_hash)
      SELECT c.id, c."user", 'node_reward', ${usdt}, c.amount, ${n(blockNumber)}, 0, ${n(T)}, NULL FROM credits c
    ), ledger AS (
      INSERT INTO ${ledgerBalance} AS lb ("user", token, credited, unreleased, released, withdrawn, contributed)
      SELECT c."user", ${usdt}, c.amount, 0, c.amount, 0, 0 FROM credits c
      ON CONFLICT ("user", token) DO UPDATE SET credited = lb.credited + excluded.credited,
        released = lb.released + excluded.released
    ), liabilities AS (
      INSERT INTO ${vaultToken} AS vt (token, deposited, withdrawn, exchanged_in, exchanged_out, funded, liabilities)
      SELECT ${usdt}, 0, 0, 0, 0, 0, ${n(day.paid)} WHERE ${day.paid > 0n}::boolean
      ON CONFLICT (token) DO UPDATE SET liabilities = vt.liabilities + excluded.liabilities
    )
    SELECT 1`);
}

/** The nodes' part of settling `days` (ascending 00:00 UTC days) in block `blockNumber`. */
export async function settleNodes(
  db: ReferralSql,
  days: readonly bigint[],
  blockNumber: bigint,
  inputs: NodesInputs,
): Promise<void> {
  for (const T of days) await payNodePool(db, T, blockNumber, inputs);
}

/** At a package purchase: `payment` feeds the node reward pool of its UTC day (`day`). */
export async function feedNodePool(db: ReferralSql, day: bigint, payment: bigint): Promise<void> {
  await db.execute(sql`
    INSERT INTO ${nodePoolDay} AS p (day, payments, carry_in, pool, paid, power, settled_block)
    VALUES (${n(day)}, ${n(payment)}, 0, NULL, NULL, NULL, NULL)
    ON CONFLICT (day) DO UPDATE SET payments = p.payments + excluded.payments`);
}
