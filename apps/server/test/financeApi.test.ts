/**
 * The finance routes against the real thing: anvil, the deploy + seed, the server (`ponder start`)
 * on PGlite and on PostgreSQL with a test settings file (small cycles and quota), sign-in with
 * SIWE. Every refusal writes nothing; 20 racing purchases sign one authorisation; authorisations
 * paid on chain (approve + diveInWithToken) become waiting orders with their queue place; the next
 * round's projection; the summary; regular orders; unpaid expiry by the indexed chain time; pages.
 * On PostgreSQL also, in this process over the same indexer and both store engines: an unregistered
 * user (dave, whom the deployed registry does not know) and the crash points of a purchase.
 */
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startAnvil, type Anvil } from '@eterno/devstack/anvil';
import { deploy, localSignerKey } from '@eterno/devstack/deploy';
import { registerAccounts } from '@eterno/devstack/referral';
import { ETERNO_CHAIN_ID, LOCAL_TEST_MNEMONIC } from '@eterno/protocol/chain';
import type { ContractKey, Deployments } from '@eterno/protocol/deployments';
import { eternoVaultAbi } from '@eterno/protocol/generated/abis';
import type {
  FinanceCatalogueJson,
  FinanceOrderJson,
  FinanceOrdersPageJson,
  FinanceRoundsJson,
  FinanceSummaryJson,
  PurchaseAuthorisationJson,
  RegularOrdersPageJson,
} from '@eterno/protocol/financeApi';
import {
  createPublicClient,
  createTestClient,
  defineChain,
  erc20Abi,
  http,
  parseUnits,
  type Abi,
  type Address,
  type Chain,
  type Hash,
  type PublicClient,
  type Transport,
} from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openIndexerDb, type IndexerDb } from '../reader/indexerDb.ts';
import { apiIndexedBlock, indexedBlock, startServer, type RunningServer } from '../scripts/start.ts';
import { startPostgres, type TestPostgres } from '../scripts/postgres.ts';
import { apiCall, sendTx, signIn as signInAt, SIWE_DOMAIN } from './apiClient.ts';
import type { FinanceContext } from '../src/finance/context.ts';
import { openFinanceContext } from '../src/finance/open.ts';
import { ponderFinance } from '../src/finance/ponderFinance.ts';
import { requestPurchase } from '../src/finance/purchases.ts';
import { ApiError } from '../src/http/errors.ts';
import { createPurchaseStore } from '../src/store/purchaseStore.ts';
import { openPglite, openPostgres, type Sql } from '../src/store/sql.ts';
import { createQuoteStore } from '../src/store/quoteStore.ts';
import { createVoucherStore } from '../src/store/voucherStore.ts';
import { openVaultContext } from '../src/vault/open.ts';
import { ponderLedger } from '../src/vault/ponderLedger.ts';

const e18 = (n: string) => parseUnits(n, 18);
const owner = mnemonicToAccount(LOCAL_TEST_MNEMONIC, { addressIndex: 0 });
const alice = mnemonicToAccount(LOCAL_TEST_MNEMONIC, { addressIndex: 1 });
const bob = mnemonicToAccount(LOCAL_TEST_MNEMONIC, { addressIndex: 2 });
const carol = mnemonicToAccount(LOCAL_TEST_MNEMONIC, { addressIndex: 3 });
/** A user the server's store has never seen (the in-process checks share its PostgreSQL store). */
const dave = mnemonicToAccount(LOCAL_TEST_MNEMONIC, { addressIndex: 4 });
/** A user the seed leaves out of the referral tree: refused until registered on chain. */
const erin = mnemonicToAccount(LOCAL_TEST_MNEMONIC, { addressIndex: 5 });
type TestAccount = typeof alice;

const pkg = (id: number, units: number, cyclesMax: number) => ({
  id,
  units,
  multiple01Bps: 20000,
  multiple02Bps: 30000,
  allocation01Bps: 6000,
  dailyRateBps: 50,
  cyclesMax,
});

/** Package 1 (100 USDT) has 2 cycles; the quota (600 USDT) allots two 100s and stops before a 500 (100 + 100 + 500 > 600). */
const SETTINGS = [
  {
    effectiveFrom: 0,
    unitPrice: e18('100').toString(),
    packages: [pkg(1, 1, 2), pkg(2, 5, 5)],
    regular: [
      { id: 101, days: 7, dailyRateBps: 20, minAmount: e18('100').toString(), maxAmount: e18('1000').toString() },
    ],
    dailyQuota: e18('600').toString(),
    purchaseLifetime: 1800,
  },
];

const DATABASES: Array<{ name: string; postgres: boolean }> = [
  { name: 'PGlite', postgres: false },
  { name: 'PostgreSQL', postgres: true },
];

describe.each(DATABASES)('finance routes on $name', ({ postgres }) => {
  let anvil: Anvil;
  let pg: TestPostgres | null = null;
  let server: RunningServer;
  let dataDir: string;
  let deploymentsFile: string;
  let settingsFile: string;
  let contracts: Deployments['contracts'];
  let chain: Chain;
  let client: PublicClient<Transport, Chain>;
  const tokens = new Map<TestAccount, string>();

  const at = (name: ContractKey): Address => contracts[name].toLowerCase() as Address;

  const send = (
    account: TestAccount,
    address: Address,
    abi: Abi,
    functionName: string,
    args: readonly unknown[],
  ): Promise<Hash> => sendTx({ rpcUrl: anvil.rpcUrl, chain, client }, account, address, abi, functionName, args);

  async function untilIndexed(): Promise<void> {
    const head = Number(await client.getBlockNumber({ cacheTime: 0 }));
    const deadline = Date.now() + 60_000;
    while (
      ((await indexedBlock(server.indexerUrl)) ?? -1) < head ||
      ((await apiIndexedBlock(server.url)) ?? -1) < head
    ) {
      if (Date.now() > deadline) {
        const log = readFileSync(join(dataDir, 'server', 'server.log'), 'utf8')
          .split('\n')
          .slice(-20)
          .join('\n');
        throw new Error(`the indexer did not reach block ${head}; the server log ends:\n${log}`);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  const call = (method: 'GET' | 'POST', path: string, who: TestAccount | null, body?: unknown) =>
    apiCall(server.url, method, path, who === null ? null : (tokens.get(who) ?? null), body);

  async function signIn(account: TestAccount): Promise<void> {
    tokens.set(account, await signInAt(server.url, account));
  }

  /** Approves exactly the amount and sends the authorisation's `diveInWithToken`. */
  async function pay(account: TestAccount, auth: PurchaseAuthorisationJson): Promise<Hash> {
    await send(account, at('USDT'), erc20Abi, 'approve', [at('EternoVault'), BigInt(auth.amount)]);
    return send(account, at('EternoVault'), eternoVaultAbi, 'diveInWithToken', [
      BigInt(auth.custom),
      BigInt(auth.custom1),
      auth.token,
      BigInt(auth.amount),
      BigInt(auth.deadline),
      auth.signature.r,
      auth.signature.s,
      auth.signature.v,
    ]);
  }

  async function buy(account: TestAccount, packageId: number, amount: bigint): Promise<PurchaseAuthorisationJson> {
    const res = await call('POST', '/finance/purchases', account, { packageId, amount: amount.toString() });
    expect([res.status, res.body.error?.code]).toEqual([201, undefined]);
    return res.body as PurchaseAuthorisationJson;
  }

  const orders = async (account: TestAccount, query = ''): Promise<FinanceOrderJson[]> => {
    const res = await call('GET', `/finance/orders${query}`, account);
    expect(res.status).toBe(200);
    return (res.body as FinanceOrdersPageJson).orders;
  };

  beforeAll(async () => {
    anvil = await startAnvil();
    dataDir = await mkdtemp(join(tmpdir(), 'eterno-finance-api-'));
    deploymentsFile = join(dataDir, 'deployments.json');
    settingsFile = join(dataDir, 'finance.json');
    await writeFile(settingsFile, JSON.stringify(SETTINGS));
    contracts = (await deploy({ rpcUrl: anvil.rpcUrl, outFile: deploymentsFile })).contracts;
    chain = defineChain({
      id: ETERNO_CHAIN_ID,
      name: 'ETERNO local',
      nativeCurrency: { name: 'FON', symbol: 'FON', decimals: 18 },
      rpcUrls: { default: { http: [anvil.rpcUrl] } },
    });
    client = createPublicClient({ chain, transport: http(anvil.rpcUrl), pollingInterval: 50 });
    if (postgres) pg = await startPostgres();
    server = await startServer({
      rpcUrl: anvil.rpcUrl,
      deploymentsFile,
      dataDir: join(dataDir, 'server'),
      databaseUrl: pg?.url,
      siweDomains: [SIWE_DOMAIN],
      financeSettings: settingsFile,
    });
    for (const account of [alice, bob, carol]) await signIn(account);
  }, 300_000);

  afterAll(async () => {
    await server?.stop();
    await pg?.stop();
    await anvil?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('refuses every per-user route without a session; the catalogue and rounds are public', async () => {
    for (const [method, path] of [
      ['POST', '/finance/purchases'],
      ['POST', '/finance/regular-purchases'],
      ['GET', '/finance/orders'],
      ['GET', '/finance/regular-orders'],
      ['GET', '/finance/summary'],
    ] as const) {
      const res = await call(
        method,
        path,
        null,
        method === 'POST' ? { packageId: 1, amount: e18('100').toString() } : undefined,
      );
      expect([path, res.status, res.body.error.code]).toEqual([path, 401, 'UNAUTHORIZED']);
    }
    const catalogue = await call('GET', '/finance/catalogue', null);
    expect(catalogue.status).toBe(200);
    expect(catalogue.body).toMatchObject({ registered: null, usdt: at('USDT'), etro: at('ETRO') });
    expect((catalogue.body as FinanceCatalogueJson).packages.map((p) => p.cyclesLeft)).toEqual([null, null]);
    // A session that is not live gets the public answer, never a 401 on a public page.
    const stale = await fetch(`${server.url}/finance/catalogue`, {
      headers: { authorization: 'Bearer not-a-session' },
    });
    expect([stale.status, ((await stale.json()) as FinanceCatalogueJson).registered]).toEqual([200, null]);
    const rounds = await call('GET', '/finance/rounds', null);
    expect(rounds.status).toBe(200);
    expect(rounds.body).toMatchObject({ current: null, next: { queueLength: 0, myPlace: null, allotted: '0' } });
  });

  it('serves the catalogue of the settings in force with prices, reward limits and the user’s cycles', async () => {
    const { status, body } = await call('GET', '/finance/catalogue', alice);
    expect(status).toBe(200);
    const catalogue = body as FinanceCatalogueJson;
    expect(catalogue).toMatchObject({
      effectiveFrom: '0',
      unitPrice: e18('100').toString(),
      dailyQuota: e18('600').toString(),
      purchaseLifetime: 1800,
      registered: true,
    });
    expect(catalogue.packages).toEqual([
      expect.objectContaining({
        id: 1,
        units: 1,
        price: e18('100').toString(),
        rewardLimit: e18('240').toString(),
        cyclesMax: 2,
        cyclesLeft: 2,
      }),
      expect.objectContaining({
        id: 2,
        units: 5,
        price: e18('500').toString(),
        rewardLimit: e18('1200').toString(),
        cyclesLeft: 5,
      }),
    ]);
    expect(catalogue.regular).toEqual([
      { id: 101, days: 7, dailyRateBps: 20, minAmount: e18('100').toString(), maxAmount: e18('1000').toString() },
    ]);
  });

  it('refuses bad purchases with their codes and writes nothing', async () => {
    const cases: Array<[string, unknown, number, string, Record<string, string>?]> = [
      ['/finance/purchases', { packageId: 7, amount: e18('100').toString() }, 404, 'PACKAGE_NOT_FOUND'],
      ['/finance/purchases', { packageId: 101, amount: e18('100').toString() }, 404, 'PACKAGE_NOT_FOUND'],
      [
        '/finance/purchases',
        { packageId: 1, amount: e18('99').toString() },
        422,
        'AMOUNT_NOT_PACKAGE_PRICE',
        { price: '100' },
      ],
      [
        '/finance/purchases',
        { packageId: 2, amount: e18('100').toString() },
        422,
        'AMOUNT_NOT_PACKAGE_PRICE',
        { price: '500' },
      ],
      ['/finance/purchases', { packageId: 1, amount: '0' }, 400, 'INVALID_AMOUNT'],
      ['/finance/purchases', { packageId: 1, amount: '1.5' }, 400, 'INVALID_AMOUNT'],
      ['/finance/purchases', { packageId: 1, amount: 100 }, 400, 'INVALID_AMOUNT'],
      ['/finance/purchases', { packageId: '1', amount: e18('100').toString() }, 400, 'BAD_REQUEST'],
      ['/finance/purchases', { amount: e18('100').toString() }, 400, 'BAD_REQUEST'],
      ['/finance/purchases', '{ not json', 400, 'BAD_REQUEST'],
      ['/finance/purchases', '[1]', 400, 'BAD_REQUEST'],
      [
        '/finance/regular-purchases',
        { productId: 102, amount: e18('100').toString() },
        404,
        'REGULAR_PRODUCT_NOT_FOUND',
      ],
      ['/finance/regular-purchases', { productId: 1, amount: e18('100').toString() }, 404, 'REGULAR_PRODUCT_NOT_FOUND'],
      [
        '/finance/regular-purchases',
        { productId: 101, amount: e18('99.9').toString() },
        422,
        'REGULAR_AMOUNT_OUT_OF_RANGE',
        { min: '100', max: '1000' },
      ],
      [
        '/finance/regular-purchases',
        { productId: 101, amount: (e18('1000') + 1n).toString() },
        422,
        'REGULAR_AMOUNT_OUT_OF_RANGE',
        { min: '100', max: '1000' },
      ],
      ['/finance/regular-purchases', { productId: 101 }, 400, 'INVALID_AMOUNT'],
    ];
    for (const [path, body, status, code, params] of cases) {
      const res = await call('POST', path, alice, body);
      expect([path, JSON.stringify(body), res.status, res.body.error.code, res.body.error.params]).toEqual([
        path,
        JSON.stringify(body),
        status,
        code,
        params,
      ]);
    }
    expect(await orders(alice)).toEqual([]);
    expect((await call('GET', '/finance/regular-orders', alice)).body).toEqual({ orders: [], nextBefore: null });
  });

  it('refuses while the vault is paused and writes nothing', async () => {
    await send(owner, at('EternoVault'), eternoVaultAbi, 'pause', []);
    try {
      for (const [path, body] of [
        ['/finance/purchases', { packageId: 1, amount: e18('100').toString() }],
        ['/finance/regular-purchases', { productId: 101, amount: e18('100').toString() }],
      ] as const) {
        const res = await call('POST', path, alice, body);
        expect([path, res.status, res.body.error.code]).toEqual([path, 503, 'VAULT_PAUSED']);
      }
    } finally {
      await send(owner, at('EternoVault'), eternoVaultAbi, 'unpause', []);
    }
    expect(await orders(alice)).toEqual([]);
  });

  it('an authorisation is an unpaid order until paid; paid on chain it is a waiting order with its queue place', async () => {
    const auth = await buy(carol, 1, e18('100'));
    expect(auth).toMatchObject({
      user: carol.address.toLowerCase(),
      token: at('USDT'),
      amount: e18('100').toString(),
      custom: '1',
      custom1: '1',
      nonce: '0',
    });
    expect(auth.orderId).toMatch(/^u\d+$/);
    const [unpaid] = await orders(carol);
    expect(unpaid).toMatchObject({
      id: auth.orderId,
      status: 'unpaid',
      packageId: 1,
      registrationType: 'first',
      payment: e18('100').toString(),
      rewardLimit: e18('240').toString(),
      deadline: auth.deadline,
      txHash: null,
    });
    const hash = await pay(carol, auth);
    await untilIndexed();
    const list = await orders(carol);
    expect(list).toEqual([
      expect.objectContaining({
        status: 'waiting',
        packageId: 1,
        registrationType: 'first',
        payment: e18('100').toString(),
        queuePosition: 1,
        txHash: hash,
        deadline: null,
      }),
    ]);
    expect(list[0]!.id).toMatch(/^\d+$/);
    const catalogue = (await call('GET', '/finance/catalogue', carol)).body as FinanceCatalogueJson;
    expect(catalogue.packages.find((p) => p.id === 1)?.cyclesLeft).toBe(1);
  });

  it('20 simultaneous purchases of the last cycle sign exactly one authorisation; once paid the next is CYCLES_USED_UP', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        call('POST', '/finance/purchases', carol, { packageId: 1, amount: e18('100').toString() }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(201));
    const ids = new Set(answers.map((a) => (a.body as PurchaseAuthorisationJson).orderId));
    expect(ids.size).toBe(1);
    const auth = answers[0]!.body as PurchaseAuthorisationJson;
    expect([auth.custom1, auth.nonce]).toEqual(['2', '1']);
    const unpaid = (await orders(carol)).filter((o) => o.status === 'unpaid');
    expect(unpaid.map((o) => o.id)).toEqual([auth.orderId]);

    await pay(carol, auth);
    await untilIndexed();
    const list = await orders(carol);
    expect(list.map((o) => [o.status, o.registrationType, o.queuePosition])).toEqual([
      ['waiting', 'repeat', 2],
      ['waiting', 'first', 1],
    ]);
    const refused = await call('POST', '/finance/purchases', carol, { packageId: 1, amount: e18('100').toString() });
    expect([refused.status, refused.body.error.code, refused.body.error.params]).toEqual([
      409,
      'CYCLES_USED_UP',
      { max: '2' },
    ]);
    expect((await orders(carol)).filter((o) => o.status === 'unpaid')).toEqual([]);
    const catalogue = (await call('GET', '/finance/catalogue', carol)).body as FinanceCatalogueJson;
    expect(catalogue.packages.map((p) => p.cyclesLeft)).toEqual([0, 5]);
  });

  it('the next round projects the quota on the queue in strict FIFO order; the summary sums the current orders', async () => {
    await pay(alice, await buy(alice, 2, e18('500')));
    await pay(bob, await buy(bob, 1, e18('100')));
    await untilIndexed();
    const rounds = (await call('GET', '/finance/rounds', alice)).body as FinanceRoundsJson;
    const head = await client.getBlock();
    expect(rounds.now).toBe(head.timestamp.toString());
    expect(rounds.next).toEqual({
      settlesAt: (head.timestamp - (head.timestamp % 86_400n) + 86_400n).toString(),
      quota: e18('600').toString(),
      // carol's two 100s fit; alice's 500 does not, and bob's 100 behind it is not allotted before it.
      allotted: e18('200').toString(),
      queueLength: 4,
      queueAmount: e18('800').toString(),
      myPlace: 3,
      myWaiting: e18('500').toString(),
    });
    const bobs = (await call('GET', '/finance/rounds', bob)).body as FinanceRoundsJson;
    expect([bobs.next.myPlace, bobs.next.myWaiting]).toEqual([4, e18('100').toString()]);

    const summary = (await call('GET', '/finance/summary', carol)).body as FinanceSummaryJson;
    expect(summary).toEqual({
      units: 2,
      currentValue: e18('200').toString(),
      rewardLimit: e18('480').toString(),
      rewardGained: '0',
      rewardRemaining: e18('480').toString(),
      cyclesRemaining: 5,
    });
  });

  it('a fixed-term purchase is an unpaid regular order until paid, then active with its interest and maturity', async () => {
    const res = await call('POST', '/finance/regular-purchases', bob, {
      productId: 101,
      amount: e18('300').toString(),
    });
    expect(res.status).toBe(201);
    const auth = res.body as PurchaseAuthorisationJson;
    expect([auth.custom, auth.custom1]).toEqual(['101', '0']);
    const before = (await call('GET', '/finance/regular-orders', bob)).body as RegularOrdersPageJson;
    expect(before.orders).toEqual([
      expect.objectContaining({
        id: auth.orderId,
        state: 'unpaid',
        productId: 101,
        days: 7,
        principal: e18('300').toString(),
        interest: e18('4.2').toString(),
        deadline: auth.deadline,
      }),
    ]);
    const hash = await pay(bob, auth);
    await untilIndexed();
    const after = (await call('GET', '/finance/regular-orders', bob)).body as RegularOrdersPageJson;
    expect(after.orders).toEqual([
      expect.objectContaining({
        state: 'active',
        productId: 101,
        principal: e18('300').toString(),
        interest: e18('4.2').toString(),
        txHash: hash,
        deadline: null,
      }),
    ]);
    // A fixed-term order is no package order.
    expect((await orders(bob)).map((o) => o.packageId)).toEqual([1]);
  });

  it('pages the orders newest first with no gap or repeat; past holds only finished orders', async () => {
    const all = await orders(carol, '?limit=100');
    expect(all).toHaveLength(2);
    const first = (await call('GET', '/finance/orders?limit=1', carol)).body as FinanceOrdersPageJson;
    expect(first.orders.map((o) => o.id)).toEqual([all[0]!.id]);
    expect(first.nextBefore).toBe(all[0]!.id);
    const second = (await call('GET', `/finance/orders?limit=1&before=${first.nextBefore}`, carol))
      .body as FinanceOrdersPageJson;
    expect(second).toEqual({ orders: [all[1]], nextBefore: null });
    expect(await orders(carol, '?status=active')).toEqual(all);
    expect(await orders(carol, '?status=past')).toEqual([]);
    for (const bad of ['?status=finished', '?before=u1', '?limit=0', '?limit=101'])
      expect([bad, (await call('GET', `/finance/orders${bad}`, carol)).status]).toEqual([bad, 400]);
  });

  it('a settlement allots the FIFO prefix: the current round, in-progress orders, places moving up, income in the summary', async () => {
    const test = createTestClient({ chain, mode: 'anvil', transport: http(anvil.rpcUrl) });
    const T = ((await client.getBlock()).timestamp / 86_400n + 1n) * 86_400n;
    await test.setNextBlockTimestamp({ timestamp: T + 5n });
    await test.mine({ blocks: 1 });
    await untilIndexed();
    const rounds = (await call('GET', '/finance/rounds', alice)).body as FinanceRoundsJson;
    expect(rounds.current).toEqual({
      settlesAt: T.toString(),
      quota: e18('600').toString(),
      allotted: e18('200').toString(),
      queueLength: 4,
      queueAmount: e18('800').toString(),
      myPlace: 1,
      myWaiting: e18('500').toString(),
    });
    expect(rounds.next).toEqual({
      settlesAt: (T + 86_400n).toString(),
      quota: e18('600').toString(),
      allotted: e18('600').toString(),
      queueLength: 2,
      queueAmount: e18('600').toString(),
      myPlace: 1,
      myWaiting: e18('500').toString(),
    });
    expect((await orders(carol)).map((o) => [o.status, o.allottedAt, o.queuePosition])).toEqual([
      ['in_progress', T.toString(), null],
      ['in_progress', T.toString(), null],
    ]);
    expect((await orders(bob)).map((o) => [o.status, o.queuePosition])).toEqual([['waiting', 2]]);

    // The next settlement pays each in-progress order 0.5 % of its payment (0.3 USDT of it in USDT).
    await test.setNextBlockTimestamp({ timestamp: T + 86_400n + 5n });
    await test.mine({ blocks: 1 });
    await untilIndexed();
    expect((await orders(carol)).map((o) => [o.gained, o.gainedUsdt])).toEqual([
      [e18('0.5').toString(), e18('0.3').toString()],
      [e18('0.5').toString(), e18('0.3').toString()],
    ]);
    expect((await call('GET', '/finance/summary', carol)).body).toEqual({
      units: 2,
      currentValue: e18('200').toString(),
      rewardLimit: e18('480').toString(),
      rewardGained: e18('1').toString(),
      rewardRemaining: e18('479').toString(),
      cyclesRemaining: 5,
    });
  }, 90_000);

  it('an unpaid order expires by the indexed chain time and is then shown as nothing; its signature is refused on chain', async () => {
    const auth = await buy(alice, 2, e18('500'));
    expect((await orders(alice, '?status=active')).map((o) => o.status)).toEqual(['unpaid', 'in_progress']);
    const test = createTestClient({ chain, mode: 'anvil', transport: http(anvil.rpcUrl) });
    await test.setNextBlockTimestamp({ timestamp: BigInt(auth.deadline) + 1n });
    await test.mine({ blocks: 1 });
    await untilIndexed();
    expect((await orders(alice)).map((o) => o.status)).not.toContain('unpaid');
    await send(alice, at('USDT'), erc20Abi, 'approve', [at('EternoVault'), e18('500')]);
    await expect(
      client.simulateContract({
        account: alice.address,
        address: at('EternoVault'),
        abi: eternoVaultAbi,
        functionName: 'diveInWithToken',
        args: [
          2n,
          2n,
          at('USDT'),
          e18('500'),
          BigInt(auth.deadline),
          auth.signature.r,
          auth.signature.s,
          auth.signature.v,
        ],
      }),
    ).rejects.toThrow();
    // A new purchase is signed with the same nonce (nothing paid in between).
    const next = await buy(alice, 2, e18('500'));
    expect([next.nonce, next.orderId === auth.orderId]).toEqual([auth.nonce, false]);
  });

  it('a wallet outside the referral tree is refused NOT_REGISTERED until it registers on chain', async () => {
    await signIn(erin);
    const request = { packageId: 1, amount: e18('100').toString() };
    const refused = await call('POST', '/finance/purchases', erin, request);
    expect([refused.status, refused.body.error?.code]).toEqual([403, 'NOT_REGISTERED']);
    expect((await orders(erin)).filter((o) => o.status === 'unpaid')).toEqual([]);
    await registerAccounts(anvil.rpcUrl, { contracts }, [erin], { inviter: carol.address, side: 1 });
    const accepted = await call('POST', '/finance/purchases', erin, request);
    expect([accepted.status, accepted.body.error?.code]).toEqual([201, undefined]);
  });

  // On PostgreSQL the indexer's tables can be opened from this process (PGlite's belong to the
  // server's): a registration source that says no, and the crash points, over both store engines.
  if (postgres)
    describe('in this process over the same indexer', () => {
      let indexer: IndexerDb;
      const stores: Array<{ name: string; sql: Sql }> = [];

      beforeAll(async () => {
        indexer = openIndexerDb(pg!.url, server.schema!);
        stores.push({ name: 'PostgreSQL', sql: openPostgres(pg!.url) }, { name: 'PGlite', sql: await openPglite() });
      });

      afterAll(async () => {
        for (const { sql } of stores) await sql.close();
        await indexer?.close();
      });

      const contextFor = async (sql: Sql, over: Partial<FinanceContext>): Promise<FinanceContext> => {
        const env = {
          ...process.env,
          ETERNO_DEPLOYMENTS: deploymentsFile,
          PONDER_RPC_URL_201022: anvil.rpcUrl,
          ETERNO_SIGNER_KEY: localSignerKey(),
          ETERNO_FINANCE_SETTINGS: settingsFile,
        };
        const vault = openVaultContext(env, {
          ledger: ponderLedger(indexer.db),
          store: await createVoucherStore(sql),
          quotes: await createQuoteStore(sql),
        });
        const store = await createPurchaseStore(sql);
        return { ...openFinanceContext(env, { vault, store, view: ponderFinance(indexer.db) }), ...over };
      };

      const refusal = (p: Promise<unknown>) =>
        p.then(
          () => 'none',
          (e: unknown) => (e instanceof ApiError ? e.code : String(e)),
        );

      it('an unregistered user (dave, per the deployed registry) is refused NOT_REGISTERED and nothing is stored', async () => {
        for (const { name, sql } of stores) {
          const ctx = await contextFor(sql, {});
          const code = await refusal(
            requestPurchase(ctx, dave.address, { kind: 'package', productId: 2, amount: e18('500') }),
          );
          expect([name, code]).toEqual([name, 'NOT_REGISTERED']);
          // The price is checked first; a fixed-term deposit needs no registration.
          const wrong = await refusal(
            requestPurchase(ctx, dave.address, { kind: 'package', productId: 2, amount: 1n }),
          );
          expect([name, wrong]).toEqual([name, 'AMOUNT_NOT_PACKAGE_PRICE']);
          expect([name, await ctx.store.liveOf(dave.address, 0n)]).toEqual([name, []]);
        }
      });

      it('a failure before commit leaves no row; after commit the authorisation is kept and answered again', async () => {
        await registerAccounts(anvil.rpcUrl, { contracts }, [dave], { inviter: alice.address });
        for (const { name, sql } of stores) {
          const crashBefore = await contextFor(sql, {
            faults: {
              beforeCommit: () => {
                throw new Error('crash before commit');
              },
            },
          });
          const request = { kind: 'package', productId: 2, amount: e18('500') } as const;
          expect(await refusal(requestPurchase(crashBefore, dave.address, request))).toBe('Error: crash before commit');
          expect([name, await crashBefore.store.liveOf(dave.address, 0n)]).toEqual([name, []]);
          const crashAfter = await contextFor(sql, {
            faults: {
              afterCommit: () => {
                throw new Error('crash after commit');
              },
            },
          });
          expect(await refusal(requestPurchase(crashAfter, dave.address, request))).toBe('Error: crash after commit');
          const kept = await crashAfter.store.liveOf(dave.address, 0n);
          expect(kept).toHaveLength(1);
          const retry = await requestPurchase(await contextFor(sql, {}), dave.address, request);
          expect([name, retry.orderId]).toEqual([name, `u${kept[0]!.id}`]);
          expect(await crashAfter.store.liveOf(dave.address, 0n)).toHaveLength(1);
        }
      });
    });
});
