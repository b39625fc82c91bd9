/**
 * The DeFi indexer and its read API against the real thing: anvil, the deploy + seed, the server
 * (`ponder start`) on PGlite and on PostgreSQL. Bob sells before the server starts (the backfill);
 * alice then buys, sells, stakes in both pools (leaving one early, one after its lock), deposits,
 * withdraws and emergency-withdraws in the farm and claims her lock — each answer of the API must
 * equal the events read from the chain.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startAnvil, type Anvil } from '@eterno/devstack/anvil';
import { deploy } from '@eterno/devstack/deploy';
import { GAS_LIMIT, LOCAL_TEST_MNEMONIC } from '@eterno/protocol/chain';
import type { ContractKey, Deployments } from '@eterno/protocol/deployments';
import { errorBody, type ErrorCode } from '@eterno/protocol/errors';
import { eternoFarmAbi, eternoStakingAbi, etroSwapAbi, lockLedgerAbi } from '@eterno/protocol/generated/abis';
import type {
  FarmEventJson,
  FarmResponseJson,
  LockCreditJson,
  LockRecordJson,
  LocksResponseJson,
  StakeOrderJson,
  StakesResponseJson,
  TradeJson,
  TradesResponseJson,
} from '@eterno/protocol/indexerApi';
import {
  createPublicClient,
  createTestClient,
  createWalletClient,
  defineChain,
  erc20Abi,
  http,
  maxUint256,
  parseUnits,
  type Abi,
  type Address,
  type Chain,
  type PublicClient,
  type Transport,
  type Hash,
  type Log,
} from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiIndexedBlock, indexedBlock, startServer, type RunningServer } from '../scripts/start.ts';
import { startPostgres, type TestPostgres } from '../scripts/postgres.ts';

const e18 = (n: string) => parseUnits(n, 18);
const DAY = 86_400;
const alice = mnemonicToAccount(LOCAL_TEST_MNEMONIC, { addressIndex: 1 });
const bob = mnemonicToAccount(LOCAL_TEST_MNEMONIC, { addressIndex: 2 });
const carol = mnemonicToAccount(LOCAL_TEST_MNEMONIC, { addressIndex: 3 });

/**
 * Whether `block` is fully visible: Ponder's status has reached it AND the API answers at it (its
 * `indexed_head`), so a read right after shows every log of that block on either database.
 */
async function visibleAt(server: RunningServer, block: number): Promise<boolean> {
  return (
    ((await indexedBlock(server.indexerUrl)) ?? -1) >= block && ((await apiIndexedBlock(server.url)) ?? -1) >= block
  );
}

const DATABASES: Array<{ name: string; postgres: boolean }> = [
  { name: 'PGlite', postgres: false },
  { name: 'PostgreSQL', postgres: true },
];

describe.each(DATABASES)('DeFi indexer and API on $name', ({ postgres }) => {
  let anvil: Anvil;
  let pg: TestPostgres | null = null;
  let server: RunningServer;
  let dataDir: string;
  let contracts: Deployments['contracts'];
  let api: string;
  let chain: Chain;
  let client: PublicClient<Transport, Chain>;
  const blockTimes = new Map<bigint, bigint>();

  const at = (name: ContractKey): Address => contracts[name];

  async function send(
    account: typeof alice,
    address: Address,
    abi: Abi,
    functionName: string,
    args: readonly unknown[],
  ): Promise<Hash> {
    const wallet = createWalletClient({ account, chain, transport: http(anvil.rpcUrl) });
    const hash = await wallet.writeContract({ address, abi, functionName, args, chain, gas: GAS_LIMIT });
    const receipt = await client.waitForTransactionReceipt({ hash });
    if (receipt.status !== 'success') throw new Error(`${functionName} reverted (${hash})`);
    return hash;
  }

  async function timeOf(blockNumber: bigint): Promise<string> {
    let t = blockTimes.get(blockNumber);
    if (t === undefined) {
      t = (await client.getBlock({ blockNumber })).timestamp;
      blockTimes.set(blockNumber, t);
    }
    return t.toString();
  }

  async function place(log: Log) {
    return {
      blockNumber: log.blockNumber!.toString(),
      timestamp: await timeOf(log.blockNumber!),
      txHash: log.transactionHash!,
      logIndex: log.logIndex!,
    };
  }

  /** Newest first, as the API lists. */
  const newestFirst = <T extends { blockNumber: string; logIndex: number }>(list: T[]): T[] =>
    [...list].sort((a, b) => {
      const d = BigInt(b.blockNumber) - BigInt(a.blockNumber);
      return d !== 0n ? (d > 0n ? 1 : -1) : b.logIndex - a.logIndex;
    });

  async function get(path: string): Promise<{ status: number; body: any }> {
    const res = await fetch(`${api}${path}`);
    return { status: res.status, body: await res.json() };
  }

  /** Drops Ponder's event ids after checking they are unique strings (they cannot be derived from the chain). */
  function withoutIds<T extends { id: string }>(list: T[]): Array<Omit<T, 'id'>> {
    const ids = list.map((r) => r.id);
    expect(ids.every((id) => typeof id === 'string' && id.length > 0)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    return list.map(({ id: _id, ...rest }) => rest);
  }

  beforeAll(async () => {
    anvil = await startAnvil();
    dataDir = await mkdtemp(join(tmpdir(), 'eterno-defi-api-'));
    const deploymentsFile = join(dataDir, 'deployments.json');
    contracts = (await deploy({ rpcUrl: anvil.rpcUrl, outFile: deploymentsFile })).contracts;
    chain = defineChain({
      id: 201022,
      name: 'ETERNO local',
      nativeCurrency: { name: 'FON', symbol: 'FON', decimals: 18 },
      rpcUrls: { default: { http: [anvil.rpcUrl] } },
    });
    client = createPublicClient({ chain, transport: http(anvil.rpcUrl), pollingInterval: 50 });

    // Backfill: a sell indexed from history when the server starts.
    await send(bob, at('ETRO'), erc20Abi, 'approve', [at('EtroSwap'), e18('100')]);
    await send(bob, at('EtroSwap'), etroSwapAbi, 'sell', [e18('100'), 1n, maxUint256]);

    if (postgres) pg = await startPostgres();
    server = await startServer({
      rpcUrl: anvil.rpcUrl,
      deploymentsFile,
      dataDir: join(dataDir, 'server'),
      databaseUrl: pg?.url,
      siweDomains: ['127.0.0.1:5173'],
      // The solvency watch's first check may run before a block is indexed: the next one comes soon.
      settings: { ETERNO_SOLVENCY_CHECK_S: '5' },
    });
    api = server.url;

    // Live: alice's trades, stakes, farm and claim.
    await send(alice, at('USDT'), erc20Abi, 'approve', [at('EtroSwap'), e18('1000')]);
    await send(alice, at('EtroSwap'), etroSwapAbi, 'swap', [e18('1000'), 1n, maxUint256]);
    await send(alice, at('ETRO'), erc20Abi, 'approve', [at('EtroSwap'), e18('50')]);
    await send(alice, at('EtroSwap'), etroSwapAbi, 'sell', [e18('50'), 1n, maxUint256]);

    await send(alice, at('ETRO'), erc20Abi, 'approve', [at('StakingETRO'), e18('100')]);
    await send(alice, at('StakingETRO'), eternoStakingAbi, 'enterStaking_30', [e18('100')]);
    await send(alice, at('EULP'), erc20Abi, 'approve', [at('StakingEULP'), e18('2')]);
    await send(alice, at('StakingEULP'), eternoStakingAbi, 'enterStaking_60', [e18('2')]);
    await send(alice, at('StakingEULP'), eternoStakingAbi, 'leaveStaking', [1n]);

    await send(alice, at('EULP'), erc20Abi, 'approve', [at('EternoFarm'), e18('3')]);
    await send(alice, at('EternoFarm'), eternoFarmAbi, 'deposit', [0n, e18('3')]);
    await send(alice, at('EternoFarm'), eternoFarmAbi, 'withdraw', [0n, e18('1')]);
    await send(alice, at('EternoFarm'), eternoFarmAbi, 'emergencyWithdraw', [0n]);

    const test = createTestClient({ chain, mode: 'anvil', transport: http(anvil.rpcUrl) });
    await test.increaseTime({ seconds: 31 * DAY });
    await test.mine({ blocks: 1 });
    await send(alice, at('StakingETRO'), eternoStakingAbi, 'leaveStaking', [1n]);
    await send(alice, at('LockLedger'), lockLedgerAbi, 'claim', []);

    // Wait until the indexer has reached the chain head: read afresh (viem answers getBlockNumber from
    // a cache for cacheTime ms, and a cached head let the wait end before the last blocks were indexed).
    const head = Number(await client.getBlockNumber({ cacheTime: 0 }));
    const deadline = Date.now() + 60_000;
    while (!(await visibleAt(server, head))) {
      if (Date.now() > deadline) throw new Error(`the indexer did not reach block ${head}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }, 300_000);

  afterAll(async () => {
    await server?.stop();
    await pg?.stop();
    await anvil?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  }, 60_000);

  async function chainTrades(trader?: Address): Promise<Array<Omit<TradeJson, 'id'>>> {
    const logs = await client.getContractEvents({
      address: at('EtroSwap'),
      abi: etroSwapAbi,
      eventName: 'Trade',
      fromBlock: 0n,
      ...(trader ? { args: { trader } } : {}),
    });
    const rows = await Promise.all(
      logs.map(async (log) => ({
        trader: log.args.trader!.toLowerCase() as Address,
        isBuy: log.args.isBuy!,
        amountIn: log.args.amountIn!.toString(),
        amountOut: log.args.amountOut!.toString(),
        fee: log.args.fee!.toString(),
        ...(await place(log)),
      })),
    );
    return newestFirst(rows);
  }

  it("GET /trades lists everyone's trades newest first, equal to the chain's Trade events (backfilled and live)", async () => {
    const { status, body } = await get('/trades');
    expect(status).toBe(200);
    const answer = body as TradesResponseJson;
    const expected = await chainTrades();
    expect(expected).toHaveLength(3);
    expect(withoutIds(answer.trades)).toEqual(expected);
    expect(answer.nextBefore).toBeNull();
    expect(answer.trades.map((t) => [t.trader, t.isBuy])).toEqual([
      [alice.address.toLowerCase(), false],
      [alice.address.toLowerCase(), true],
      [bob.address.toLowerCase(), false],
    ]);
    const buy = answer.trades[1]!;
    expect(BigInt(buy.fee)).toBe((e18('1000') * 600n) / 10_000n);
  });

  it("GET /trades?account= lists one user's exchange records (any address case)", async () => {
    const { status, body } = await get(`/trades?account=${alice.address}`);
    expect(status).toBe(200);
    expect(withoutIds((body as TradesResponseJson).trades)).toEqual(await chainTrades(alice.address));
    const lower = await get(`/trades?account=${bob.address.toLowerCase()}`);
    expect(withoutIds((lower.body as TradesResponseJson).trades)).toEqual(await chainTrades(bob.address));
    const none = await get(`/trades?account=${carol.address}`);
    expect(none.body).toEqual({ trades: [], nextBefore: null });
  });

  it('pages /trades with limit and the before cursor, with no gap or repeat', async () => {
    const all = ((await get('/trades')).body as TradesResponseJson).trades;
    const walked: TradeJson[] = [];
    let before: string | null = null;
    let pages = 0;
    do {
      const page: TradesResponseJson = (await get(`/trades?limit=2${before ? `&before=${before}` : ''}`)).body;
      expect(page.trades.length).toBeLessThanOrEqual(2);
      walked.push(...page.trades);
      before = page.nextBefore;
      pages += 1;
    } while (before !== null && pages < 10);
    expect(pages).toBe(2);
    expect(walked).toEqual(all);
    const last = all[1]!;
    const after = (await get(`/trades?before=${last.blockNumber}:${last.logIndex}`)).body as TradesResponseJson;
    expect(after.trades).toEqual(all.slice(2));
  });

  async function chainStakes(pool: 'ETRO' | 'EULP'): Promise<StakeOrderJson[]> {
    const address = at(`Staking${pool}`);
    const staked = await client.getContractEvents({
      address,
      abi: eternoStakingAbi,
      eventName: 'Staked',
      fromBlock: 0n,
      args: { owner: alice.address },
    });
    const unstaked = await client.getContractEvents({
      address,
      abi: eternoStakingAbi,
      eventName: 'Unstaked',
      fromBlock: 0n,
      args: { owner: alice.address },
    });
    const orders = await Promise.all(
      staked.map(async (log): Promise<StakeOrderJson> => {
        const exit = unstaked.find((u) => u.args.id === log.args.id);
        return {
          pool,
          orderId: log.args.id!.toString(),
          owner: alice.address.toLowerCase() as Address,
          amount: log.args.amount!.toString(),
          lockDays: Number(log.args.lockDays),
          rateBps: Number(log.args.rateBps),
          reward: log.args.reward!.toString(),
          base: log.args.base!.toString(),
          stakingTime: await timeOf(log.blockNumber),
          lockTime: Number(log.args.lockDays) * DAY,
          unstaked: exit !== undefined,
          paidReward: exit ? exit.args.reward!.toString() : null,
          forfeited: exit ? exit.args.forfeited!.toString() : null,
          early: exit ? exit.args.early! : null,
          enteredTx: log.transactionHash,
          leftTime: exit ? await timeOf(exit.blockNumber) : null,
          leftTx: exit ? exit.transactionHash : null,
        };
      }),
    );
    return orders.reverse();
  }

  it("GET /stakes lists the user's orders of one pool, told apart by the contract address", async () => {
    const etro = (await get(`/stakes?account=${alice.address}&pool=ETRO`)).body as StakesResponseJson;
    expect(etro).toEqual({ stakes: await chainStakes('ETRO'), nextBefore: null });
    expect(etro.stakes).toHaveLength(1);
    expect(etro.stakes[0]).toMatchObject({
      pool: 'ETRO',
      orderId: '1',
      lockDays: 30,
      rateBps: 100,
      unstaked: true,
      early: false,
      paidReward: e18('1').toString(),
    });

    const eulp = (await get(`/stakes?account=${alice.address}&pool=EULP`)).body as StakesResponseJson;
    expect(eulp).toEqual({ stakes: await chainStakes('EULP'), nextBefore: null });
    expect(eulp.stakes[0]).toMatchObject({ pool: 'EULP', orderId: '1', lockDays: 60, unstaked: true, early: true });
    // Left early: the EULP order keeps only what its base released by the second (here a second or none) and
    // forfeits the rest of the full reward.
    const left = eulp.stakes[0]!;
    expect(BigInt(left.paidReward!)).toBeLessThan(BigInt(left.reward) / 1000n);
    expect(BigInt(left.paidReward!) + BigInt(left.forfeited!)).toBe(BigInt(left.reward));
    expect(BigInt(left.base)).toBe((e18('2') * 100n * 60n) / (30n * 10_000n));

    expect((await get(`/stakes?account=${bob.address}&pool=ETRO`)).body).toEqual({ stakes: [], nextBefore: null });
    expect((await get(`/stakes?account=${alice.address}&pool=ETRO&before=1`)).body).toEqual({
      stakes: [],
      nextBefore: null,
    });
  });

  it("GET /locks lists the user's credits (swap release, stake revenue), revocations and claims (with the fee), equal to the ledger's events", async () => {
    const ledger = at('LockLedger');
    const logs = { address: ledger, abi: lockLedgerAbi, fromBlock: 0n, args: { user: alice.address } } as const;
    const [credited, creditedRevocable, claimed, revoked] = await Promise.all([
      client.getContractEvents({ ...logs, eventName: 'Credited' }),
      client.getContractEvents({ ...logs, eventName: 'CreditedRevocable' }),
      client.getContractEvents({ ...logs, eventName: 'Claimed' }),
      client.getContractEvents({ ...logs, eventName: 'Revoked' }),
    ]);
    const sourceOf: Record<string, string> = {
      [at('EtroSwap').toLowerCase()]: 'swap',
      [at('StakingETRO').toLowerCase()]: 'stakeETRO',
      [at('StakingEULP').toLowerCase()]: 'stakeEULP',
    };
    const creditJson = async (
      log: (typeof credited)[number] | (typeof creditedRevocable)[number],
      slot: number | null,
    ): Promise<Omit<LockCreditJson, 'id'>> => ({
      kind: 'credit' as const,
      user: alice.address.toLowerCase() as Address,
      writer: log.args.writer!.toLowerCase() as Address,
      source: sourceOf[log.args.writer!.toLowerCase()] as 'swap',
      amount: log.args.amount!.toString(),
      start: await timeOf(log.blockNumber),
      duration: log.args.duration!.toString(),
      feeBps: Number(log.args.feeBps),
      revocable: slot !== null,
      slot,
      ...(await place(log)),
    });
    const expected: Array<Omit<LockRecordJson, 'id'>> = newestFirst([
      ...(await Promise.all(credited.map((log) => creditJson(log, null)))),
      ...(await Promise.all(creditedRevocable.map((log) => creditJson(log, Number(log.args.slot))))),
      ...(await Promise.all(
        claimed.map(async (log) => ({
          kind: 'claim' as const,
          user: alice.address.toLowerCase() as Address,
          amount: (log.args.swapAmount! + log.args.stakeAmount!).toString(),
          fee: (log.args.swapFee! + log.args.stakeFee!).toString(),
          swapAmount: log.args.swapAmount!.toString(),
          stakeAmount: log.args.stakeAmount!.toString(),
          swapFee: log.args.swapFee!.toString(),
          stakeFee: log.args.stakeFee!.toString(),
          ...(await place(log)),
        })),
      )),
      ...(await Promise.all(
        revoked.map(async (log) => ({
          kind: 'revoke' as const,
          user: alice.address.toLowerCase() as Address,
          writer: log.args.writer!.toLowerCase() as Address,
          source: sourceOf[log.args.writer!.toLowerCase()] as 'stakeEULP',
          slot: Number(log.args.slot),
          kept: log.args.kept!.toString(),
          unreleased: log.args.unreleased!.toString(),
          ...(await place(log)),
        })),
      )),
    ]);
    expect(creditedRevocable).toHaveLength(1);
    const body = (await get(`/locks?account=${alice.address}`)).body as LocksResponseJson;
    expect(withoutIds(body.records)).toEqual(expected);
    expect(body.nextBefore).toBeNull();
    expect(body.records.map((r) => (r.kind === 'credit' ? r.source : r.kind))).toEqual([
      'claim',
      'stakeETRO',
      'revoke',
      'stakeEULP',
      'swap',
    ]);
    const claim = body.records[0]!;
    expect(claim.kind === 'claim' && BigInt(claim.fee) > 0n).toBe(true);

    const first = (await get(`/locks?account=${alice.address}&limit=1`)).body as LocksResponseJson;
    expect(first.records).toEqual(body.records.slice(0, 1));
    const rest = (await get(`/locks?account=${alice.address}&before=${first.nextBefore}`)).body as LocksResponseJson;
    expect(rest.records).toEqual(body.records.slice(1));
  });

  it("GET /farm lists the user's deposit, harvest, withdraw and emergency withdraw, equal to the farm's events", async () => {
    const farm = at('EternoFarm');
    const kinds = [
      ['Deposit', 'deposit'],
      ['Withdraw', 'withdraw'],
      ['Harvest', 'harvest'],
      ['EmergencyWithdraw', 'emergencyWithdraw'],
    ] as const;
    const expected: Array<Omit<FarmEventJson, 'id'>> = [];
    for (const [eventName, kind] of kinds) {
      const logs = await client.getContractEvents({
        address: farm,
        abi: eternoFarmAbi,
        eventName,
        fromBlock: 0n,
        args: { user: alice.address },
      });
      for (const log of logs) {
        expected.push({
          kind,
          user: alice.address.toLowerCase() as Address,
          pid: log.args.pid!.toString(),
          amount: log.args.amount!.toString(),
          ...(await place(log)),
        });
      }
    }
    const body = (await get(`/farm?account=${alice.address}`)).body as FarmResponseJson;
    expect(withoutIds(body.events)).toEqual(newestFirst(expected));
    expect(body.events.map((e) => e.kind)).toEqual(['emergencyWithdraw', 'withdraw', 'harvest', 'deposit']);
    expect(body.events.map((e) => e.amount)).toEqual([
      e18('2').toString(),
      e18('1').toString(),
      expect.any(String),
      e18('3').toString(),
    ]);
    expect(BigInt(body.events[2]!.amount)).toBeGreaterThan(0n);
  });

  it.each([
    ['/trades?account=0x1234', 'INVALID_WALLET_ADDRESS'],
    ['/trades?limit=0', 'BAD_REQUEST'],
    ['/trades?limit=101', 'BAD_REQUEST'],
    ['/trades?before=12', 'BAD_REQUEST'],
    ['/stakes?pool=ETRO', 'BAD_REQUEST'],
    [`/stakes?account=${'0x70997970C51812dc3A010C7d01b50e0d17dc79c8'}&pool=ETRO`, 'INVALID_WALLET_ADDRESS'],
    [`/stakes?account=${alice.address}`, 'BAD_REQUEST'],
    [`/stakes?account=${alice.address}&pool=USDT`, 'BAD_REQUEST'],
    [`/stakes?account=${alice.address}&pool=ETRO&before=1:2`, 'BAD_REQUEST'],
    ['/locks', 'BAD_REQUEST'],
    ['/locks?account=alice', 'INVALID_WALLET_ADDRESS'],
    [`/locks?account=${alice.address}&limit=abc`, 'BAD_REQUEST'],
    [`/farm?account=${alice.address}&before=x:1`, 'BAD_REQUEST'],
    ['/farm?account=', 'INVALID_WALLET_ADDRESS'],
  ] as Array<[string, ErrorCode]>)('GET %s → 400 %s', async (path, code) => {
    const { status, body } = await get(path);
    expect(status).toBe(400);
    expect(body).toEqual(errorBody(code));
  });
  /** POSTs to /auth/verify over a real socket: the headers, then `firstChunk` only; the answer. */
  function postPartly(headers: Record<string, string>, firstChunk: string): Promise<{ status: number; body: string }> {
    return new Promise((resolve, reject) => {
      const req = httpRequest(
        `${api}/auth/verify`,
        { method: 'POST', headers: { 'content-type': 'application/json', ...headers } },
        (res) => {
          let body = '';
          res.on('data', (d: Buffer) => (body += d.toString()));
          res.on('end', () => {
            req.destroy();
            resolve({ status: res.statusCode ?? 0, body });
          });
        },
      );
      req.on('error', reject);
      req.write(firstChunk);
    });
  }

  it.each([
    ['a declared 50 MB body', { 'content-length': String(50 * 1024 * 1024) }, '{'],
    ['a chunked body past 16 KiB', { 'transfer-encoding': 'chunked' }, `{"message":"${'a'.repeat(64 * 1024)}`],
  ])(
    'refuses %s over the socket with 413 PAYLOAD_TOO_LARGE without waiting for the rest',
    async (_label, headers, first) => {
      const res = await postPartly(headers, first);
      expect(res.status).toBe(413);
      expect(JSON.parse(res.body)).toEqual(errorBody('PAYLOAD_TOO_LARGE'));
    },
  );

  it("the API's own health, readiness and metrics (docs/operations.md) under /ops, beside Ponder's plain paths on PGlite", async () => {
    expect(await get('/ops/health')).toEqual({ status: 200, body: { status: 'ok' } });
    const ready = await get('/ops/ready');
    expect(ready.status).toBe(200);
    expect(ready.body).toMatchObject({ ready: true, lagBlocks: 0, maxLagBlocks: 10 });
    expect(ready.body.indexedBlock).toBe(Number(await client.getBlockNumber({ cacheTime: 0 })));
    // The plain paths: Ponder's in its process (an empty 200), the API's in the PostgreSQL API process.
    const plain = await fetch(`${api}/health`);
    expect(await plain.text()).toBe(postgres ? JSON.stringify({ status: 'ok' }) : '');
    await get('/trades?limit=1');
    // The vault gauges come from the solvency watch (every 5 s here), over the indexed tables.
    let page = '';
    const deadline = Date.now() + 30_000;
    while (!/^eterno_vault_runway_days\{token="USDT"\} /m.test(page)) {
      if (Date.now() > deadline) throw new Error(`no vault gauges in /ops/metrics:\n${page}`);
      await new Promise((r) => setTimeout(r, 250));
      page = await (await fetch(`${api}/ops/metrics`)).text();
    }
    expect(page).toMatch(/^eterno_http_requests_total\{method="GET",route="\/trades",status="200"\} [1-9]\d*$/m);
    expect(page).toMatch(/^eterno_vault_free_reserve\{token="USDT"\} -?\d+(\.\d+)?$/m);
    expect(page).toMatch(/^eterno_vault_payouts_7d\{token="ETRO"\} \d+(\.\d+)?$/m);
    expect(page).toMatch(/^eterno_ready 1$/m);
  });

  // Last: it adds a trade. On PostgreSQL the API process caches read answers per indexed block.
  it('shows a new trade as soon as its block is indexed: no answer outlives a block', async () => {
    const before = await get('/trades?limit=1');
    expect((await get('/trades?limit=1')).body).toEqual(before.body);
    await send(carol, at('USDT'), erc20Abi, 'approve', [at('EtroSwap'), e18('10')]);
    const hash = await send(carol, at('EtroSwap'), etroSwapAbi, 'swap', [e18('10'), 1n, maxUint256]);
    const block = Number((await client.getTransactionReceipt({ hash })).blockNumber);
    const deadline = Date.now() + 60_000;
    while (!(await visibleAt(server, block))) {
      if (Date.now() > deadline) throw new Error(`the indexer did not reach block ${block}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const after = (await get('/trades?limit=1')).body as TradesResponseJson;
    expect(after.trades[0]?.txHash).toBe(hash);
    expect(after.trades[0]?.trader).toBe(carol.address.toLowerCase());
  });
});
