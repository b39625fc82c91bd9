/**
 * Issue 20 §1: the indexer killed with SIGKILL in the middle of a daily settlement block and started
 * again on the same schema ends with every figure equal to a run that was never killed.
 *
 * On the real chain (anvil + deploy + seed: deployer ← alice (left); alice ← bob (left), carol (right);
 * here dave = bob's invitee, erin = carol's) and a real server on PostgreSQL:
 *   1. day D0: five package purchases across the referral tree; the block at D0 + 1 settles D0
 *      (allotment, binary, prize pool, node pool); day D0 + 1: two more purchases;
 *   2. one block at D0 + 3 00:10 settles D0 + 2 and D0 + 3 (static incomes, allotment, releases). The
 *      indexer was started with the test-only fault `ETERNO_TEST_SETTLEMENT_HALT_DAY` = D0 + 3
 *      (src/finance/settlementFaults.ts): the settlement of that block stops after its finance and
 *      referral parts are written, inside the block's open transaction, before its node pools, and
 *      prints one line. The test waits for that line, checks it came from the indexer's process at that
 *      block, that nothing of the block is committed, and SIGKILLs the indexer: the kill lands
 *      mid-settlement by construction, not by timing;
 *   3. while it is down, one more purchase; then `ponder start` again on the SAME schema (Ponder's crash
 *      recovery: it waits out the dead process's lock, reverts the unfinalised rows and indexes again
 *      from its last safe checkpoint) up to the head;
 *   4. a second server on a fresh schema indexes the same chain from block 0 (the run never killed).
 * Every table of the indexer's schema (enumerated from information_schema: a new table is compared
 * without a change here; only Ponder's own bookkeeping tables are left out) is equal row for row, and so
 * are the API's answers (bills, orders, team figures, balances, incomes) for each user.
 */
import { DAY_SECONDS, dayStartOf } from '@eterno/protocol/finance/rules';
import { referralRegistryAbi } from '@eterno/protocol/generated/abis';
import { erc20Abi } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SETTLEMENT_HALT_ENV, SETTLEMENT_HALTED_MSG } from '../src/finance/settlementFaults.ts';
import { apiCall } from './apiClient.ts';
import {
  account,
  canonicalTables,
  e18,
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
const PRICES = { 1: e18('100'), 2: e18('500'), 3: e18('1000'), 4: e18('3000') } as const;

type Tables = Record<string, string[]>;
type Answers = Record<string, unknown>;

describe('the indexer killed (SIGKILL) in the middle of a settlement block, PostgreSQL', () => {
  let stack: RealStack;
  let D0: bigint;
  let killBlock: bigint;
  let halted: { msg: string; pid: number; block: string; days: string[] };
  let killedPid: number | undefined;
  let committedAtKill: { lastSettled: string; headBlock: string };
  let apiDuringOutage: { blockNumber: string };
  let restartLog: string;
  let schema: string | undefined;
  let restartedSchema: string | undefined;
  let tableNames: string[];
  let killedRun: { tables: Tables; api: Answers };
  let freshRun: { tables: Tables; api: Answers };

  const buy = (who: TestAccount, id: keyof typeof PRICES) => stack.buyPackage(who, BigInt(id), PRICES[id]);
  async function mineAt(timestamp: bigint) {
    await stack.test.setNextBlockTimestamp({ timestamp });
    await stack.test.mine({ blocks: 1 });
  }

  /** The fault's line in the server log after byte `from`, once it is there (30 s at most). */
  async function haltLine(from: number): Promise<typeof halted> {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const log = (await stack.serverLog()).slice(from);
      const line = log.split('\n').find((l) => l.includes(SETTLEMENT_HALTED_MSG));
      if (line !== undefined) return JSON.parse(line) as typeof halted;
      if (Date.now() > deadline)
        throw new Error(`the settlement did not halt:\n${log.split('\n').slice(-30).join('\n')}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  beforeAll(async () => {
    stack = await RealStack.start('kill');
    const registry = stack.contracts.ReferralRegistry;
    await stack.tx(dave, registry, referralRegistryAbi, 'register', [bob.address, 0]);
    await stack.tx(erin, registry, referralRegistryAbi, 'register', [carol.address, 1]);
    for (const who of [dave, erin])
      await stack.tx(deployer, stack.contracts.USDT, erc20Abi, 'transfer', [who.address, e18('2000')]);
    D0 = dayStartOf((await stack.client.getBlock()).timestamp) + DAY_SECONDS;
    const haltDay = D0 + 3n * DAY_SECONDS;
    await stack.startServer({ postgres: true, settings: { [SETTLEMENT_HALT_ENV]: haltDay.toString() } });

    // Day D0: purchases across the tree (direct and indirect incomes, team volumes on both legs).
    await mineAt(D0 + 600n);
    await buy(alice, 3);
    await buy(bob, 2);
    await buy(carol, 2);
    await buy(dave, 3);
    await buy(erin, 2);
    // D0 + 1: D0 settled (allotment, binary, prize pool); two more purchases that day.
    await mineAt(D0 + DAY_SECONDS + 600n);
    await buy(bob, 1);
    await buy(erin, 1);
    await stack.waitHead();

    // The settlement block: D0 + 2 and D0 + 3 at once. The indexer halts inside it; then it is killed.
    const logFrom = (await stack.serverLog()).length;
    await mineAt(haltDay + 600n);
    killBlock = await stack.client.getBlockNumber({ cacheTime: 0 });
    halted = await haltLine(logFrom);
    killedPid = stack.server.indexerPid;
    const [state] = await stack.indexerQuery<{ last_settled: string }>('SELECT last_settled FROM finance_state');
    const [head] = await stack.indexerQuery<{ block_number: string }>('SELECT block_number FROM indexed_head');
    committedAtKill = { lastSettled: String(state!.last_settled), headBlock: String(head!.block_number) };
    const apiUrl = stack.server.url;
    schema = await stack.killIndexer(async () => {
      // The API process outlives the indexer: it answers at the last committed block.
      apiDuringOutage = (await apiCall(apiUrl, 'GET', '/vault/stats', null)).body as { blockNumber: string };
    });

    // The outage: the chain goes on (one more purchase). Then the indexer again on the same schema, and
    // beside it the run never killed: a fresh schema, the same chain from block 0 (started together, the
    // second indexes while the first waits out the dead process's schema lock).
    await buy(carol, 1);
    const restartFrom = (await stack.serverLog()).length;
    const [restarted, fresh] = await Promise.all([
      stack.startServer({ postgres: true, schema }),
      stack.startServerBeside({ dir: 'fresh' }),
    ]);
    restartedSchema = restarted.schema;
    await stack.waitHead(restarted);
    await stack.waitHead(fresh);
    restartLog = (await stack.serverLog()).slice(restartFrom);
    tableNames = await stack.indexerTables(restarted);
    expect(await stack.indexerTables(fresh)).toEqual(tableNames);
    killedRun = {
      api: await userAnswers(restarted.url, USERS),
      tables: canonicalTables(await stack.readIndexerTables(restarted, tableNames)),
    };
    freshRun = {
      api: await userAnswers(fresh.url, USERS),
      tables: canonicalTables(await stack.readIndexerTables(fresh, tableNames)),
    };
  }, 600_000);

  afterAll(async () => {
    await stack?.stop();
  });

  it('halted the indexer inside the settlement of the block at D0 + 3, before anything of that block was committed', () => {
    expect(halted.pid).toBe(killedPid);
    expect(halted.block).toBe(killBlock.toString());
    expect(halted.days).toEqual([D0 + 2n * DAY_SECONDS, D0 + 3n * DAY_SECONDS].map(String));
    // What the database held when the kill landed: D0 + 1 settled, the block before the settlement block.
    expect(committedAtKill).toEqual({
      lastSettled: (D0 + DAY_SECONDS).toString(),
      headBlock: (killBlock - 1n).toString(),
    });
    // With the indexer dead the API still answered, at that block.
    expect(apiDuringOutage.blockNumber).toBe((killBlock - 1n).toString());
  });

  it('started again on the same schema through Ponder’s crash recovery', () => {
    expect(schema).toBeDefined();
    expect(restartedSchema).toBe(schema);
    expect(restartLog).toContain('Detected crash recovery');
  });

  it('holds every table equal row for row to a run that was never killed', () => {
    // The tables the settlement writes are among those compared, and hold its rows.
    for (const t of ['finance_state', ...SETTLEMENT_TABLES]) expect(killedRun.tables[t]?.length, t).toBeGreaterThan(0);
    for (const t of tableNames) expect(killedRun.tables[t], t).toEqual(freshRun.tables[t]);
    const rounds = killedRun.tables.finance_round!.map((r) => (JSON.parse(r) as { settles_at: string }).settles_at);
    expect(rounds).toEqual(expect.arrayContaining([2n, 3n].map((k) => (D0 + k * DAY_SECONDS).toString())));
  });

  it('answers every user the same bills, orders, team figures and balances as the run never killed', () => {
    expect(Object.keys(killedRun.api).length).toBe(USERS.length * 7 + 1);
    expect(killedRun.api).toEqual(freshRun.api);
  });
});
