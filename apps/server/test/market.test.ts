/**
 * The EUSD market's indexer and read API against the real thing: anvil, the deploy + seed, the server
 * on PGlite and on PostgreSQL. Alice lists before the server starts (the backfill); then orders at
 * several prices, a partial fill, a whole fill, a cancel, and a fill that a reorg removes. The book,
 * the users' orders and fills, and the `trade_unlock` bills must be what the chain's events say.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startAnvil, type Anvil } from '@eterno/devstack/anvil';
import { deploy } from '@eterno/devstack/deploy';
import { LOCAL_TEST_MNEMONIC } from '@eterno/protocol/chain';
import type { Deployments } from '@eterno/protocol/deployments';
import { eusdMarketAbi } from '@eterno/protocol/generated/abis';
import type {
  MarketFillsResponseJson,
  MarketOrdersResponseJson,
  MyMarketOrdersResponseJson,
} from '@eterno/protocol/marketApi';
import type { BillsResponseJson } from '@eterno/protocol/vaultApi';
import {
  createPublicClient,
  createTestClient,
  defineChain,
  erc20Abi,
  http,
  maxUint256,
  parseUnits,
  type Address,
  type Chain,
  type PublicClient,
  type Transport,
} from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiIndexedBlock, indexedBlock, startServer, type RunningServer } from '../scripts/start.ts';
import { startPostgres, type TestPostgres } from '../scripts/postgres.ts';
import { apiCall, sendTx, signIn, SIWE_DOMAIN } from './apiClient.ts';

const e18 = (n: string) => parseUnits(n, 18);
const alice = mnemonicToAccount(LOCAL_TEST_MNEMONIC, { addressIndex: 1 });
const bob = mnemonicToAccount(LOCAL_TEST_MNEMONIC, { addressIndex: 2 });
const carol = mnemonicToAccount(LOCAL_TEST_MNEMONIC, { addressIndex: 3 });
const low = (a: Address) => a.toLowerCase();

const DATABASES: Array<{ name: string; postgres: boolean }> = [
  { name: 'PGlite', postgres: false },
  { name: 'PostgreSQL', postgres: true },
];

describe.each(DATABASES)('EUSD market indexer and API on $name', ({ postgres }) => {
  let anvil: Anvil;
  let pg: TestPostgres | null = null;
  let server: RunningServer;
  let dataDir: string;
  let contracts: Deployments['contracts'];
  let chain: Chain;
  let client: PublicClient<Transport, Chain>;
  let market: Address;

  const tx = (
    account: typeof alice,
    address: Address,
    abi: typeof erc20Abi | typeof eusdMarketAbi,
    fn: string,
    args: readonly unknown[],
  ) => sendTx({ rpcUrl: anvil.rpcUrl, chain, client }, account, address, abi, fn, args);

  async function waitVisible(block: bigint): Promise<void> {
    const deadline = Date.now() + 120_000;
    for (;;) {
      const indexed = BigInt((await indexedBlock(server.indexerUrl)) ?? -1);
      const api = BigInt((await apiIndexedBlock(server.url)) ?? -1);
      if (indexed >= block && api >= block) return;
      if (Date.now() > deadline) throw new Error(`the indexer did not reach block ${block}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  const get = async <T>(path: string): Promise<T> => {
    const { status, body } = await apiCall(server.url, 'GET', path, null);
    expect(status, path).toBe(200);
    return body as T;
  };

  beforeAll(async () => {
    anvil = await startAnvil();
    dataDir = await mkdtemp(join(tmpdir(), 'eterno-market-api-'));
    const deploymentsFile = join(dataDir, 'deployments.json');
    contracts = (await deploy({ rpcUrl: anvil.rpcUrl, outFile: deploymentsFile })).contracts;
    market = contracts.EusdMarket;
    chain = defineChain({
      id: 201022,
      name: 'ETERNO local',
      nativeCurrency: { name: 'FON', symbol: 'FON', decimals: 18 },
      rpcUrls: { default: { http: [anvil.rpcUrl] } },
    });
    client = createPublicClient({ chain, transport: http(anvil.rpcUrl), pollingInterval: 50 });
    for (const who of [alice, bob, carol]) {
      await tx(who, contracts.EUSD, erc20Abi, 'approve', [market, maxUint256]);
      await tx(who, contracts.USDT, erc20Abi, 'approve', [market, maxUint256]);
    }
    // Backfill: order 1, 100 EUSD at 0.95.
    await tx(alice, market, eusdMarketAbi, 'list', [e18('100'), e18('0.95')]);

    if (postgres) pg = await startPostgres();
    server = await startServer({
      rpcUrl: anvil.rpcUrl,
      deploymentsFile,
      dataDir: join(dataDir, 'server'),
      databaseUrl: pg?.url,
      siweDomains: [SIWE_DOMAIN],
    });

    // Live: order 2 (50 at 0.9), order 3 (bob, 30 at 0.95), order 4 (20 at 0.92).
    await tx(alice, market, eusdMarketAbi, 'list', [e18('50'), e18('0.9')]);
    await tx(bob, market, eusdMarketAbi, 'list', [e18('30'), e18('0.95')]);
    await tx(alice, market, eusdMarketAbi, 'list', [e18('20'), e18('0.92')]);
    // Bob takes 30 of order 1; carol the whole order 2; alice cancels the rest of order 1.
    await tx(bob, market, eusdMarketAbi, 'buy', [1n, e18('30'), e18('0.95')]);
    await tx(carol, market, eusdMarketAbi, 'buy', [2n, e18('50'), e18('0.9')]);
    await tx(alice, market, eusdMarketAbi, 'cancel', [1n]);
    await waitVisible(await client.getBlockNumber({ cacheTime: 0 }));
  }, 300_000);

  afterAll(async () => {
    await server?.stop();
    await pg?.stop();
    await anvil?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('GET /market/orders lists the open orders best price first, keyset-paged', async () => {
    const first = await get<MarketOrdersResponseJson>('/market/orders?limit=1');
    expect(first.orders.map((o) => [o.orderId, o.unitPrice, o.remaining, o.status])).toEqual([
      ['4', e18('0.92').toString(), e18('20').toString(), 'open'],
    ]);
    expect(first.nextAfter).toBe(`${e18('0.92')}:4`);
    const second = await get<MarketOrdersResponseJson>(`/market/orders?limit=1&after=${first.nextAfter}`);
    expect(second.orders.map((o) => [o.orderId, o.seller])).toEqual([['3', low(bob.address)]]);
    expect(second.nextAfter).toBeNull();
    const all = await get<MarketOrdersResponseJson>('/market/orders');
    expect(all.orders.map((o) => o.orderId)).toEqual(['4', '3']);
    const { status, body } = await apiCall(server.url, 'GET', '/market/orders?after=cheap', null);
    expect([status, body.error.code]).toEqual([400, 'BAD_REQUEST']);
  });

  it("GET /market/my-orders lists a seller's orders newest first with their status, as the chain says", async () => {
    const mine = await get<MyMarketOrdersResponseJson>(`/market/my-orders?account=${alice.address}`);
    expect(mine.orders.map((o) => [o.orderId, o.quantity, o.remaining, o.status, o.feeBps, o.refunded])).toEqual([
      ['4', e18('20').toString(), e18('20').toString(), 'open', 300, '0'],
      ['2', e18('50').toString(), '0', 'filled', 300, '0'],
      // Bob bought 30 of order 1; the cancel sent the other 70 back to alice.
      ['1', e18('100').toString(), '0', 'cancelled', 300, e18('70').toString()],
    ]);
    for (const o of mine.orders) {
      const [seller, unitPrice, remaining] = await client.readContract({
        address: market,
        abi: eusdMarketAbi,
        functionName: 'orderOf',
        args: [BigInt(o.orderId)],
      });
      expect([low(seller), unitPrice.toString(), remaining.toString()]).toEqual([o.seller, o.unitPrice, o.remaining]);
    }
    const page = await get<MyMarketOrdersResponseJson>(`/market/my-orders?account=${alice.address}&limit=2&before=4`);
    expect(page.orders.map((o) => o.orderId)).toEqual(['2', '1']);
    const { status, body } = await apiCall(server.url, 'GET', '/market/my-orders?account=0x123', null);
    expect([status, body.error.code]).toEqual([400, 'INVALID_WALLET_ADDRESS']);
  });

  it('GET /market/fills lists the fills of a buyer and of a seller, equal to the Filled events', async () => {
    const logs = await client.getContractEvents({
      address: market,
      abi: eusdMarketAbi,
      eventName: 'Filled',
      fromBlock: 0n,
    });
    expect(logs).toHaveLength(2);
    const bobs = await get<MarketFillsResponseJson>(`/market/fills?account=${bob.address}`);
    const log = logs[0]!;
    expect(bobs.fills.map(({ id: _id, timestamp: _t, ...f }) => f)).toEqual([
      {
        orderId: '1',
        buyer: low(bob.address),
        seller: low(alice.address),
        quantity: e18('30').toString(),
        unitPrice: e18('0.95').toString(),
        cost: e18('28.5').toString(),
        fee: e18('0.855').toString(),
        reward: e18('0.3').toString(),
        remaining: e18('70').toString(),
        blockNumber: log.blockNumber.toString(),
        txHash: log.transactionHash,
        logIndex: log.logIndex,
      },
    ]);
    const alices = await get<MarketFillsResponseJson>(`/market/fills?account=${alice.address}`);
    expect(alices.fills.map((f) => [f.orderId, f.buyer])).toEqual([
      ['2', low(carol.address)],
      ['1', low(bob.address)],
    ]);
  });

  it('makes trade_unlock bills: escrow, sale, fee and refund for the seller; payment, EUSD and reward for the buyer', async () => {
    const bills = async (account: typeof alice) => {
      const token = await signIn(server.url, account);
      const { status, body } = await apiCall(server.url, 'GET', '/bills?type=trade_unlock&limit=100', token);
      expect(status).toBe(200);
      return (body as BillsResponseJson).bills.map((b) => [b.token, b.amount]).sort();
    };
    const eusd = low(contracts.EUSD);
    const usdt = low(contracts.USDT);
    expect(await bills(bob)).toEqual(
      [
        [eusd, (-e18('30')).toString()], // order 3 escrowed
        [usdt, (-e18('28.5')).toString()], // paid for 30 of order 1
        [eusd, e18('30').toString()], // bought
        [eusd, e18('0.3').toString()], // reward
      ].sort(),
    );
    expect(await bills(alice)).toEqual(
      [
        [eusd, (-e18('100')).toString()],
        [eusd, (-e18('50')).toString()],
        [eusd, (-e18('20')).toString()],
        [usdt, e18('28.5').toString()],
        [usdt, (-e18('0.855')).toString()],
        [usdt, e18('45').toString()],
        [usdt, (-e18('1.35')).toString()],
        [eusd, e18('70').toString()],
      ].sort(),
    );
  });

  it('drops a fill a reorg removed: the order is whole again and the fill and its bills are gone', async () => {
    const test = createTestClient({ chain, mode: 'anvil', transport: http(anvil.rpcUrl) });
    const snapshot = await test.snapshot();
    await tx(carol, market, eusdMarketAbi, 'buy', [4n, e18('20'), e18('0.92')]);
    await test.mine({ blocks: 2 });
    await waitVisible(await client.getBlockNumber({ cacheTime: 0 }));
    const during = await get<MarketOrdersResponseJson>('/market/orders');
    expect(during.orders.map((o) => o.orderId)).toEqual(['3']);
    expect((await get<MarketFillsResponseJson>(`/market/fills?account=${carol.address}`)).fills).toHaveLength(2);

    await test.revert({ id: snapshot });
    await test.mine({ blocks: 4 });
    const head = await client.getBlockNumber({ cacheTime: 0 });
    await waitVisible(head);
    const deadline = Date.now() + 60_000;
    let after = await get<MarketOrdersResponseJson>('/market/orders');
    while (after.orders.length !== 2 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 200));
      after = await get<MarketOrdersResponseJson>('/market/orders');
    }
    expect(after.orders.map((o) => [o.orderId, o.remaining, o.status])).toEqual([
      ['4', e18('20').toString(), 'open'],
      ['3', e18('30').toString(), 'open'],
    ]);
    const carols = await get<MarketFillsResponseJson>(`/market/fills?account=${carol.address}`);
    expect(carols.fills.map((f) => f.orderId)).toEqual(['2']);
    const token = await signIn(server.url, carol);
    const { body } = await apiCall(server.url, 'GET', '/bills?type=trade_unlock&limit=100', token);
    expect((body as BillsResponseJson).bills).toHaveLength(3);
  });
});
