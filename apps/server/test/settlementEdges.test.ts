/**
 * The settlement's edges (ECONOMY §10) on the real chain (anvil + deploy + seed: deployer ← alice (left);
 * alice ← bob (left), carol (right)) and a real server (`ponder start`, PGlite and PostgreSQL), with the
 * shipped settings except `prizePoolWinners` = 2 (so a tie at the last paid rank is cheap to build).
 * Every figure is computed by hand below.
 *
 * Placement (automatic): erin = bob's left, frank = carol's left, mallory (alice's invitee) = erin's
 * left, nina = mallory's left, olga = mallory's right. Inviters: erin → bob, frank → carol,
 * mallory → alice, nina and olga → mallory.
 *
 * Day D (its last 25 minutes): bob and carol buy 500 each; erin 3,000 + 1,000 + 500 (bob's prize volume
 * 4,500), frank 5,000 + 3,000 + 1,000 + 500 (carol's 9,500), nina 5,000 and olga 500 (mallory's 5,500 —
 * mallory holds no order during D). Then, in ONE block mined at exactly 00:00:00 of D + 1 (T) with
 * automine off: mallory buys 500 and nina 500. That block runs D's settlement.
 * Day T: erin 1,000 (bob's volume), frank 500 (carol's), nina's 500 at T (mallory's): carol and mallory
 * tie at the last paid rank. alice moves the EULP pair's price twice (a transfer and `sync()` at set
 * seconds) and once more in the block at exactly T + 1 day, which settles day T.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { GAS_LIMIT } from '@eterno/protocol/chain';
import { DAY_SECONDS, dayStartOf } from '@eterno/protocol/finance/rules';
import { ledgerFromBills } from '@eterno/protocol/bills';
import type { FinanceOrdersPageJson } from '@eterno/protocol/financeApi';
import { eternoVaultAbi, referralRegistryAbi, uniswapV2PairAbi } from '@eterno/protocol/generated/abis';
import type { BinaryDaysPageJson, IncomeSummaryJson } from '@eterno/protocol/referralApi';
import type { BillsResponseJson } from '@eterno/protocol/vaultApi';
import { createWalletClient, erc20Abi, http, type Address, type Hash } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../scripts/start.ts';
import { apiCall, signIn } from './apiClient.ts';
import { account, DATABASES, e18, low, RealStack, type TestAccount } from './realStack.ts';

const deployer = account(0);
const alice = account(1);
const bob = account(2);
const carol = account(3);
const mallory = account(4);
const nina = account(5);
const olga = account(6);
const erin = account(7);
const frank = account(8);
/** Package id → price in the shipped settings (1 unit = 100 USDT). */
const PACKAGES = { 1: e18('100'), 2: e18('500'), 3: e18('1000'), 4: e18('3000'), 5: e18('5000') } as const;

describe.each(DATABASES)('settlement edges on $name', ({ postgres }) => {
  let stack: RealStack;
  let server: RunningServer;
  let client: RealStack['client'];
  let test: RealStack['test'];
  let registry: Address;
  let vault: Address;
  let usdt: Address;
  /** D's settlement time (00:00 UTC of D + 1). */
  let T: bigint;
  const tokens = new Map<string, string>();

  const tx = (who: TestAccount, address: Address, abi: Parameters<RealStack['tx']>[2], fn: string, args: unknown[]) =>
    stack.tx(who, address, abi, fn, args);
  const buy = (who: TestAccount, id: keyof typeof PACKAGES) => stack.buyPackage(who, BigInt(id), PACKAGES[id]);
  const waitHead = () => stack.waitHead();

  async function token(who: TestAccount): Promise<string> {
    let t = tokens.get(who.address);
    if (t === undefined) tokens.set(who.address, (t = await signIn(server.url, who)));
    return t;
  }
  const get = async <T>(path: string, who: TestAccount | null = null) => {
    const res = await apiCall(server.url, 'GET', path, who === null ? null : await token(who));
    expect(res.status, path).toBe(200);
    return res.body as T;
  };
  const income = (who: TestAccount) => get<IncomeSummaryJson>('/referral/income', who);
  /** A user's bills of `type`: [id, amount], by id. */
  const bills = async (who: TestAccount, type: string) =>
    (await get<BillsResponseJson>(`/bills?type=${type}&limit=100`, who)).bills
      .map((b) => [b.id, b.amount] as const)
      .sort((a, b) => (a[0] < b[0] ? -1 : 1));

  beforeAll(async () => {
    stack = await RealStack.start('edges');
    ({ client, test } = stack);
    registry = stack.contracts.ReferralRegistry;
    vault = stack.contracts.EternoVault;
    usdt = stack.contracts.USDT;
    await tx(erin, registry, referralRegistryAbi, 'register', [bob.address, 0]);
    await tx(frank, registry, referralRegistryAbi, 'register', [carol.address, 0]);
    await tx(mallory, registry, referralRegistryAbi, 'register', [alice.address, 0]);
    await tx(nina, registry, referralRegistryAbi, 'register', [mallory.address, 0]);
    await tx(olga, registry, referralRegistryAbi, 'register', [mallory.address, 1]);
    for (const [who, amount] of [
      [erin, '10000'],
      [frank, '10000'],
      [mallory, '1000'],
      [nina, '6000'],
      [olga, '1000'],
    ] as const)
      await tx(deployer, usdt, erc20Abi, 'transfer', [who.address, e18(amount)]);
    const settings = join(stack.dataDir, 'referral.json');
    const shipped = JSON.parse(
      await readFile(join(import.meta.dirname, '../settings/referral.json'), 'utf8'),
    ) as object[];
    await writeFile(settings, JSON.stringify(shipped.map((v) => ({ ...v, prizePoolWinners: 2 }))));
    server = await stack.startServer({ postgres, referralSettings: settings });
    await waitHead();
  }, 300_000);

  afterAll(async () => {
    await stack?.stop();
  });

  it('does not make a buyer at exactly 00:00 UTC an earner of the day that ended', async () => {
    // Day D's purchases in its last 25 minutes (the vouchers signed then are still valid at T).
    T = dayStartOf((await client.getBlock()).timestamp) + 2n * DAY_SECONDS;
    await test.setNextBlockTimestamp({ timestamp: T - 1500n });
    await test.mine({ blocks: 1 });
    await buy(bob, 2);
    await buy(carol, 2);
    for (const id of [4, 3, 2] as const) await buy(erin, id);
    for (const id of [5, 4, 3, 2] as const) await buy(frank, id);
    await buy(nina, 5);
    await buy(olga, 2);
    // mallory's and nina's purchases at T: approved and signed during D, mined in the block at T.
    const signed = [
      [mallory, await stack.signPurchase(mallory, 2n, PACKAGES[2])],
      [nina, await stack.signPurchase(nina, 2n, PACKAGES[2])],
    ] as const;
    for (const [who] of signed) await tx(who, usdt, erc20Abi, 'approve', [vault, PACKAGES[2]]);
    expect((await client.getBlock()).timestamp).toBeLessThan(T);
    await test.setAutomine(false);
    const hashes: Hash[] = [];
    try {
      for (const [who, args] of signed) {
        const wallet = createWalletClient({ account: who, chain: stack.chain, transport: http(stack.rpcUrl) });
        hashes.push(
          await wallet.writeContract({
            address: vault,
            abi: eternoVaultAbi,
            functionName: 'diveInWithToken',
            args: args as never,
            chain: stack.chain,
            gas: GAS_LIMIT,
          }),
        );
      }
      await test.setNextBlockTimestamp({ timestamp: T });
      await test.mine({ blocks: 1 });
    } finally {
      await test.setAutomine(true);
    }
    const receipts = await Promise.all(hashes.map((hash) => client.waitForTransactionReceipt({ hash })));
    expect(receipts.map((r) => r.status)).toEqual(['success', 'success']);
    expect(receipts[0]!.blockNumber).toBe(receipts[1]!.blockNumber);
    expect((await client.getBlock({ blockNumber: receipts[0]!.blockNumber })).timestamp).toBe(T);
    expect(receipts[0]!.transactionIndex).toBeLessThan(receipts[1]!.transactionIndex);
    await waitHead();

    // D's pool: 2 % of 500 + 500 + 4,500 + 9,500 + 5,000 + 500 = 410. Its earners (an order paid before
    // T): carol 9,500 and bob 4,500 — the two winners; mallory (5,500, order paid at T) is not one.
    const D = T - DAY_SECONDS;
    const carolPool = 278214285714285714285n; // 410e18 × 9,500 / 14,000, rounded down
    const bobPool = 131785714285714285714n; // 410e18 × 4,500 / 14,000, rounded down
    expect(carolPool + bobPool).toBe(e18('410') - 1n);
    expect(await bills(carol, 'personal_pool')).toEqual([[`prize:${D}:${low(carol.address)}`, String(carolPool)]]);
    expect(await bills(bob, 'personal_pool')).toEqual([[`prize:${D}:${low(bob.address)}`, String(bobPool)]]);
    // Neither burned: their shares fit their energy (carol 1,200 + 240 − 950; bob 1,200 − 450).
    expect(await bills(carol, 'burn')).toEqual([]);
    expect(await bills(bob, 'burn')).toEqual([]);
    // mallory: no prize share, no binary day (nina 5,000 left, olga 500 right on D), nothing burned;
    // her only income is nina's direct 10 % × 500 = 50 at T, paid against her new order.
    expect(await bills(mallory, 'personal_pool')).toEqual([]);
    expect(await bills(mallory, 'binary')).toEqual([]);
    expect(await bills(mallory, 'burn')).toEqual([]);
    expect((await get<BinaryDaysPageJson>('/referral/binary', mallory)).items).toEqual([]);
    expect((await income(mallory)).byType.direct.total).toBe(e18('50').toString());
  }, 300_000);

  it('rolls the dust of a pool into the next day, bills each loop share beside its income, numbers loop orders by registry id', async () => {
    const D = T - DAY_SECONDS;
    // D's dust (1 wei) is in T's pool with 2 % of mallory's and nina's 500 at T.
    expect((await income(bob)).pendingPrizePool).toBe((e18('20') + 1n).toString());
    // The loop share of each prize share is a bill of its own: −20 %, beside the income.
    const prizeLoop = async (who: TestAccount) =>
      (await bills(who, 'loop')).filter(([id]) => id.startsWith(`prize:${D}:`));
    expect(await prizeLoop(carol)).toEqual([[`prize:${D}:${low(carol.address)}:loop`, '-55642857142857142857']]);
    expect(await prizeLoop(bob)).toEqual([[`prize:${D}:${low(bob.address)}:loop`, '-26357142857142857142']]);
    // Both loop balances crossed a unit at T (90 + 55.64…, 90 + 26.35…): two loop orders in one step. carol
    // was paid first (the higher volume), but bob registered first: his loop order has the lower number.
    const loopAtT = async (who: TestAccount) =>
      (await get<FinanceOrdersPageJson>('/finance/orders', who)).orders.filter(
        (o) => o.registrationType === 'loop' && o.createdAt === T.toString(),
      );
    const [bobLoop] = await loopAtT(bob);
    const [carolLoop] = await loopAtT(carol);
    expect(bobLoop).toMatchObject({ status: 'waiting', allottedAt: null });
    expect(BigInt(carolLoop!.id)).toBe(BigInt(bobLoop!.id) + 1n);
    // Made at T by D's settlement, the two loop orders and the orders paid at T wait for T + 1's allotment;
    // every order paid during D was allotted at T.
    const mine = (await get<FinanceOrdersPageJson>('/finance/orders', mallory)).orders;
    expect(mine.map((o) => [o.status, o.createdAt])).toEqual([['waiting', T.toString()]]);
    expect(BigInt(mine[0]!.id)).toBeGreaterThan(BigInt(carolLoop!.id));
    const frankOrders = (await get<FinanceOrdersPageJson>('/finance/orders', frank)).orders;
    expect(frankOrders.map((o) => [o.status, o.allottedAt])).toEqual(Array(4).fill(['in_progress', T.toString()]));
  }, 300_000);

  it('gives a tie at the last paid rank to the earlier registration; prices day T by its own syncs', async () => {
    await buy(erin, 3); // bob's volume on day T: 1,000
    await buy(frank, 2); // carol's: 500 — as mallory's (nina's 500 at T); mallory's address is the lower one
    const pair = stack.contracts.EULP;
    const etro = stack.contracts.ETRO;
    await tx(alice, usdt, erc20Abi, 'transfer', [pair, e18('2000')]);
    await test.setNextBlockTimestamp({ timestamp: T + 3600n });
    await tx(alice, pair, uniswapV2PairAbi, 'sync', []);
    await tx(alice, etro, erc20Abi, 'transfer', [pair, e18('1000')]);
    await test.setNextBlockTimestamp({ timestamp: T + 50_000n });
    await tx(alice, pair, uniswapV2PairAbi, 'sync', []);
    await tx(alice, usdt, erc20Abi, 'transfer', [pair, e18('3000')]);
    // The block at exactly T + 1 day, with a sync in it: day T's settlement runs in it.
    await test.setAutomine(false);
    let hash: Hash;
    try {
      const wallet = createWalletClient({ account: alice, chain: stack.chain, transport: http(stack.rpcUrl) });
      hash = await wallet.writeContract({
        address: pair,
        abi: uniswapV2PairAbi,
        functionName: 'sync',
        args: [],
        chain: stack.chain,
        gas: GAS_LIMIT,
      });
      await test.setNextBlockTimestamp({ timestamp: T + DAY_SECONDS });
      await test.mine({ blocks: 1 });
    } finally {
      await test.setAutomine(true);
    }
    expect((await client.waitForTransactionReceipt({ hash })).status).toBe('success');
    await waitHead();

    // Day T's pool: 2 % of 500 + 500 + 1,000 + 500, plus D's 1 wei. bob 1,000 and, of the tie at 500 for the
    // second place, carol (registered before mallory): 2/3 and 1/3, exact.
    const pool = e18('50') + 1n;
    expect(await bills(bob, 'personal_pool')).toContainEqual([
      `prize:${T}:${low(bob.address)}`,
      String((pool * 2n) / 3n),
    ]);
    expect(await bills(carol, 'personal_pool')).toContainEqual([`prize:${T}:${low(carol.address)}`, String(pool / 3n)]);
    expect(await bills(mallory, 'personal_pool')).toEqual([]);
    // A settlement income's tranche is its credit day's: carol's prize of D (EUSD, credited at T less its
    // loop share) released nothing at T and its first 20th at T + 1.
    const eusd = low(stack.contracts.EUSD);
    const carolCredit = 278214285714285714285n - 55642857142857142857n;
    const unlocks = await bills(carol, 'unlock_income');
    expect(unlocks.filter(([id]) => id.includes(eusd))).toEqual([
      [`unlock:${low(carol.address)}:${eusd}:${T + DAY_SECONDS}`, String(carolCredit / 20n)],
    ]);
  }, 300_000);

  it("records day T's price as the integer TWAP of its syncs and rebuilds every ledger figure from the bills", async () => {
    const pair = stack.contracts.EULP;
    const etroIsToken0 = low(stack.contracts.ETRO) < low(usdt);
    // The day's TWAP by hand: the per-Sync prices ⌊usdt·10¹⁸/etro⌋ weighted by the seconds of [T, T + 1 day)
    // each held, floored once; the sync at T + 1 day held none of them.
    const logs = await client.getContractEvents({
      address: pair,
      abi: uniswapV2PairAbi,
      eventName: 'Sync',
      fromBlock: 0n,
    });
    const syncs = await Promise.all(
      logs.map(async (l) => ({
        etro: etroIsToken0 ? l.args.reserve0! : l.args.reserve1!,
        usdt: etroIsToken0 ? l.args.reserve1! : l.args.reserve0!,
        time: (await client.getBlock({ blockNumber: l.blockNumber })).timestamp,
      })),
    );
    const end = T + DAY_SECONDS;
    let weighted = 0n;
    for (let i = 0; i < syncs.length; i++) {
      const from = syncs[i]!.time > T ? syncs[i]!.time : T;
      const next = syncs[i + 1]?.time ?? end;
      const to = next < end ? next : end;
      if (to > from) weighted += ((syncs[i]!.usdt * 10n ** 18n) / syncs[i]!.etro) * (to - from);
    }
    expect(syncs.filter((x) => x.time > T && x.time < end)).toHaveLength(2);
    expect(syncs.at(-1)!.time).toBe(end);

    const tables = await stack.stopAndReadTables(['finance_round', 'bill', 'ledger_balance', 'referral_income']);
    const round = tables.finance_round!.find((r) => r.settles_at === end.toString())!;
    expect(round.etro_price).toBe((weighted / DAY_SECONDS).toString());

    // Every user's ledger row, every figure, from their bills by the rule of docs/decisions/bills.md.
    const key = (user: string | null | undefined, token: string | null | undefined) => `${user}:${token}`;
    const byKey = new Map<string, Array<{ type: string; amount: bigint }>>();
    for (const b of tables.bill!) {
      const list = byKey.get(key(b.user, b.token)) ?? [];
      list.push({ type: b.type!, amount: BigInt(b.amount!) });
      byKey.set(key(b.user, b.token), list);
    }
    const rows = tables.ledger_balance!;
    expect(rows.length).toBeGreaterThan(10);
    for (const r of rows) {
      const figures = ledgerFromBills(byKey.get(key(r.user, r.token)) ?? []);
      expect(
        {
          credited: BigInt(r.credited!),
          unreleased: BigInt(r.unreleased!),
          released: BigInt(r.released!),
          withdrawn: BigInt(r.withdrawn!),
          contributed: BigInt(r.contributed!),
        },
        key(r.user, r.token),
      ).toEqual(figures);
    }
    // And the loop figures: reinvested = −Σ loop bills; the balance = reinvested − the loop orders' price.
    const loops = tables.bill!.filter((b) => b.type === 'loop');
    expect(loops.length).toBeGreaterThan(5);
    for (const r of tables.referral_income!) {
      const reinvested = -loops.filter((b) => b.user === r.user).reduce((s, b) => s + BigInt(b.amount!), 0n);
      expect(BigInt(r.reinvested!), r.user!).toBe(reinvested);
      expect(BigInt(r.balance!), r.user!).toBe(reinvested - BigInt(r.loop_orders!) * PACKAGES[1]);
    }
  }, 300_000);
});
