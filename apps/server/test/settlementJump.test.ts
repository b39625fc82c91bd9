/**
 * ECONOMY §10: "a block that crosses several midnights settles each day in order, finance statement then
 * referral part, exactly as if each day had its own block". On the real chain (anvil + deploy + seed)
 * and a real server (PGlite and PostgreSQL): the same transactions of one day D0, then
 *   A. three one-day blocks (D0 + 1, + 2, + 3 at 00:10), indexed live;
 *   B. (the chain reverted to before A) ONE block at D0 + 3 00:10, indexed from scratch by a new server;
 * and every figure of the two is compared: each order, round, bill, ledger row, team figure, income
 * tranche, loop balance, prize pool, binary day (carry), node pool — all but the settling block's number.
 *
 * The day D0 is built so that the days depend on each other: bob's FAST package (80 % a day) is nearly
 * filled by incomes during D0, allotted at D0 + 1 and filled by that day's prize pool and binary income
 * (so it must finish at D0 + 2, not earn static income there); carol's loop balance crosses a unit with
 * D0's binary income (a loop order made at D0 + 1 and allotted at D0 + 2); carol's binary carries 2,000
 * on; the pools' dust rolls on day by day; D0's tranches release at each settlement.
 * Team (automatic placement): dave = bob's left, erin = bob's right, frank = dave's left (dave's
 * invitee), gina = carol's left, hank = carol's right.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DAY_SECONDS, dayStartOf } from '@eterno/protocol/finance/rules';
import { referralRegistryAbi } from '@eterno/protocol/generated/abis';
import { erc20Abi, type Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account, DATABASES, e18, low, RealStack, type TestAccount } from './realStack.ts';

const deployer = account(0);
const alice = account(1);
const bob = account(2);
const carol = account(3);
const dave = account(4);
const erin = account(5);
const frank = account(6);
const gina = account(7);
const hank = account(8);
/** A package of the shipped catalogue that fills in three days: 1 unit at 80 % a day (limit 240). */
const FAST = {
  id: 9,
  units: 1,
  multiple01Bps: 20000,
  multiple02Bps: 30000,
  allocation01Bps: 6000,
  dailyRateBps: 8000,
  cyclesMax: 5,
};
const PRICES = { 2: e18('500'), 3: e18('1000'), 4: e18('3000'), 9: e18('100') } as const;

/** Every table the settlement (finance, referral, nodes) writes or reads. */
const TABLES = [
  'finance_order',
  'finance_round',
  'finance_state',
  'regular_order',
  'bill',
  'ledger_balance',
  'vault_token',
  'referral_account',
  'referral_leg',
  'referral_leg_day',
  'referral_income',
  'income_tranche',
  'prize_pool_day',
  'prize_volume_day',
  'binary_day',
  'node_pool_day',
  'node_reward_day',
] as const;
/** Where on chain a settlement ran: one block in B, three in A; nothing else may differ. */
const WHERE = new Set(['block_number', 'settled_block']);

type Tables = Record<string, string[]>;

describe.each(DATABASES)('a three-day jump equals three one-day blocks on $name', ({ postgres }) => {
  let stack: RealStack;
  let D0: bigint;
  let oneDayBlocks: Tables;
  let threeDayJump: Tables;
  let financeSettings: string;

  const tx = (who: TestAccount, address: Address, abi: Parameters<RealStack['tx']>[2], fn: string, args: unknown[]) =>
    stack.tx(who, address, abi, fn, args);
  const buy = (who: TestAccount, id: keyof typeof PRICES) => stack.buyPackage(who, BigInt(id), PRICES[id]);
  async function mineAt(timestamp: bigint) {
    await stack.test.setNextBlockTimestamp({ timestamp });
    await stack.test.mine({ blocks: 1 });
  }
  /** The tables as rows of sorted JSON (the columns of `WHERE` left out), each table sorted. */
  async function read(): Promise<Tables> {
    const raw = await stack.stopAndReadTables(TABLES);
    return Object.fromEntries(
      TABLES.map((t) => [
        t,
        raw[t]!.map((r) =>
          JSON.stringify(
            Object.fromEntries(
              Object.entries(r)
                .filter(([k]) => !WHERE.has(k))
                .sort(([a], [b]) => (a < b ? -1 : 1)),
            ),
          ),
        ).sort(),
      ]),
    );
  }
  const rowsOf = (tables: Tables, table: string) =>
    tables[table]!.map((r) => JSON.parse(r) as Record<string, string | null>);

  beforeAll(async () => {
    stack = await RealStack.start('jump');
    const registry = stack.contracts.ReferralRegistry;
    await tx(dave, registry, referralRegistryAbi, 'register', [bob.address, 0]);
    await tx(erin, registry, referralRegistryAbi, 'register', [bob.address, 1]);
    await tx(frank, registry, referralRegistryAbi, 'register', [dave.address, 0]);
    await tx(gina, registry, referralRegistryAbi, 'register', [carol.address, 0]);
    await tx(hank, registry, referralRegistryAbi, 'register', [carol.address, 1]);
    for (const [who, amount] of [
      [dave, '1000'],
      [erin, '500'],
      [frank, '500'],
      [gina, '3000'],
      [hank, '1000'],
    ] as const)
      await tx(deployer, stack.contracts.USDT, erc20Abi, 'transfer', [who.address, e18(amount)]);
    const shipped = JSON.parse(await readFile(join(import.meta.dirname, '../settings/finance.json'), 'utf8')) as Array<{
      packages: object[];
    }>;
    financeSettings = join(stack.dataDir, 'finance.json');
    await writeFile(financeSettings, JSON.stringify(shipped.map((v) => ({ ...v, packages: [...v.packages, FAST] }))));
    await stack.startServer({ postgres, financeSettings });
    await stack.waitHead();

    // Day D0: every purchase.
    D0 = dayStartOf((await stack.client.getBlock()).timestamp) + DAY_SECONDS;
    await mineAt(D0 + 600n);
    await buy(alice, 4); // room 7,200: alice earns every day (the matching incomes of bob and carol)
    await buy(bob, 9);
    await buy(carol, 2);
    await buy(dave, 3); // bob direct 100 (room 240 → 140)
    await buy(erin, 2); // bob direct 50 (→ 90)
    await buy(frank, 2); // dave direct 50, bob indirect 25 (→ 65)
    await buy(gina, 4); // carol direct 300
    await buy(hank, 3); // carol direct 100: loop balance 80
    await stack.waitHead();
    const snapshot = await stack.test.snapshot();

    // A: three one-day blocks, each indexed live.
    for (const day of [1n, 2n, 3n]) {
      await mineAt(D0 + day * DAY_SECONDS + 600n);
      await stack.waitHead();
    }
    oneDayBlocks = await read();

    // B: the same chain up to D0's last purchase, then one block three days later, indexed from scratch.
    await stack.test.revert({ id: snapshot });
    await mineAt(D0 + 3n * DAY_SECONDS + 600n);
    await stack.startServer({ postgres, financeSettings, dir: 'server-jump' });
    await stack.waitHead();
    threeDayJump = await read();
  }, 900_000);

  afterAll(async () => {
    await stack?.stop();
  });

  it('the one-day blocks exercised what ties the days together', () => {
    const orders = rowsOf(oneDayBlocks, 'finance_order');
    const T = (k: bigint) => (D0 + k * DAY_SECONDS).toString();
    // bob's FAST order: allotted at D0 + 1, filled by that day's incomes, finished at D0 + 2 with no
    // static income (its whole limit is dynamic).
    const fast = orders.find((o) => o.user === low(bob.address))!;
    expect(fast).toMatchObject({ status: 'finished', allotted_at: T(1n), finished_at: T(2n), gained: '0' });
    expect(BigInt(fast.dynamic_gained!)).toBe(e18('240'));
    // carol's loop order made by D0's binary at D0 + 1, allotted at D0 + 2.
    const loops = orders.filter((o) => o.user === low(carol.address) && o.registration_type === 'loop');
    expect(loops.map((o) => [o.created_at, o.allotted_at])).toEqual([[T(1n), T(2n)]]);
    // carol's binary of D0: 3,000 left, 1,000 right → 2,000 carried on.
    expect(rowsOf(oneDayBlocks, 'binary_day').find((r) => r.user === low(carol.address))).toMatchObject({
      matched: e18('1000').toString(),
      left_carry_out: e18('2000').toString(),
    });
    // D0's pool's dust rolled on every day since (nobody bought after D0).
    const pools = rowsOf(oneDayBlocks, 'prize_pool_day');
    for (const k of [1n, 2n]) expect(pools.find((p) => p.day === T(k))).toMatchObject({ paid_at: T(k + 1n) });
    const types = new Set(rowsOf(oneDayBlocks, 'bill').map((b) => b.type));
    for (const type of ['personal_pool', 'binary', 'matching', 'burn', 'loop', 'unlock_income', 'finance_income'])
      expect(types.has(type), type).toBe(true);
    expect(rowsOf(oneDayBlocks, 'finance_round').map((r) => r.settles_at)).toEqual(
      expect.arrayContaining([T(1n), T(2n), T(3n)]),
    );
  });

  it('gives every figure of the three-day jump exactly as the three one-day blocks', () => {
    for (const table of TABLES) {
      expect(threeDayJump[table], table).toEqual(oneDayBlocks[table]);
      // No fixed-term order and no node in this chain: those two tables stay empty.
      if (table !== 'regular_order' && table !== 'node_reward_day')
        expect(oneDayBlocks[table]!.length, table).toBeGreaterThan(0);
    }
  });
});
