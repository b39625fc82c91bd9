/**
 * The finance indexer on the real chain (anvil + deploy + seed) and a real server (`ponder start`,
 * PGlite and PostgreSQL), with a test settings file (a quota of 700 USDT, a fast package of
 * 50 %/day so a limit is reached in days): package purchases queue in payment order; the quota
 * allots a FIFO prefix (an order larger than the rest of the quota waits, and the smaller order
 * behind it waits too); static income is paid to the wei over many days, including a jump of
 * many days in one block; a limit reached finishes the order; a regular order matures; a deposit
 * that matches no product is a plain top-up. A reorg across a settlement drops it, a server stopped
 * in the middle of a many-day settlement and started again on the same database ends where a model
 * of the rules (rules.ts over the chain's own events) says.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startAnvil, type Anvil } from '@eterno/devstack/anvil';
import { deploy, localSignerKey } from '@eterno/devstack/deploy';
import { ETERNO_CHAIN_ID, GAS_LIMIT, LOCAL_TEST_MNEMONIC } from '@eterno/protocol/chain';
import type { ContractKey, Deployments } from '@eterno/protocol/deployments';
import {
  DAY_SECONDS,
  dailyIncome,
  dayStartOf,
  projectAllotment,
  regularInterest,
  regularMaturity,
  rewardLimit,
  splitIncome,
  usdtToEtro,
} from '@eterno/protocol/finance/rules';
import { eternoVaultAbi, uniswapV2PairAbi } from '@eterno/protocol/generated/abis';
import { dayEtroPrice, type PairSync } from '@eterno/protocol/twap';
import type { VaultStatsJson } from '@eterno/protocol/vaultApi';
import { VAULT_KIND, diveInTypedData, splitSignature } from '@eterno/protocol/vault/typedData';
import pg from 'pg';
import {
  createPublicClient,
  createTestClient,
  createWalletClient,
  defineChain,
  erc20Abi,
  http,
  parseUnits,
  type Abi,
  type Address,
  type Chain,
  type PublicClient,
  type TestClient,
  type Transport,
} from 'viem';
import { mnemonicToAccount, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indexedBlock, startServer, type RunningServer } from '../scripts/start.ts';
import { startPostgres, type TestPostgres } from '../scripts/postgres.ts';
import { gainsOf, type DayPrices } from '../src/finance/orderGains.ts';
import { openPglite } from '../src/store/sql.ts';

const e18 = (n: string) => parseUnits(n, 18);
const alice = mnemonicToAccount(LOCAL_TEST_MNEMONIC, { addressIndex: 1 });
const bob = mnemonicToAccount(LOCAL_TEST_MNEMONIC, { addressIndex: 2 });
const signer = privateKeyToAccount(localSignerKey());
type Account = typeof alice;
const low = (a: Address) => a.toLowerCase() as Address;

const FAST = { id: 9, units: 1, multiple01Bps: 20000, multiple02Bps: 30000, allocation01Bps: 6000, dailyRateBps: 5000 };
const NORMAL = (id: number, units: number) => ({ ...FAST, id, units, dailyRateBps: 50 });
const REGULAR = { id: 101, days: 7, dailyRateBps: 20 };
const QUOTA = e18('700');
const SETTINGS = [
  {
    effectiveFrom: 0,
    unitPrice: e18('100').toString(),
    packages: [NORMAL(1, 1), NORMAL(2, 5), FAST].map((p) => ({ ...p, cyclesMax: 5 })),
    regular: [{ ...REGULAR, minAmount: e18('100').toString(), maxAmount: e18('100000').toString() }],
    dailyQuota: QUOTA.toString(),
    purchaseLifetime: 1800,
  },
];

/** Referral settings with every dynamic income rate at 0 (apps/server/settings/referral.json's shape). */
const NO_REFERRAL_INCOMES = [
  {
    effectiveFrom: 0,
    directBps: 0,
    indirectBps: [],
    binaryBps: 0,
    matchingBps: 0,
    serviceCenterBps: 0,
    prizePoolBps: 0,
    prizePoolWinners: 10,
    loopBps: 0,
    loopPackageId: 1,
    releaseDays: 20,
  },
];

/** The finance tables and the ledger tables the settlement writes, read row by row. */
const TABLES = ['finance_order', 'regular_order', 'finance_round', 'finance_state', 'bill', 'ledger_balance'] as const;
type Tables = Record<(typeof TABLES)[number], Array<Record<string, string | number | null>>>;

type Package = typeof FAST;
type Placed = { user: Address; timestamp: bigint; blockNumber: bigint; logIndex: number };
type ModelOrder = Placed & {
  seq: bigint;
  pkg: Package;
  payment: bigint;
  limit: bigint;
  gained: bigint;
  gainedUsdt: bigint;
  gainedEtro: bigint;
  status: 'waiting' | 'in_progress' | 'finished';
  allottedAt: bigint | null;
  finishedAt: bigint | null;
};

/**
 * The suite on one database; `finance.pglite.test.ts` and `finance.postgres.test.ts` run it, one file
 * each, so the two halves (each a few minutes) run side by side in the server step's two workers.
 */
export function financeSettlementSuite({ name, postgres }: { name: string; postgres: boolean }): void {
  describe(`finance settlement on ${name}`, () => {
    let anvil: Anvil;
    let pgServer: TestPostgres | null = null;
    let server: RunningServer | null = null;
    let dataDir: string;
    let settingsFile: string;
    let referralFile: string;
    let deploymentsFile: string;
    let contracts: Deployments['contracts'];
    let chain: Chain;
    let client: PublicClient<Transport, Chain>;
    let test: TestClient;
    let vault: Address;
    let usdt: Address;
    let etro: Address;
    let schema: string | undefined;
    let startDay: bigint;

    const at = (name: ContractKey): Address => contracts[name];

    async function send(account: Account, address: Address, abi: Abi, fn: string, args: readonly unknown[]) {
      const wallet = createWalletClient({ account, chain, transport: http(anvil.rpcUrl) });
      const hash = await wallet.writeContract({ address, abi, functionName: fn, args, chain, gas: GAS_LIMIT });
      const receipt = await client.waitForTransactionReceipt({ hash });
      if (receipt.status !== 'success') throw new Error(`${fn} reverted (${hash})`);
      return receipt;
    }

    const now = async () => (await client.getBlock({ blockTag: 'latest' })).timestamp;

    /** A signed `diveInWithToken` (custom, custom1) of `amount` USDT: what the finance API hands out. */
    async function diveIn(account: Account, custom: bigint, custom1: bigint, amount: bigint): Promise<Placed> {
      const deadline = (await now()) + 1800n;
      const nonce = await client.readContract({
        address: vault,
        abi: eternoVaultAbi,
        functionName: 'nonces',
        args: [account.address, VAULT_KIND.DiveIn],
      });
      const message = { user: account.address, custom, custom1, token: usdt, amount, nonce, deadline };
      const { r, s, v } = splitSignature(
        await signer.signTypedData(diveInTypedData({ chainId: ETERNO_CHAIN_ID, vault }, message)),
      );
      await send(account, usdt, erc20Abi, 'approve', [vault, amount]);
      const receipt = await send(account, vault, eternoVaultAbi, 'diveInWithToken', [
        custom,
        custom1,
        usdt,
        amount,
        deadline,
        r,
        s,
        v,
      ]);
      const log = receipt.logs.find((l) => low(l.address) === low(vault))!;
      const block = await client.getBlock({ blockNumber: receipt.blockNumber });
      return {
        user: low(account.address),
        timestamp: block.timestamp,
        blockNumber: receipt.blockNumber,
        logIndex: log.logIndex,
      };
    }

    /** Moves the chain to `seconds` after the next 00:00 UTC (+ `days` − 1 more days) in one block. */
    async function crossDays(days: number, seconds = 600n): Promise<bigint> {
      const target = dayStartOf(await now()) + BigInt(days) * DAY_SECONDS + seconds;
      await test.setNextBlockTimestamp({ timestamp: target });
      await test.mine({ blocks: 1 });
      return client.getBlockNumber({ cacheTime: 0 });
    }

    async function start(): Promise<RunningServer> {
      const s = await startServer({
        rpcUrl: anvil.rpcUrl,
        deploymentsFile,
        dataDir: join(dataDir, 'server'),
        databaseUrl: pgServer?.url,
        financeSettings: settingsFile,
        referralSettings: referralFile,
        siweDomains: ['127.0.0.1:5173'],
        ...(schema ? { schema } : {}),
      });
      schema = s.schema;
      return s;
    }

    async function stats(s: RunningServer): Promise<VaultStatsJson> {
      const res = await fetch(`${s.url}/vault/stats`);
      return (await res.json()) as VaultStatsJson;
    }

    /** Until the API answers at the chain head (its `indexed_head` row is written after every log). */
    async function waitHead(s: RunningServer): Promise<VaultStatsJson> {
      const head = await client.getBlockNumber({ cacheTime: 0 });
      const deadline = Date.now() + 120_000;
      for (;;) {
        const indexed = await indexedBlock(s.indexerUrl);
        if (indexed !== null && BigInt(indexed) >= head) {
          const st = await stats(s);
          if (BigInt(st.blockNumber) === head) return st;
        }
        if (Date.now() > deadline) throw new Error(`the server did not reach block ${head}`);
        await new Promise((r) => setTimeout(r, 200));
      }
    }

    async function readTables(): Promise<Tables> {
      const query = async (q: (text: string) => Promise<Array<Record<string, unknown>>>) => {
        const out: Partial<Tables> = {};
        for (const table of TABLES) {
          const rows = await q(`SELECT * FROM ${table}`);
          out[table] = rows.map((r) =>
            Object.fromEntries(
              Object.entries(r).map(([k, v]) => [
                k.replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase()),
                v === null || typeof v === 'number' ? v : String(v),
              ]),
            ),
          );
        }
        return out as Tables;
      };
      if (postgres) {
        const c = new pg.Client({ connectionString: pgServer!.url });
        await c.connect();
        await c.query(`SET search_path TO ${schema}`);
        try {
          return await query(async (text) => (await c.query(text)).rows);
        } finally {
          await c.end();
        }
      }
      const db = await openPglite(join(dataDir, 'server', 'ponder'));
      try {
        return await query(async (text) => (await db.query(text.replace('FROM ', 'FROM eterno.'), [])).rows);
      } finally {
        await db.close();
      }
    }

    /** The pair's syncs on the chain up to the head, for the model's daily TWAP. */
    async function syncs(): Promise<PairSync[]> {
      const logs = await client.getContractEvents({
        address: at('EULP'),
        abi: uniswapV2PairAbi,
        eventName: 'Sync',
        fromBlock: 0n,
      });
      return Promise.all(
        logs.map(async (l) => ({
          reserve0: l.args.reserve0!,
          reserve1: l.args.reserve1!,
          timestamp: (await client.getBlock({ blockNumber: l.blockNumber })).timestamp,
          blockNumber: l.blockNumber,
          logIndex: l.logIndex,
        })),
      );
    }

    // The purchases, in payment order, and the model's settled state.
    const packages: Array<Placed & { pkg: Package; registration: 'first' | 'repeat' }> = [];
    let regular: Placed & { principal: bigint };
    let topUp: Placed & { amount: bigint };

    /** The settlement as the rules say, day after day, from the chain's own events. */
    async function model(upTo: bigint) {
      const pairSyncs = await syncs();
      const etroIsToken0 = low(etro) < low(usdt);
      const orders: ModelOrder[] = packages.map((p, i) => {
        const payment = BigInt(p.pkg.units) * e18('100');
        return {
          ...p,
          seq: BigInt(i + 1),
          payment,
          limit: rewardLimit(payment, p.pkg),
          gained: 0n,
          gainedUsdt: 0n,
          gainedEtro: 0n,
          status: 'waiting',
          allottedAt: null,
          finishedAt: null,
        };
      });
      const bills: Array<{ id: string; user: string; token: string; amount: bigint }> = [];
      const rounds: Array<{
        settlesAt: bigint;
        queueLength: number;
        queueAmount: bigint;
        allottedCount: number;
        allotted: bigint;
        finishedCount: number;
      }> = [];
      const maturity = regularMaturity(regular.timestamp, REGULAR.days);
      for (let T = startDay + DAY_SECONDS; T <= dayStartOf(upTo); T += DAY_SECONDS) {
        const price = dayEtroPrice(pairSyncs, T, etroIsToken0)!;
        let finishedCount = 0;
        for (const o of orders.filter((x) => x.status === 'in_progress')) {
          const income = dailyIncome(o.payment, o.pkg.dailyRateBps, o.gained, o.limit);
          const split = splitIncome(income, o.pkg.allocation01Bps);
          const etroPaid = usdtToEtro(split.etroValue, price);
          o.gained += income;
          o.gainedUsdt += split.usdt;
          o.gainedEtro += etroPaid;
          // One income bill per user, token and day: the sum over the user's orders.
          const pay = (token: string, name: string, amount: bigint) => {
            const id = `finance:${o.user}:${T}:${name}`;
            const found = bills.find((b) => b.id === id);
            if (found) found.amount += amount;
            else bills.push({ id, user: o.user, token, amount });
          };
          if (split.usdt > 0n) pay(low(usdt), 'usdt', split.usdt);
          if (etroPaid > 0n) pay(low(etro), 'etro', etroPaid);
          if (o.gained === o.limit) {
            o.status = 'finished';
            o.finishedAt = T;
            finishedCount += 1;
          }
        }
        const queue = orders.filter((o) => o.status === 'waiting' && o.timestamp < T);
        const { allotted, amount } = projectAllotment(queue, QUOTA);
        for (const o of orders)
          if (allotted.includes(o.seq)) {
            o.status = 'in_progress';
            o.allottedAt = T;
          }
        if (maturity === T) {
          bills.push({ id: `regular:1:principal`, user: regular.user, token: low(usdt), amount: regular.principal });
          bills.push({
            id: `regular:1:interest`,
            user: regular.user,
            token: low(usdt),
            amount: regularInterest(regular.principal, REGULAR.dailyRateBps, REGULAR.days),
          });
        }
        rounds.push({
          settlesAt: T,
          queueLength: queue.length,
          queueAmount: queue.reduce((s, o) => s + o.payment, 0n),
          allottedCount: allotted.length,
          allotted: amount,
          finishedCount,
        });
      }
      return { orders, bills, rounds, maturity };
    }

    function expectModel(tables: Tables, m: Awaited<ReturnType<typeof model>>) {
      const orders = [...tables.finance_order].sort((a, b) => Number(a.seq) - Number(b.seq));
      // The orders' gains as every reader sees them: stored, or derived from the days' prices while in progress.
      const prices: DayPrices = new Map(
        tables.finance_round.map((r) => [BigInt(r.settlesAt!), r.etroPrice == null ? null : BigInt(r.etroPrice)]),
      );
      const gains = (o: (typeof orders)[number]) =>
        gainsOf(
          {
            status: String(o.status),
            allottedAt: o.allottedAt == null ? null : BigInt(o.allottedAt),
            payment: BigInt(o.payment!),
            dailyRateBps: Number(o.dailyRateBps),
            allocation01Bps: Number(o.allocation01Bps),
            rewardLimit: BigInt(o.rewardLimit!),
            gained: BigInt(o.gained!),
            dynamicGained: BigInt(o.dynamicGained!),
            gainedUsdt: BigInt(o.gainedUsdt!),
            gainedEtro: BigInt(o.gainedEtro!),
          },
          prices,
        );
      expect(
        orders.map((o) => [
          o.seq,
          o.user,
          o.packageId,
          o.registrationType,
          o.payment,
          o.rewardLimit,
          gains(o).gained.toString(),
          gains(o).gainedUsdt.toString(),
          gains(o).gainedEtro.toString(),
          o.etroOwed,
          o.status,
          o.createdAt,
          o.allottedAt,
          o.finishedAt,
        ]),
      ).toEqual(
        m.orders.map((o, i) => [
          o.seq.toString(),
          o.user,
          o.pkg.id,
          packages[i]!.registration,
          o.payment.toString(),
          o.limit.toString(),
          o.gained.toString(),
          o.gainedUsdt.toString(),
          o.gainedEtro.toString(),
          '0',
          o.status,
          o.timestamp.toString(),
          o.allottedAt?.toString() ?? null,
          o.finishedAt?.toString() ?? null,
        ]),
      );
      const incomeBills = tables.bill
        .filter((b) => b.type === 'finance_income' || (b.type === 'regular' && Number(b.amount) > 0))
        .map((b) => ({ id: b.id, user: b.user, token: b.token, amount: BigInt(b.amount as string) }))
        .sort((a, b) => (a.id! < b.id! ? -1 : 1));
      expect(incomeBills).toEqual([...m.bills].sort((a, b) => (a.id < b.id ? -1 : 1)));
      for (const b of tables.bill.filter((x) => x.type === 'finance_income' || String(x.id).startsWith('regular:')))
        expect(b.txHash).toBeNull();
      const rounds = [...tables.finance_round].sort((a, b) => Number(a.settlesAt) - Number(b.settlesAt));
      expect(
        rounds.map((r) => [
          r.settlesAt,
          r.queueLength,
          r.queueAmount,
          r.allottedCount,
          r.allotted,
          r.finishedCount,
          r.quota,
        ]),
      ).toEqual(
        m.rounds.map((r) => [
          r.settlesAt.toString(),
          r.queueLength,
          r.queueAmount.toString(),
          r.allottedCount,
          r.allotted.toString(),
          r.finishedCount,
          QUOTA.toString(),
        ]),
      );
      // The ledger: every credit released, per user and token the sum of the user's income bills.
      for (const user of [low(alice.address), low(bob.address)])
        for (const token of [low(usdt), low(etro)]) {
          const row = tables.ledger_balance.find((r) => r.user === user && r.token === token);
          const credits = m.bills
            .filter((b) => b.user === user && b.token === token)
            .reduce((s, b) => s + b.amount, 0n);
          const topped = topUp.user === user && token === low(usdt) ? topUp.amount : 0n;
          const paid =
            token === low(usdt) ? m.orders.filter((o) => o.user === user).reduce((s, o) => s + o.payment, 0n) : 0n;
          expect(BigInt((row?.credited as string) ?? '0'), `${user} ${token}`).toBe(credits + topped);
          expect(BigInt((row?.released as string) ?? '0')).toBe(credits + topped);
          expect(BigInt((row?.contributed as string) ?? '0')).toBe(paid + topped);
        }
    }

    beforeAll(async () => {
      anvil = await startAnvil();
      dataDir = await mkdtemp(join(tmpdir(), 'eterno-finance-'));
      settingsFile = join(dataDir, 'finance.json');
      await writeFile(settingsFile, JSON.stringify(SETTINGS));
      // The static settlement alone: no dynamic income (bob is alice's invitee), which would count
      // against alice's limits (covered by referralIncomes.test.ts).
      referralFile = join(dataDir, 'referral.json');
      await writeFile(referralFile, JSON.stringify(NO_REFERRAL_INCOMES));
      deploymentsFile = join(dataDir, 'deployments.json');
      const deployed = await deploy({ rpcUrl: anvil.rpcUrl, outFile: deploymentsFile });
      contracts = deployed.contracts;
      chain = defineChain({
        id: ETERNO_CHAIN_ID,
        name: 'ETERNO local',
        nativeCurrency: { name: 'FON', symbol: 'FON', decimals: 18 },
        rpcUrls: { default: { http: [anvil.rpcUrl] } },
      });
      client = createPublicClient({ chain, transport: http(anvil.rpcUrl), pollingInterval: 50 });
      test = createTestClient({ chain, mode: 'anvil', transport: http(anvil.rpcUrl) });
      vault = at('EternoVault');
      usdt = at('USDT');
      etro = at('ETRO');
      startDay = dayStartOf((await client.getBlock({ blockNumber: BigInt(deployed.startBlock) })).timestamp);
      if (postgres) pgServer = await startPostgres();
    }, 300_000);

    afterAll(async () => {
      await server?.stop();
      await pgServer?.stop();
      await anvil?.stop();
      if (dataDir) await rm(dataDir, { recursive: true, force: true });
    }, 60_000);

    it('queues package orders in payment order and allots a FIFO prefix under the quota', async () => {
      server = await start();
      const buy = async (account: Account, pkg: Package, registration: 'first' | 'repeat') => {
        const code = registration === 'first' ? 1n : 2n;
        packages.push({
          ...(await diveIn(account, BigInt(pkg.id), code, BigInt(pkg.units) * e18('100'))),
          pkg,
          registration,
        });
      };
      // 100 + 500 fit the 700 quota; then 500 does not (600 + 500), and the 100 behind it waits too.
      await buy(alice, NORMAL(1, 1), 'first');
      await buy(bob, NORMAL(2, 5), 'first');
      await buy(alice, NORMAL(2, 5), 'repeat');
      await buy(bob, NORMAL(1, 1), 'repeat');
      await buy(alice, FAST, 'repeat');
      regular = { ...(await diveIn(bob, 101n, 0n, e18('1000'))), principal: e18('1000') };
      // A package id with the wrong amount: a plain top-up, credited like any deposit.
      topUp = { ...(await diveIn(bob, 1n, 1n, e18('150'))), amount: e18('150') };
      await crossDays(1);
      await waitHead(server);
      await server.stop();
      server = null;
      const tables = await readTables();
      const m = await model(await now());
      expect(m.rounds.at(-1)).toMatchObject({
        queueLength: 5,
        queueAmount: e18('1300'),
        allottedCount: 2,
        allotted: e18('600'),
      });
      expectModel(tables, m);
      expect(tables.finance_order.map((o) => o.status).sort()).toEqual([
        'in_progress',
        'in_progress',
        'waiting',
        'waiting',
        'waiting',
      ]);
      expect(tables.regular_order).toEqual([
        expect.objectContaining({
          seq: '1',
          user: low(bob.address),
          principal: e18('1000').toString(),
          interest: regularInterest(e18('1000'), 20, 7).toString(),
          state: 'active',
          maturesAt: m.maturity.toString(),
        }),
      ]);
      const bills = (type: string) => tables.bill.filter((b) => b.type === type).map((b) => [b.user, b.amount]);
      expect(bills('buy_package')).toHaveLength(5);
      expect(bills('regular')).toEqual([[low(bob.address), (-e18('1000')).toString()]]);
      expect(bills('deposit')).toEqual([[low(bob.address), e18('150').toString()]]);
    }, 300_000);

    it('allots up to the quota exactly, pays static income to the wei over many days in one block, finishes at the limit, matures the regular order', async () => {
      server = await start();
      await crossDays(1);
      await waitHead(server);
      // Ten days in one block: ten settlements, one after the other.
      await crossDays(10);
      await waitHead(server);
      await server.stop();
      server = null;
      const tables = await readTables();
      const m = await model(await now());
      // Day 2: 500 + 100 + 100 = exactly the 700 quota.
      expect(m.rounds[1]).toMatchObject({ allottedCount: 3, allotted: QUOTA });
      expect(m.orders.find((o) => o.pkg.id === FAST.id)).toMatchObject({ status: 'finished' });
      expect(m.bills.some((b) => b.id === 'regular:1:principal')).toBe(true);
      expectModel(tables, m);
      expect(tables.regular_order[0]).toMatchObject({ state: 'matured', maturedAt: m.maturity.toString() });
      expect(tables.finance_state[0]).toMatchObject({
        lastSettled: dayStartOf(await now()).toString(),
        nextSeq: '6',
        nextRegularSeq: '2',
      });
    }, 300_000);

    it('drops a settlement a reorg removed, and settles the day once on the new branch', async () => {
      server = await start();
      const before = await waitHead(server);
      const beforeTime = await now();
      const snapshot = await test.snapshot();
      await crossDays(1);
      const settled = await waitHead(server);
      const liabilities = (s: VaultStatsJson) => BigInt(s.tokens.find((t) => t.token === low(usdt))!.liabilities);
      expect(liabilities(settled)).toBeGreaterThan(liabilities(before));
      await test.revert({ id: snapshot });
      // The new branch stays on the same day for three blocks: no settlement.
      for (const step of [1n, 2n, 3n]) {
        await test.setNextBlockTimestamp({ timestamp: beforeTime + step });
        await test.mine({ blocks: 1 });
      }
      const reverted = await waitHead(server);
      expect(liabilities(reverted)).toBe(liabilities(before));
      await server.stop();
      server = null;
      const tables = await readTables();
      expectModel(tables, await model(await now()));
    }, 300_000);

    it('ends where the rules say after a stop in the middle of a many-day settlement and a restart', async () => {
      server = await start();
      await crossDays(120);
      // Stopped while it settles the 120 days (or just after): nothing half-written survives.
      await new Promise((r) => setTimeout(r, 300));
      await server.stop();
      server = await start();
      await waitHead(server);
      await server.stop();
      server = null;
      const tables = await readTables();
      const m = await model(await now());
      expectModel(tables, m);
      expect(m.rounds.length).toBeGreaterThan(130);
      expect(m.orders.filter((o) => o.status === 'in_progress').length).toBe(4);
    }, 600_000);
  });
}
