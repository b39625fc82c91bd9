/**
 * `indexer.purchase_depth_10000_ms`: the referral part of indexing one package purchase
 * (apps/server/src/referral/referralWrites.ts `recordTeamVolume` and
 * apps/server/src/referral/purchaseIncomes.ts `recordPurchaseIncomes`, the code the purchase hook
 * runs: the buyer has 10 inviter levels, each with an order in progress, so every level earns)
 * by the account at the bottom of a 10,000-deep straight leg, on PostgreSQL, in Ponder's own
 * tables with its reorg triggers on, inside a transaction as a live block's.
 *
 * A fresh anvil with the contracts deployed; the server (`ponder start` on PostgreSQL) indexes it,
 * which makes the tables and their reorg triggers, and is stopped. A genesis root with a left leg
 * 10,000 deep (and every account's member count in the leg's Fenwick rows) is written straight into
 * the tables; then each run adds one purchase in its own transaction (rolled back). The figure is
 * the median of the runs; the purchase one seat below the root is measured the same way beside it,
 * which shows that the depth does not matter.
 */
import { pgReferralSql } from '@eterno/server/referral/pgReferralSql';
import { loopPackageAt } from '@eterno/server/finance/inputs';
import { loadFinanceSettings } from '@eterno/server/finance/settings';
import { loadNodesSettings } from '@eterno/server/nodes/settings';
import { loadReferralSettings, referralSettingsAt } from '@eterno/server/referral/incomeSettings';
import { recordPurchaseIncomes } from '@eterno/server/referral/purchaseIncomes';
import { recordTeamVolume } from '@eterno/server/referral/referralWrites';
import { withIndexedPostgres, beginLiveBlock } from './indexedPostgres.ts';
import { emptyTree, walletOfId, writeTree } from './referralFill.ts';

export const LEG_DEPTH = 10_000;
export const PURCHASE_RUNS = 21;

export type PurchaseIndexingFigures = { deepMs: number; deepMaxMs: number; shallowMs: number; reorgRows: number };

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const round = (ms: number): number => Math.round(ms * 100) / 100;

export async function measurePurchaseIndexing(): Promise<PurchaseIndexingFigures> {
  return withIndexedPostgres('referral', { keepServer: false }, async ({ client }) => {
    const day = 20_000n * 86_400n;
    const t = emptyTree(day);
    for (let i = 0; i < LEG_DEPTH; i++) t.tree.seatUnder(t.tree.legEnd(1, 0), 0);
    await writeTree(client, t);
    const bottom = walletOfId(t.tree.accounts.length);
    if (t.tree.byId(t.tree.accounts.length).depth !== LEG_DEPTH) throw new Error('the leg is not 10,000 deep');

    // The inviter tree: each buyer's 10 levels are the 10 accounts above it, each with an order in
    // progress (allotted 10 days before), so every level earns and the loop and ledger rows are written.
    const usdt = '0x00000000000000000000000000000000000000a1' as const;
    const inputs = {
      settings: loadFinanceSettings({}),
      referral: loadReferralSettings({}),
      nodes: loadNodesSettings({}),
      usdt,
      etro: usdt,
      eusd: usdt,
    };
    const uplineIds = (id: number) => Array.from({ length: Math.min(10, id - 1) }, (_, i) => id - 1 - i);
    const buyers = [t.tree.accounts.length, 2];
    // Written with the triggers off, like the tree: they stand for rows indexed long ago.
    await client.query('BEGIN');
    await client.query('SET LOCAL session_replication_role = replica');
    await client.query('DELETE FROM finance_order');
    await client.query(
      `INSERT INTO referral_upline (descendant, level, ancestor, descendant_id)
       SELECT x.d, x.l, x.a, x.i FROM json_to_recordset($1::json) AS x(d text, l integer, a text, i integer)`,
      [
        JSON.stringify(
          buyers.flatMap((id) =>
            uplineIds(id).map((a, k) => ({ d: walletOfId(id), l: k + 1, a: walletOfId(a), i: id })),
          ),
        ),
      ],
    );
    const earners = [...new Set(buyers.flatMap(uplineIds))];
    await client.query(
      `INSERT INTO finance_order (seq, event_id, "user", nonce, package_id, units, registration_type, payment,
         multiple01_bps, multiple02_bps, allocation01_bps, daily_rate_bps, reward_limit, gained, dynamic_gained,
         gained_usdt, gained_etro, etro_owed, status, created_at, allotted_at, finished_at, tx_hash, block_number, log_index)
       SELECT k, 'bench-' || k, x, k, 2, 5, 'first', 500e18, 20000, 30000, 6000, 50, 1200e18, 0, 0, 0, 0, 0,
         'in_progress', $2::numeric - 11 * 86400, $2::numeric - 10 * 86400, NULL, NULL, 1, 0
       FROM unnest($1::text[]) WITH ORDINALITY AS u(x, k)`,
      [earners.map(walletOfId), day.toString()],
    );
    await client.query('COMMIT');
    const place = { blockNumber: 1n, logIndex: 0, timestamp: day + 3_600n, txHash: `0x${'0'.repeat(64)}` as const };

    const db = pgReferralSql(client);
    const once = async (buyer: `0x${string}`): Promise<{ ms: number; reorgRows: number }> => {
      await beginLiveBlock(client);
      const started = performance.now();
      await recordTeamVolume(db, buyer, 100n * 10n ** 18n, day + 3_600n);
      const plan = await recordPurchaseIncomes(db, {
        eventId: 'bench',
        buyer,
        payment: 100n * 10n ** 18n,
        place,
        rates: referralSettingsAt(inputs.referral, place.timestamp),
        loop: loopPackageAt(inputs, place.timestamp),
        usdt,
        lastSettled: day,
        nextSeq: BigInt(earners.length + 1),
      });
      const ms = performance.now() - started;
      if (plan.bills.length < Math.min(10, uplineIds(Number(BigInt(buyer))).length))
        throw new Error(`the purchase paid ${plan.bills.length} incomes, expected one per inviter level`);
      const reorg = await client.query<{ n: string }>(
        `SELECT (SELECT count(*) FROM "_reorg__referral_leg") + (SELECT count(*) FROM "_reorg__referral_leg_day")
           + (SELECT count(*) FROM "_reorg__referral_account") AS n`,
      );
      const [root] = (
        await client.query<{ v: string }>(`SELECT volume::text AS v FROM referral_leg WHERE head = 1 AND side = 0
           AND idx = (SELECT max(idx) FROM referral_leg WHERE head = 1 AND side = 0)`)
      ).rows;
      await client.query('ROLLBACK');
      if (root === undefined || BigInt(root.v) !== 100n * 10n ** 18n)
        throw new Error('the purchase did not reach the leg’s total (Fenwick row CAP of chain 1/left)');
      return { ms, reorgRows: Number(reorg.rows[0]!.n) };
    };
    const deep: number[] = [];
    const shallow: number[] = [];
    let reorgRows = 0;
    for (let i = 0; i < PURCHASE_RUNS; i++) {
      const d = await once(bottom);
      deep.push(d.ms);
      reorgRows = d.reorgRows;
      shallow.push((await once(walletOfId(2))).ms);
    }
    return {
      deepMs: round(median(deep)),
      deepMaxMs: round(Math.max(...deep)),
      shallowMs: round(median(shallow)),
      reorgRows,
    };
  });
}
