/**
 * `settlement.daily_100k_orders_s`: one daily finance settlement (apps/server/src/finance/settlement.ts,
 * the code the indexer's `FinanceSettlement` block handler runs) over 100,000 in-progress orders of
 * 50,000 users, on PostgreSQL, in Ponder's own tables with Ponder's reorg triggers in place.
 *
 * A fresh anvil with the contracts deployed; the server (`ponder start` on PostgreSQL) indexes it,
 * which makes the tables, their reorg triggers and the pair's `Sync` rows (the day's TWAP), and is
 * stopped. The 100,000 orders are then written straight into `finance_order` with triggers off
 * (they stand for orders indexed long ago, allotted over the last 30 days, with those days' rounds
 * and the buyers' USDT ledger rows), and the settlement of the next day runs in one transaction
 * with the triggers on, as a live block's would: it reads the orders, derives each one's gains so
 * far, pays each its income (one bill per user and token: 100,000), credits 50,000 users in two
 * tokens, writes the round. The figure is the wall time of that call; the rows its triggers
 * recorded for a reorg are printed beside it.
 */
import { readFinanceInputs } from '@eterno/server/finance/inputs';
import { pgFinanceSql } from '@eterno/server/finance/pgFinanceSql';
import { settleDays, type SettlementTiming } from '@eterno/server/finance/settleDays';
import { withIndexedPostgres, beginLiveBlock } from './indexedPostgres.ts';
import { randomTree, writeTree } from './referralFill.ts';

export const SETTLEMENT_ORDERS = 100_000;
const USERS = 50_000;
const DAY = 86_400n;

export type SettlementFigures = {
  /** The whole day: the finance statement and the referral part (`settleDays`). */
  seconds: number;
  /** The referral part alone. */
  referralSeconds: number;
  bills: number;
  /** The referral part's bills (binary, matching, their burn and loop shares, the loop orders' none). */
  referralBills: number;
  reorgRows: number;
};

export async function measureSettlement(): Promise<SettlementFigures> {
  return withIndexedPostgres('settlement', { keepServer: false }, async ({ deploymentsFile, client }) => {
    const inputs = readFinanceInputs({ ETERNO_DEPLOYMENTS: deploymentsFile });
    const [state] = (
      await client.query<{ last: string; block: string }>(
        `SELECT s.last_settled::text AS last, h.block_number::text AS block
         FROM finance_state s, indexed_head h WHERE s.id = 'state' AND h.id = 'head'`,
      )
    ).rows;
    if (state === undefined) throw new Error('the indexer made no finance_state row');
    const lastSettled = BigInt(state.last);

    // 100,000 orders of 1 to 50 units, allotted over the last 30 settled days (their rounds, with a
    // price, written too), so the settlement derives each one's gains so far from its allotment day.
    await client.query('BEGIN');
    await client.query('SET LOCAL session_replication_role = replica');
    await client.query(
      `INSERT INTO finance_round (settles_at, quota, queue_length, queue_amount, allotted_count, allotted,
         income_orders, income_usdt, income_etro, finished_count, matured_count, matured_amount, etro_price, block_number)
       SELECT $1::numeric - d * 86400, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 5e17, 1 FROM generate_series(0, 29) AS d`,
      [lastSettled.toString()],
    );
    await client.query(
      `INSERT INTO finance_order (seq, event_id, "user", package_id, units, registration_type, payment,
         multiple01_bps, multiple02_bps, allocation01_bps, daily_rate_bps, reward_limit, gained, dynamic_gained, gained_usdt,
         gained_etro, etro_owed, status, created_at, allotted_at, finished_at, tx_hash, block_number, log_index, nonce)
       SELECT i, 'bench-' || i, '0x' || lpad(to_hex(1 + i % $1), 40, '0'), 1 + i % 5, u, 'first', u * 100e18,
         20000, 30000, 6000, 50, u * 240e18, 0, 0, 0, 0, 0, 'in_progress',
         $2::numeric - 86400 * (1 + i % 30), $2::numeric - 86400 * (i % 30), NULL, '0x' || lpad('', 64, '0'), 1, 0, i / $1
       FROM generate_series(1, $3) AS i, LATERAL (SELECT (ARRAY[1, 5, 10, 30, 50])[1 + i % 5] AS u) units`,
      [USERS, lastSettled.toString(), SETTLEMENT_ORDERS],
    );
    // The buyers' ledger rows (their payments were contributions): the day's credits update them.
    await client.query(
      `INSERT INTO ledger_balance ("user", token, credited, unreleased, released, withdrawn, contributed)
       SELECT '0x' || lpad(to_hex(u), 40, '0'), $2, 0, 0, 0, 0, 1000e18 FROM generate_series(1, $1) AS u`,
      [USERS, inputs.usdt.toLowerCase()],
    );
    // Past the orders written above: the loop orders the referral part creates take the next numbers.
    await client.query(`UPDATE finance_state SET next_seq = $1::numeric + 1 WHERE id = 'state'`, [SETTLEMENT_ORDERS]);
    await client.query('COMMIT');
    await client.query('ANALYZE finance_order');
    await client.query('ANALYZE ledger_balance');
    await client.query('ANALYZE finance_round');
    // The 50,000 users in one referral tree (the orders' users are its accounts 1…50,000), a fifth of
    // their payments on the day that ends (D = the last settled day): the binary and matching incomes
    // of the accounts in the chains D's payments touched are the referral part's work.
    await writeTree(client, randomTree(USERS, lastSettled));

    const db = pgFinanceSql(client);
    await beginLiveBlock(client);
    const timing: SettlementTiming = { financeMs: 0, referralMs: 0 };
    const started = performance.now();
    await settleDays(db, lastSettled, lastSettled + DAY, BigInt(state.block), inputs, timing);
    const ended = performance.now();
    const [seconds, referralSeconds] = [(ended - started) / 1000, timing.referralMs / 1000];
    const round = await client.query<{ n: number }>(
      `SELECT income_orders AS n FROM finance_round WHERE settles_at = $1::numeric`,
      [(lastSettled + DAY).toString()],
    );
    const reorg = await client.query<{ n: number }>(
      `SELECT (SELECT count(*) FROM "_reorg__finance_order") + (SELECT count(*) FROM "_reorg__bill")
         + (SELECT count(*) FROM "_reorg__ledger_balance") AS n`,
    );
    const bills = await client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM bill WHERE type = 'finance_income'`,
    );
    const referralBills = await client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM bill WHERE type <> 'finance_income' AND block_number = $1`,
      [state.block],
    );
    await client.query('ROLLBACK');
    if (round.rows[0]?.n !== SETTLEMENT_ORDERS)
      throw new Error(`the settlement paid ${round.rows[0]?.n} orders, not ${SETTLEMENT_ORDERS}`);
    return {
      seconds,
      referralSeconds,
      bills: bills.rows[0]!.n,
      referralBills: referralBills.rows[0]!.n,
      reorgRows: Number(reorg.rows[0]!.n),
    };
  });
}
