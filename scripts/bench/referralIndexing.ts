/**
 * `indexer.purchase_depth_10000_ms`: the referral part of indexing one package purchase
 * (apps/server/src/referral/referralWrites.ts `recordTeamVolume`, the code the purchase hook runs)
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

    const db = pgReferralSql(client);
    const once = async (buyer: `0x${string}`): Promise<{ ms: number; reorgRows: number }> => {
      await beginLiveBlock(client);
      const started = performance.now();
      await recordTeamVolume(db, buyer, 100n * 10n ** 18n, day + 3_600n);
      const ms = performance.now() - started;
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
