/**
 * Issue 20 §1: a reorg deeper than the confirmation depth across a settlement — the figures the live
 * indexer rebuilds equal the new branch's.
 *
 * On the real chain (anvil + deploy + seed: deployer ← alice (left); alice ← bob (left), carol (right);
 * here dave = bob's invitee, erin = carol's) and a real server on PostgreSQL with the deployments'
 * confirmation depth at 2:
 *   - day D0: alice, bob and carol buy packages; the block at D0 + 1 settles D0; the chain is snapshot
 *     (anvil `evm_snapshot`) there;
 *   - the old branch, indexed live: on D0 + 1 dave and erin buy; the block at D0 + 2 00:10 settles D0 + 1
 *     (it allots their orders); alice buys on D0 + 2 — 7 blocks past the fork;
 *   - the chain reverts to the snapshot (`evm_revert`) and grows another branch, longer, that the live
 *     indexer follows (Ponder's reorg: the rows of the dropped blocks reverted, the new ones indexed): on
 *     D0 + 1 erin and carol buy other packages, D0 + 1 is settled at 00:20, bob buys on D0 + 2;
 *   - a second server on a fresh schema indexes the new branch from block 0.
 * Every table of the indexer's schema (information_schema; only Ponder's bookkeeping left out) is equal
 * row for row between the two, and so are the API's answers for each user; the old branch's orders and
 * its settlement are gone from the live server.
 */
import { DAY_SECONDS, dayStartOf } from '@eterno/protocol/finance/rules';
import { referralRegistryAbi } from '@eterno/protocol/generated/abis';
import { erc20Abi } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  account,
  canonicalTables,
  e18,
  low,
  RealStack,
  SETTLEMENT_TABLES,
  userAnswers,
  type TestAccount,
} from './realStack.ts';

const deployer = account(0);
const alice = account(1);
const bob = account(2);
const carol = account(3);
const dave = account(4);
const erin = account(5);
const USERS = [alice, bob, carol, dave, erin];
/** Package id → price in the shipped settings (1 unit = 100 USDT). */
const PRICES = { 1: e18('100'), 2: e18('500'), 3: e18('1000') } as const;
const CONFIRMATIONS = 2;

type Tables = Record<string, string[]>;
type Run = { tables: Tables; api: Record<string, unknown> };
type OrderRow = { user: string; package_id: string; status: string; allotted_at: string | null };

describe('a reorg deeper than the confirmations across a settlement, PostgreSQL', () => {
  let stack: RealStack;
  let D0: bigint;
  let depth: bigint;
  let oldBranch: { orders: OrderRow[]; round: Record<string, unknown> | undefined };
  let reorgLog: string;
  let tableNames: string[];
  let live: Run;
  let fresh: Run;

  const buy = (who: TestAccount, id: keyof typeof PRICES) => stack.buyPackage(who, BigInt(id), PRICES[id]);
  async function mineAt(timestamp: bigint) {
    await stack.test.setNextBlockTimestamp({ timestamp });
    await stack.test.mine({ blocks: 1 });
  }
  const head = () => stack.client.getBlockNumber({ cacheTime: 0 });
  const round = async (settlesAt: bigint) =>
    (await stack.indexerQuery('SELECT * FROM finance_round WHERE settles_at = $1', [settlesAt.toString()]))[0];

  beforeAll(async () => {
    stack = await RealStack.start('settlement-reorg');
    const registry = stack.contracts.ReferralRegistry;
    await stack.tx(dave, registry, referralRegistryAbi, 'register', [bob.address, 0]);
    await stack.tx(erin, registry, referralRegistryAbi, 'register', [carol.address, 1]);
    for (const who of [dave, erin])
      await stack.tx(deployer, stack.contracts.USDT, erc20Abi, 'transfer', [who.address, e18('2000')]);
    D0 = dayStartOf((await stack.client.getBlock()).timestamp) + DAY_SECONDS;
    await stack.startServer({ postgres: true, confirmations: CONFIRMATIONS });

    // Day D0, settled by the block at D0 + 1: the common part of both branches.
    await mineAt(D0 + 600n);
    await buy(alice, 3);
    await buy(bob, 2);
    await buy(carol, 2);
    await mineAt(D0 + DAY_SECONDS + 600n);
    await stack.waitHead();
    const fork = await head();
    const snapshot = await stack.test.snapshot();

    // The old branch, indexed live: D0 + 1's purchases and its settlement.
    await buy(dave, 3);
    await buy(erin, 2);
    await mineAt(D0 + 2n * DAY_SECONDS + 600n);
    await buy(alice, 1);
    await stack.waitHead();
    const oldHead = await head();
    depth = oldHead - fork;
    oldBranch = {
      orders: await stack.indexerQuery<OrderRow>('SELECT "user", package_id, status, allotted_at FROM finance_order'),
      round: await round(D0 + 2n * DAY_SECONDS),
    };

    // The reorg: back to the fork, and a longer branch with other purchases and a settlement at another time.
    const logFrom = (await stack.serverLog()).length;
    await stack.test.revert({ id: snapshot });
    await buy(erin, 3);
    await buy(carol, 1);
    await mineAt(D0 + 2n * DAY_SECONDS + 1200n);
    await buy(bob, 1);
    await stack.test.mine({ blocks: Number(oldHead - (await head())) + 2 });
    await stack.waitHead();
    reorgLog = (await stack.serverLog()).slice(logFrom);

    // The new branch indexed from block 0 by a server of its own.
    const rebuilt = await stack.startServerBeside({ dir: 'fresh' });
    await stack.waitHead(rebuilt);
    tableNames = await stack.indexerTables();
    expect(await stack.indexerTables(rebuilt)).toEqual(tableNames);
    live = {
      api: await userAnswers(stack.server.url, USERS),
      tables: canonicalTables(await stack.readIndexerTables(stack.server, tableNames)),
    };
    fresh = {
      api: await userAnswers(rebuilt.url, USERS),
      tables: canonicalTables(await stack.readIndexerTables(rebuilt, tableNames)),
    };
  }, 600_000);

  afterAll(async () => {
    await stack?.stop();
  });

  it('indexed the old branch and its settlement live, then followed a reorg deeper than the confirmations', () => {
    expect(depth).toBeGreaterThan(BigInt(CONFIRMATIONS));
    // The old branch's settlement of D0 + 1 allotted dave's and erin's orders.
    const allotted = oldBranch.orders.filter((o) => o.allotted_at === (D0 + 2n * DAY_SECONDS).toString());
    expect(allotted.map((o) => o.user).sort()).toEqual([low(dave.address), low(erin.address)].sort());
    expect(oldBranch.round).toMatchObject({ allotted_count: 2 });
    expect(reorgLog).toContain('Reorged block');
  });

  it('holds every table equal row for row to a fresh indexing of the new branch', () => {
    for (const t of SETTLEMENT_TABLES) expect(live.tables[t]?.length, t).toBeGreaterThan(0);
    for (const t of tableNames) expect(live.tables[t], t).toEqual(fresh.tables[t]);
  });

  it('kept nothing of the old branch: its orders are gone and D0 + 1 is settled as the new branch has it', () => {
    const orders = live.tables.finance_order!.map((r) => JSON.parse(r) as Record<string, string | null>);
    expect(orders.some((o) => o.user === low(dave.address))).toBe(false);
    const erins = orders.filter((o) => o.user === low(erin.address));
    expect(erins.map((o) => [o.package_id, o.allotted_at])).toEqual([['3', (D0 + 2n * DAY_SECONDS).toString()]]);
    const rounds = live.tables.finance_round!.map((r) => JSON.parse(r) as Record<string, string | null>);
    expect(rounds.find((r) => r.settles_at === (D0 + 2n * DAY_SECONDS).toString())).toMatchObject({
      allotted_count: '2',
    });
  });

  it('answers every user the same bills, orders, team figures and balances as the fresh indexing', () => {
    expect(Object.keys(live.api).length).toBeGreaterThan(USERS.length);
    expect(live.api).toEqual(fresh.api);
  });
});
