/**
 * The dynamic incomes (ECONOMY §4) on the real chain (anvil + deploy + seed: deployer ← alice (left);
 * alice ← bob (left), carol (right)) and a real server (`ponder start`, PGlite and PostgreSQL), with
 * the shipped settings, every figure computed by hand below:
 *   dave registers under bob, erin under dave; the owner makes bob a service centre (level 1);
 *   on one UTC day D0: alice buys 100, bob 100, dave 500, erin 3,000 twice.
 * Inviter levels: bob → alice → deployer; dave → bob → alice → deployer; erin → dave → bob → alice → deployer.
 * The deployer has no order: it earns nothing (no bill). Then the settlements of D0 + 1 and D0 + 2: the
 * prize pool of D0 in EUSD, the orders bob's incomes filled finish, the 20-day release steps; a
 * reorg across a settlement; then frank's binary income over two days (carry-over, the daily cap, a
 * burn) and carol's matching income on what it paid.
 */
import { DAY_SECONDS, dayStartOf } from '@eterno/protocol/finance/rules';
import { type FinanceOrdersPageJson, type FinanceSummaryJson } from '@eterno/protocol/financeApi';
import { referralRegistryAbi } from '@eterno/protocol/generated/abis';
import type { BinaryDaysPageJson, IncomeSummaryJson, ReferralAccountJson } from '@eterno/protocol/referralApi';
import type { BillsResponseJson } from '@eterno/protocol/vaultApi';
import { erc20Abi, type Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../scripts/start.ts';
import { apiCall, signIn } from './apiClient.ts';
import { account, DATABASES, e18, RealStack, type TestAccount } from './realStack.ts';

const deployer = account(0);
const alice = account(1);
const bob = account(2);
const carol = account(3);
const dave = account(4);
const erin = account(5);
const frank = account(6);
const gina = account(7);
const hank = account(8);
/** Package id → price in the shipped settings (1 unit = 100 USDT). */
const PACKAGES = { 1: e18('100'), 2: e18('500'), 3: e18('1000'), 4: e18('3000') } as const;

describe.each(DATABASES)('dynamic incomes on $name', ({ postgres }) => {
  let stack: RealStack;
  let server: RunningServer;
  let client: RealStack['client'];
  let test: RealStack['test'];
  let registry: Address;
  let usdt: Address;
  const tokens = new Map<string, string>();

  const tx = (who: TestAccount, address: Address, abi: Parameters<RealStack['tx']>[2], fn: string, args: unknown[]) =>
    stack.tx(who, address, abi, fn, args);
  /** A purchase of package `id` at its price. */
  const buy = (who: TestAccount, id: keyof typeof PACKAGES) => stack.buyPackage(who, BigInt(id), PACKAGES[id]);
  const waitHead = () => stack.waitHead();

  /** Moves the chain to 10 minutes after the next 00:00 UTC in one block. */
  async function nextDay(): Promise<bigint> {
    const now = (await client.getBlock()).timestamp;
    const T = dayStartOf(now) + DAY_SECONDS;
    await test.setNextBlockTimestamp({ timestamp: T + 600n });
    await test.mine({ blocks: 1 });
    await waitHead();
    return T;
  }

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
  const bills = async (who: TestAccount, type: string) =>
    (await get<BillsResponseJson>(`/bills?type=${type}&limit=100`, who)).bills.map((b) => b.amount).sort();
  const zero = { total: '0', today: '0' };
  const same = (v: bigint) => ({ total: v.toString(), today: v.toString() });

  beforeAll(async () => {
    stack = await RealStack.start('incomes');
    ({ client, test } = stack);
    registry = stack.contracts.ReferralRegistry;
    usdt = stack.contracts.USDT;
    await tx(dave, registry, referralRegistryAbi, 'register', [bob.address, 0]);
    await tx(erin, registry, referralRegistryAbi, 'register', [dave.address, 0]);
    await tx(deployer, registry, referralRegistryAbi, 'setServiceLevel', [bob.address, 1]);
    await tx(alice, usdt, erc20Abi, 'transfer', [dave.address, e18('500')]);
    await tx(alice, usdt, erc20Abi, 'transfer', [erin.address, e18('6000')]);
    // The binary team: frank carol's left child, gina (carol's invitee) at the end of carol's left leg
    // (frank's left), hank (frank's invitee) frank's right.
    await tx(frank, registry, referralRegistryAbi, 'register', [carol.address, 0]);
    await tx(gina, registry, referralRegistryAbi, 'register', [carol.address, 0]);
    await tx(hank, registry, referralRegistryAbi, 'register', [frank.address, 1]);
    for (const [who, amount] of [
      [frank, '100'],
      [gina, '3500'],
      [hank, '1600'],
    ] as const)
      await tx(alice, usdt, erc20Abi, 'transfer', [who.address, e18(amount)]);
    server = await stack.startServer({ postgres });
    await waitHead();
  }, 300_000);

  afterAll(async () => {
    await stack?.stop();
  });

  it('pays direct, indirect and service-centre incomes at purchase, burns beyond ep and makes a loop order', async () => {
    // A fresh UTC day D0 for all the purchases.
    await nextDay();
    await buy(alice, 1); // deployer (level 1) has no order: nothing
    await buy(bob, 1); // alice direct 10 % × 100 = 10
    await buy(dave, 2); // bob direct 50, alice indirect 5 % × 500 = 25, bob service centre 2 % × 500 = 10
    await buy(erin, 4); // dave direct 300; bob indirect 150; alice indirect 3 % × 3,000 = 90; bob service 60
    await buy(erin, 4); // the same again
    await waitHead();

    // alice: limit 240; incomes 10 + 25 + 90 + 90 = 215 all paid (ep 240 → 25).
    // Loop 20 %: 2 + 5 + 18 + 18 = 43; credited unreleased: 8 + 20 + 72 + 72 = 172.
    expect(await income(alice)).toMatchObject({
      ep: e18('25').toString(),
      byType: {
        direct: same(e18('10')),
        indirect: same(e18('205')),
        binary: zero,
        matching: zero,
        service_center: zero,
        personal_pool: zero,
      },
      burned: zero,
      loop: { reinvested: e18('43').toString(), balance: e18('43').toString(), orders: 0 },
      release: { unreleased: e18('172').toString(), released: '0' },
      // 2 % of 100 + 100 + 500 + 3,000 + 3,000 = 6,700 → 134.
      pendingPrizePool: e18('134').toString(),
    });
    // bob: limit 240. dave's 500: direct 50 + service 10 (room 240 → 180); erin's first 3,000: indirect 150
    // (room → 30), service 60 → 30 paid, 30 burned; erin's second: indirect 150 and service 60 all burned.
    // Paid 50 + 10 + 150 + 30 = 240; loop 10 + 2 + 30 + 6 = 48; credited 40 + 8 + 120 + 24 = 192.
    expect(await income(bob)).toMatchObject({
      ep: '0',
      byType: { direct: same(e18('50')), indirect: same(e18('300')), service_center: same(e18('130')) },
      burned: same(e18('240')), // 30 + 150 + 60
      loop: { reinvested: e18('48').toString(), balance: e18('48').toString(), orders: 0 },
      release: { unreleased: e18('192').toString(), released: '0' },
    });
    expect(await bills(bob, 'burn')).toEqual([
      '-150000000000000000000',
      '-30000000000000000000',
      '-60000000000000000000',
    ]);
    // dave: limit 1,200 (500 × 2.4); direct 300 twice, all paid (room 1,200 → 600). Loop 60 + 60 = 120:
    // one loop order of 100 (limit 240), 20 left; credited 240 + 240 = 480. ep = 600 + 240 = 840.
    expect(await income(dave)).toMatchObject({
      ep: e18('840').toString(),
      byType: { direct: same(e18('600')), indirect: zero },
      burned: zero,
      loop: { reinvested: e18('120').toString(), balance: e18('20').toString(), orders: 1 },
      release: { unreleased: e18('480').toString(), released: '0' },
    });
    const daveOrders = await get<FinanceOrdersPageJson>('/finance/orders', dave);
    expect(daveOrders.orders.map((o) => [o.registrationType, o.payment, o.rewardLimit, o.status, o.gained])).toEqual([
      ['loop', e18('100').toString(), e18('240').toString(), 'waiting', '0'],
      ['first', e18('500').toString(), e18('1200').toString(), 'waiting', e18('600').toString()],
    ]);
    // The deployer earned nothing; the dynamic incomes show in the summary and the account info.
    expect(await bills(deployer, 'indirect')).toEqual([]);
    expect(await get<FinanceSummaryJson>('/finance/summary', alice)).toMatchObject({
      rewardLimit: e18('240').toString(),
      rewardGained: e18('215').toString(),
      rewardRemaining: e18('25').toString(),
    });
    expect((await get<ReferralAccountJson>(`/referral/account/${alice.address}`)).ep).toBe(e18('25').toString());
    // The ledger: alice's USDT credited unreleased, nothing withdrawable from it.
    expect(await bills(alice, 'direct')).toEqual([e18('10').toString()]);
    // Each paid income's loop share is a `loop` bill beside it (ECONOMY §10): 2 + 5 + 18 + 18 = 43.
    expect(await bills(alice, 'loop')).toEqual([e18('-2'), e18('-5'), e18('-18'), e18('-18')].map(String).sort());
  }, 300_000);

  it('pays the prize pool in EUSD, finishes the order the incomes filled and releases 1/20 a day', async () => {
    await nextDay(); // D0 + 1
    // Prize pool of D0 (134 EUSD), top 10 by direct-invitee payments among earners: dave 6,000 (erin's),
    // alice 100 (bob's); bob (500) no longer earns: his order, filled by dynamic incomes, finished at this
    // settlement; the deployer has no order.
    // dave: 134e18 × 6,000 / 6,100 = 131803278688524590163 (rounded down); alice: 134e18 × 100 / 6,100 = 2196721311475409836.
    const alicePool = 2196721311475409836n;
    const davePool = 131803278688524590163n;
    const aliceLoop = (alicePool * 2000n) / 10000n; // 439344262295081967
    const aliceCredit = alicePool - aliceLoop; // 1757377049180327869
    const a = await income(alice);
    expect(a).toMatchObject({
      ep: (e18('25') - alicePool).toString(),
      byType: { personal_pool: same(alicePool), direct: { total: e18('10').toString(), today: '0' } },
      loop: { reinvested: (e18('43') + aliceLoop).toString(), balance: (e18('43') + aliceLoop).toString() },
      // D0's tranche releases 172 / 20 = 8.6 at its first settlement; the pool's credit is today's tranche.
      release: {
        unreleased: (e18('172') - e18('8.6') + aliceCredit).toString(),
        released: e18('8.6').toString(),
      },
      // The two floors left 1 wei of D0's 134 (ECONOMY §10): it rolled into today's pool.
      pendingPrizePool: '1',
    });
    expect(alicePool + davePool).toBe(e18('134') - 1n);
    // The loop share beside the pool's income bill.
    expect((await bills(alice, 'loop')).filter((a) => a === String(-aliceLoop))).toHaveLength(1);
    expect(await bills(alice, 'unlock_income')).toEqual([e18('8.6').toString()]);
    expect(await bills(alice, 'personal_pool')).toEqual([alicePool.toString()]);
    const daveIncome = await income(dave);
    expect(daveIncome.byType.personal_pool.total).toBe(davePool.toString());
    expect(daveIncome.release.released).toBe(e18('24').toString()); // 480 / 20
    expect(daveIncome.ep).toBe((e18('840') - davePool).toString());
    const bobOrders = await get<FinanceOrdersPageJson>('/finance/orders', bob);
    expect(bobOrders.orders.map((o) => [o.status, o.gained])).toEqual([['finished', e18('240').toString()]]);
    expect((await income(bob)).release.released).toBe(e18('9.6').toString()); // 192 / 20

    await nextDay(); // D0 + 2: D0's second 20th, the pool tranche's first (1757377049180327869 / 20, rounded down)
    const second = await income(alice);
    expect(second.release.released).toBe((e18('17.2') + aliceCredit / 20n).toString());
    // Two unlock_income bills today: 8.6 USDT (D0's) and the EUSD tranche's first 20th.
    expect(await bills(alice, 'unlock_income')).toEqual([e18('8.6'), e18('8.6'), aliceCredit / 20n].map(String).sort());
  }, 300_000);

  it('drops a settlement a reorg removed, and releases the day once on the new branch', async () => {
    const before = await income(alice);
    const snapshot = await test.snapshot();
    await nextDay(); // D0 + 3
    const settled = await income(alice);
    expect(BigInt(settled.release.released)).toBeGreaterThan(BigInt(before.release.released));
    await test.revert({ id: snapshot });
    const now = (await client.getBlock()).timestamp;
    for (const step of [1n, 2n, 3n]) {
      await test.setNextBlockTimestamp({ timestamp: now + step });
      await test.mine({ blocks: 1 });
    }
    await waitHead();
    expect(await income(alice)).toEqual(before);
    await nextDay();
    expect(await income(alice)).toEqual(settled);
  }, 300_000);
  it('pays the binary income with carry-over and the daily cap, and the matching income to the inviter', async () => {
    const D = await nextDay();
    // Day D: carol 500 (limit 1,200), frank 100 (limit 240, cap 100), gina 500 (frank's left), hank 100 (right).
    await buy(carol, 2);
    await buy(frank, 1);
    await buy(gina, 2);
    await buy(hank, 1); // frank direct 10 % × 100 = 10 (ep 240 → 230)
    await waitHead();
    await nextDay(); // settles D: frank L 500, R 100 → matched 100, income 10 (≤ cap 100), carry L 400
    // Day D + 1: gina 3,000 (left), hank 1,000 + 500 (right): frank direct 100 + 50 (ep 220 → 70).
    await buy(gina, 4);
    await buy(hank, 3);
    await buy(hank, 2);
    await waitHead();
    await nextDay(); // settles D + 1: L 400 + 3,000, R 1,500 → matched 1,500, income 150, capped to 100
    const days = await get<BinaryDaysPageJson>('/referral/binary', frank);
    expect(days).toEqual({
      items: [
        {
          day: (D + DAY_SECONDS).toString(),
          leftNew: e18('3000').toString(),
          rightNew: e18('1500').toString(),
          leftCarryIn: e18('400').toString(),
          rightCarryIn: '0',
          matched: e18('1500').toString(),
          income: e18('150').toString(),
          capped: e18('50').toString(), // cap = frank's active payments, 100
          leftCarryOut: e18('1900').toString(),
          rightCarryOut: '0',
        },
        {
          day: D.toString(),
          leftNew: e18('500').toString(),
          rightNew: e18('100').toString(),
          leftCarryIn: '0',
          rightCarryIn: '0',
          matched: e18('100').toString(),
          income: e18('10').toString(),
          capped: '0',
          leftCarryOut: e18('400').toString(),
          rightCarryOut: '0',
        },
      ],
      nextBefore: null,
    });
    const page = await get<BinaryDaysPageJson>('/referral/binary?limit=1', frank);
    expect(page.items.map((d) => d.day)).toEqual([(D + DAY_SECONDS).toString()]);
    expect(page.nextBefore).toBe((D + DAY_SECONDS).toString());
    expect((await apiCall(server.url, 'GET', '/referral/binary?before=12', await token(frank))).status).toBe(400);
    expect((await apiCall(server.url, 'GET', '/referral/binary', null)).status).toBe(401);
    expect(await bills(frank, 'binary')).toEqual([e18('10'), e18('100')].map(String).sort());
    // frank also won prize pools: D's 24 (2 % of 1,200) among the ranked earners carol (600) and frank
    // (100) — alice's order, filled by carol's direct income, finished at that settlement — so
    // 24e18 × 100 / 700 rounded down; and D + 1's 90 (2 % of 4,500): carol 3,000, frank 1,500 → 30.
    const pool1 = (e18('24') * 100n) / 700n; // 3428571428571428571
    expect(await bills(frank, 'personal_pool')).toEqual([pool1, e18('30')].map(String).sort());
    // frank's room at the second binary (prize pools are paid first): limit 240 − dynamic 170 (10 + 10 +
    // 100 + 50) − pools − static 0.5 (one day of 0.5 % × 100 since the allotment at D + 1); the rest of
    // the 100 is burned.
    const room = e18('240') - e18('170') - pool1 - e18('30') - e18('0.5');
    expect(await bills(frank, 'burn')).toEqual([String(-(e18('100') - room))]); // −63928571428571428571
    expect((await income(frank)).ep).toBe('0');
    // carol, frank's inviter: 10 % of what each binary income actually paid (ECONOMY §10): 10, then the
    // room left of the 100 — nothing is created from the burned part.
    expect(await bills(carol, 'matching')).toEqual([e18('1'), room / 10n].map(String).sort()); // 1, 3.607…
  }, 300_000);
});
