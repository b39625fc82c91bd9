/**
 * The nodes' indexer, reward pool and read API on the real chain (anvil + deploy + seed) and a real
 * server (`ponder start`, PGlite and PostgreSQL), with the shipped settings (pool 1 % of package
 * payments), every figure computed by hand below from the NFTs' weights the chain gave:
 *   day D0: alice creates node 1 (share 10 %) with her partner NFT, bob node 2 (share 20 %); carol joins
 *     node 1 with an entry NFT; carol votes 3,000 ETRO on node 1 and 1,000 on node 2, dave 1,000 on
 *     node 2; carol buys a 1,000 USDT package → D0's pool 10 USDT, and no node held anything through
 *     the whole of D0 (all made that day): the pool carries to D1;
 *   day D1: carol takes 1,000 of her votes on node 1 back and adds 500 (node 1's minimum: 2,000), erin
 *     joins node 2 (not counted on D1); bob buys a 500 USDT package → D1's pool 5 + 10 carried = 15 USDT;
 *   the settlement of D1 pays it by votes × weight, then inside each node;
 *   day D2: carol quits node 1; alice buys a 100 USDT package; a reorg across D2's settlement rolls its
 *     rewards back.
 * Then the closes of review M-5: bob closes node 2 with erin in (her NFT waits until she takes it back),
 * alice node 1 with carol in (dave, a stranger, returns carol's NFT; a reorg drops the return).
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startAnvil, type Anvil } from '@eterno/devstack/anvil';
import { deploy, localNftOperatorKey, localSignerKey } from '@eterno/devstack/deploy';
import { ETERNO_CHAIN_ID, LOCAL_TEST_MNEMONIC } from '@eterno/protocol/chain';
import type { Deployments } from '@eterno/protocol/deployments';
import { DAY_SECONDS, dayStartOf } from '@eterno/protocol/finance/rules';
import { REGISTRATION_TYPE_CODES } from '@eterno/protocol/financeApi';
import { eternoNftAbi, eternoNodesAbi, eternoVaultAbi } from '@eterno/protocol/generated/abis';
import type {
  NodeAccountJson,
  NodeDetailJson,
  NodeJson,
  NodePoolResponseJson,
  NodesResponseJson,
} from '@eterno/protocol/nodesApi';
import type { BillsResponseJson } from '@eterno/protocol/vaultApi';
import { nftSeedSecret, seedOpening } from '@eterno/protocol/nft/seedTree';
import { VAULT_KIND, diveInTypedData, splitSignature } from '@eterno/protocol/vault/typedData';
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
  type Hash,
  type PublicClient,
  type TestClient,
  type Transport,
} from 'viem';
import { mnemonicToAccount, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indexedBlock, startServer, type RunningServer } from '../scripts/start.ts';
import { startPostgres, type TestPostgres } from '../scripts/postgres.ts';
import { apiCall, sendTx, signIn } from './apiClient.ts';

const e18 = (n: string) => parseUnits(n, 18);
const account = (i: number) => mnemonicToAccount(LOCAL_TEST_MNEMONIC, { addressIndex: i });
const alice = account(1);
const bob = account(2);
const carol = account(3);
const dave = account(4);
const erin = account(5);
type Account = typeof alice;
const signer = privateKeyToAccount(localSignerKey());
const low = (a: Address) => a.toLowerCase() as Address;
/** Package id → price in the shipped settings (1 unit = 100 USDT). */
const PACKAGES = { 1: e18('100'), 2: e18('500'), 3: e18('1000') } as const;
const ENTRY = 0n;
const PARTNER = 1n;
/** The shipped nodes settings: 1 % of package payments. */
const POOL_BPS = 100n;

const DATABASES = [
  { name: 'PGlite', postgres: false },
  { name: 'PostgreSQL', postgres: true },
];

describe.each(DATABASES)('nodes on $name', ({ postgres }) => {
  let anvil: Anvil;
  let pgServer: TestPostgres | null = null;
  let server: RunningServer;
  let dataDir: string;
  let contracts: Deployments['contracts'];
  let chain: Chain;
  let client: PublicClient<Transport, Chain>;
  let test: TestClient;
  let vault: Address;
  let usdt: Address;
  let nodes: Address;
  let nft: Address;
  /** The NFTs: alice's and bob's partner NFTs, carol's and erin's entry NFTs, and their weights. */
  const tokenOf = new Map<Address, bigint>();
  const weightOf = new Map<Address, bigint>();
  const createdTx = new Map<bigint, Hash>();
  const tokens = new Map<string, string>();
  let D0 = 0n;
  let D1 = 0n;

  const tx = (who: Account, address: Address, abi: Parameters<typeof sendTx>[3], fn: string, args: unknown[]) =>
    sendTx({ rpcUrl: anvil.rpcUrl, chain, client }, who, address, abi, fn, args);

  /** A package purchase signed as the finance API signs it. */
  async function buy(who: Account, id: keyof typeof PACKAGES): Promise<void> {
    const price = PACKAGES[id];
    const deadline = (await client.getBlock()).timestamp + 1800n;
    const nonce = await client.readContract({
      address: vault,
      abi: eternoVaultAbi,
      functionName: 'nonces',
      args: [who.address, VAULT_KIND.DiveIn],
    });
    const custom1 = BigInt(REGISTRATION_TYPE_CODES.first);
    const message = { user: who.address, custom: BigInt(id), custom1, token: usdt, amount: price, nonce, deadline };
    const { r, s, v } = splitSignature(
      await signer.signTypedData(diveInTypedData({ chainId: ETERNO_CHAIN_ID, vault }, message)),
    );
    await tx(who, usdt, erc20Abi, 'approve', [vault, price]);
    await tx(who, vault, eternoVaultAbi, 'diveInWithToken', [BigInt(id), custom1, usdt, price, deadline, r, s, v]);
  }

  /** Buys and reveals an NFT of `kind` for `who`; its token id. */
  async function buyNft(who: Account, kind: bigint): Promise<bigint> {
    const price = await client.readContract({
      address: nft,
      abi: eternoNftAbi,
      functionName: 'priceOf',
      args: [Number(kind)],
    });
    await tx(who, contracts.ETRO, erc20Abi, 'approve', [nft, price]);
    await tx(who, nft, eternoNftAbi, 'buy', [kind, price]);
    const [bought] = await client.getContractEvents({
      address: nft,
      abi: eternoNftAbi,
      eventName: 'Bought',
      args: { buyer: who.address },
      fromBlock: 0n,
    });
    return bought!.args.tokenId!;
  }

  async function waitHead(): Promise<void> {
    const head = await client.getBlockNumber({ cacheTime: 0 });
    const deadline = Date.now() + 180_000;
    for (;;) {
      const indexed = await indexedBlock(server.indexerUrl);
      if (indexed !== null && BigInt(indexed) >= head) {
        const res = await fetch(`${server.url}/vault/stats`);
        if (res.ok && BigInt(((await res.json()) as { blockNumber: string }).blockNumber) === head) return;
      }
      if (Date.now() > deadline) {
        const log = await readFile(join(dataDir, 'server', 'server.log'), 'utf8').catch(() => '');
        throw new Error(`the server did not reach block ${head}:\n${log.split('\n').slice(-40).join('\n')}`);
      }
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  /** Moves the chain to 10 minutes after the next 00:00 UTC in one block; that day. */
  async function nextDay(): Promise<bigint> {
    const now = (await client.getBlock()).timestamp;
    const T = dayStartOf(now) + DAY_SECONDS;
    await test.setNextBlockTimestamp({ timestamp: T + 600n });
    await test.mine({ blocks: 1 });
    await waitHead();
    return T;
  }

  const get = async <T>(path: string, who: Account | null = null): Promise<T> => {
    let token: string | null = null;
    if (who !== null) {
      token = tokens.get(who.address) ?? (await signIn(server.url, who));
      tokens.set(who.address, token);
    }
    const res = await apiCall(server.url, 'GET', path, token);
    expect(res.status, path).toBe(200);
    return res.body as T;
  };
  const refused = async (path: string) => {
    const res = await apiCall(server.url, 'GET', path, null);
    return [res.status, res.body.error?.code];
  };
  const rewardBills = async (who: Account) =>
    (await get<BillsResponseJson>('/bills?type=node_reward&limit=100', who)).bills.map((b) => ({
      amount: b.amount,
      token: b.token,
      time: b.time,
      txHash: b.txHash,
    }));

  // The hand computation of D1's pool (weights from the chain, filled in beforeAll).
  const hand = {
    pool: 0n,
    power1: 0n,
    power2: 0n,
    node1: 0n,
    node2: 0n,
    master1: 0n,
    master2: 0n,
    alice: 0n,
    carol: 0n,
    bob: 0n,
    dust: 0n,
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'eterno-nodes-test-'));
    anvil = await startAnvil();
    const deploymentsFile = join(dataDir, 'deployments.json');
    contracts = (await deploy({ rpcUrl: anvil.rpcUrl, outFile: deploymentsFile })).contracts;
    vault = contracts.EternoVault;
    usdt = contracts.USDT;
    nodes = contracts.EternoNodes;
    nft = contracts.EternoNft;
    chain = defineChain({
      id: ETERNO_CHAIN_ID,
      name: 'ETERNO local',
      nativeCurrency: { name: 'FON', symbol: 'FON', decimals: 18 },
      rpcUrls: { default: { http: [anvil.rpcUrl] } },
    });
    client = createPublicClient({ chain, transport: http(anvil.rpcUrl), pollingInterval: 50 });
    test = createTestClient({ chain, mode: 'anvil', transport: http(anvil.rpcUrl) });
    const etro = contracts.ETRO;
    await tx(alice, etro, erc20Abi, 'transfer', [dave.address, e18('2000')]);
    await tx(alice, etro, erc20Abi, 'transfer', [erin.address, e18('500')]);
    for (const [who, kind] of [
      [alice, PARTNER],
      [bob, PARTNER],
      [carol, ENTRY],
      [erin, ENTRY],
    ] as const)
      tokenOf.set(who.address, await buyNft(who, kind));
    const secret = nftSeedSecret(localNftOperatorKey());
    for (const who of [alice, bob, carol, erin]) {
      const id = tokenOf.get(who.address)!;
      const { seed, proof } = seedOpening(secret, { chainId: ETERNO_CHAIN_ID, nft }, id);
      await tx(who, nft, eternoNftAbi, 'reveal', [id, seed, proof]);
      await tx(who, nft, eternoNftAbi, 'setApprovalForAll', [nodes, true]);
    }
    for (const who of [alice, bob, carol, dave]) await tx(who, etro, erc20Abi, 'approve', [nodes, maxUint256]);

    if (postgres) pgServer = await startPostgres();
    server = await startServer({
      rpcUrl: anvil.rpcUrl,
      deploymentsFile,
      dataDir: join(dataDir, 'server'),
      databaseUrl: pgServer?.url,
      siweDomains: ['127.0.0.1:5173'],
    });
    await waitHead();

    D0 = await nextDay();
    await tx(alice, nodes, eternoNodesAbi, 'createNode', [
      tokenOf.get(alice.address)!,
      'Alpha',
      'The first node',
      1000n,
    ]);
    await tx(bob, nodes, eternoNodesAbi, 'createNode', [tokenOf.get(bob.address)!, 'Beta', 'The second node', 2000n]);
    await tx(carol, nodes, eternoNodesAbi, 'joinNode', [1n, tokenOf.get(carol.address)!]);
    await tx(carol, nodes, eternoNodesAbi, 'vote', [1n, e18('3000')]);
    await tx(carol, nodes, eternoNodesAbi, 'vote', [2n, e18('1000')]);
    await tx(dave, nodes, eternoNodesAbi, 'vote', [2n, e18('1000')]);
    await buy(carol, 3);
    await waitHead();

    D1 = await nextDay(); // settles D0: no node held anything through D0, its 10 USDT carry to D1
    await tx(carol, nodes, eternoNodesAbi, 'unvote', [1n, e18('1000')]);
    await tx(carol, nodes, eternoNodesAbi, 'vote', [1n, e18('500')]);
    await tx(erin, nodes, eternoNodesAbi, 'joinNode', [2n, tokenOf.get(erin.address)!]);
    await buy(bob, 2);
    await waitHead();

    // The weights the contract gave each NFT (its rarity's), from the events.
    for (const e of await client.getContractEvents({
      address: nodes,
      abi: eternoNodesAbi,
      eventName: 'NodeCreated',
      fromBlock: 0n,
    })) {
      weightOf.set(e.args.master!, e.args.weight!);
      createdTx.set(e.args.nodeId!, e.transactionHash);
    }
    for (const e of await client.getContractEvents({
      address: nodes,
      abi: eternoNodesAbi,
      eventName: 'NodeJoined',
      fromBlock: 0n,
    }))
      weightOf.set(e.args.member!, e.args.weight!);

    // D1 by hand: node 1 holds votes 2,000 (D1's minimum: 3,000 − 1,000, then + 500) × (alice + carol);
    // node 2 votes 2,000 (carol 1,000 + dave 1,000 all day) × bob's partner NFT only (erin joined on D1).
    const [wA, wB, wC] = [alice, bob, carol].map((w) => weightOf.get(w.address)!);
    hand.pool = (PACKAGES[2] * POOL_BPS) / 10_000n + (PACKAGES[3] * POOL_BPS) / 10_000n; // 5 + 10 carried
    hand.power1 = e18('2000') * (wA! + wC!);
    hand.power2 = e18('2000') * wB!;
    const node1 = (hand.pool * hand.power1) / (hand.power1 + hand.power2);
    const node2 = (hand.pool * hand.power2) / (hand.power1 + hand.power2);
    hand.master1 = (node1 * 1000n) / 10_000n;
    const rest1 = node1 - hand.master1;
    const alicePart = (rest1 * wA!) / (wA! + wC!);
    hand.carol = (rest1 * wC!) / (wA! + wC!);
    hand.alice = hand.master1 + alicePart;
    hand.master2 = (node2 * 2000n) / 10_000n;
    hand.bob = node2; // the master's 20 % and the rest, all to bob's partner NFT (erin not counted)
    hand.node1 = hand.master1 + alicePart + hand.carol;
    hand.node2 = node2;
    hand.dust = hand.pool - hand.node1 - hand.node2;

    await nextDay(); // settles D1
  }, 600_000);

  afterAll(async () => {
    await server?.stop();
    await pgServer?.stop();
    await anvil?.stop();
    await rm(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('GET /nodes lists the open nodes, most votes first, with the D1 rewards', async () => {
    const { nodes: list, nextAfter } = await get<NodesResponseJson>('/nodes');
    expect(nextAfter).toBeNull();
    const [wA, wB, wC, wE] = [alice, bob, carol, erin].map((w) => Number(weightOf.get(w.address)!));
    const expected: Array<Omit<NodeJson, 'createdAt'>> = [
      {
        nodeId: '1',
        master: low(alice.address),
        partnerTokenId: tokenOf.get(alice.address)!.toString(),
        name: 'Alpha',
        description: 'The first node',
        shareBps: 1000,
        weight: wA! + wC!,
        members: 1,
        staked: e18('10000').toString(),
        votes: e18('2500').toString(),
        open: true,
        closeAt: null,
        rewardTotal: hand.node1.toString(),
        lastReward: hand.node1.toString(),
        lastRewardDay: D1.toString(),
        createdTx: createdTx.get(1n)!,
      },
      {
        nodeId: '2',
        master: low(bob.address),
        partnerTokenId: tokenOf.get(bob.address)!.toString(),
        name: 'Beta',
        description: 'The second node',
        shareBps: 2000,
        weight: wB! + wE!,
        members: 1,
        staked: e18('10000').toString(),
        votes: e18('2000').toString(),
        open: true,
        closeAt: null,
        rewardTotal: hand.node2.toString(),
        lastReward: hand.node2.toString(),
        lastRewardDay: D1.toString(),
        createdTx: createdTx.get(2n)!,
      },
    ];
    expect(list.map(({ createdAt: _c, ...n }) => n)).toEqual(expected);
    for (const n of list) {
      const receipt = await client.getTransactionReceipt({ hash: n.createdTx });
      const block = await client.getBlock({ blockNumber: receipt.blockNumber });
      expect(n.createdAt).toBe(block.timestamp.toString());
      expect(block.timestamp >= D0 && block.timestamp < D1).toBe(true);
    }
    // Paged by <votes>:<nodeId>.
    const first = await get<NodesResponseJson>('/nodes?limit=1');
    expect(first.nodes.map((n) => n.nodeId)).toEqual(['1']);
    expect(first.nextAfter).toBe(`${e18('2500')}:1`);
    const second = await get<NodesResponseJson>(`/nodes?limit=1&after=${first.nextAfter}`);
    expect(second.nodes.map((n) => n.nodeId)).toEqual(['2']);
    expect(second.nextAfter).toBeNull();
    for (const bad of ['/nodes?after=many', '/nodes?limit=0', '/nodes?limit=101', '/nodes?after=1:x'])
      expect(await refused(bad), bad).toEqual([400, 'BAD_REQUEST']);
  });

  it('GET /nodes/:id gives the NFTs held, master first, and the settled days', async () => {
    const one = await get<NodeDetailJson>('/nodes/1');
    expect(one.members.map((m) => [m.account, m.role, m.tokenId, m.weight])).toEqual([
      [low(alice.address), 'master', tokenOf.get(alice.address)!.toString(), Number(weightOf.get(alice.address))],
      [low(carol.address), 'member', tokenOf.get(carol.address)!.toString(), Number(weightOf.get(carol.address))],
    ]);
    expect(one.rewards).toEqual([
      {
        day: D1.toString(),
        nodeId: '1',
        power: hand.power1.toString(),
        reward: hand.node1.toString(),
        masterReward: hand.master1.toString(),
      },
    ]);
    const two = await get<NodeDetailJson>('/nodes/2');
    expect(two.members.map((m) => [m.account, m.role])).toEqual([
      [low(bob.address), 'master'],
      [low(erin.address), 'member'],
    ]);
    expect(two.rewards).toEqual([
      {
        day: D1.toString(),
        nodeId: '2',
        power: hand.power2.toString(),
        reward: hand.node2.toString(),
        masterReward: hand.master2.toString(),
      },
    ]);
    // The chain agrees with the indexed node.
    const onChain = await client.readContract({
      address: nodes,
      abi: eternoNodesAbi,
      functionName: 'nodeOf',
      args: [2n],
    });
    expect([onChain.votes.toString(), onChain.weight, onChain.members]).toEqual([
      two.node.votes,
      two.node.weight,
      two.node.members,
    ]);
    expect(await refused('/nodes/99')).toEqual([404, 'NOT_FOUND']);
    expect(await refused('/nodes/first')).toEqual([400, 'BAD_REQUEST']);
    expect(await refused('/nodes/-1')).toEqual([400, 'BAD_REQUEST']);
  });

  it('GET /nodes/account/:address gives membership, votes and node rewards', async () => {
    const of = (who: Account) => get<NodeAccountJson>(`/nodes/account/${who.address}`);
    expect(await of(alice)).toEqual({
      membership: {
        nodeId: '1',
        role: 'master',
        tokenId: tokenOf.get(alice.address)!.toString(),
        weight: Number(weightOf.get(alice.address)),
      },
      waiting: null,
      votes: [],
      rewardTotal: hand.alice.toString(),
      lastReward: hand.alice.toString(),
    });
    expect(await of(carol)).toEqual({
      membership: {
        nodeId: '1',
        role: 'member',
        tokenId: tokenOf.get(carol.address)!.toString(),
        weight: Number(weightOf.get(carol.address)),
      },
      waiting: null,
      votes: [
        { nodeId: '1', amount: e18('2500').toString() },
        { nodeId: '2', amount: e18('1000').toString() },
      ],
      rewardTotal: hand.carol.toString(),
      lastReward: hand.carol.toString(),
    });
    expect(await of(bob)).toMatchObject({ rewardTotal: hand.bob.toString(), votes: [] });
    // erin joined on D1: nothing for D1; dave only votes: voters earn nothing from the pool.
    expect(await of(erin)).toMatchObject({
      membership: { nodeId: '2', role: 'member' },
      rewardTotal: '0',
      lastReward: null,
    });
    expect(await of(dave)).toEqual({
      membership: null,
      waiting: null,
      votes: [{ nodeId: '2', amount: e18('1000').toString() }],
      rewardTotal: '0',
      lastReward: null,
    });
    expect(await refused('/nodes/account/0x123')).toEqual([400, 'INVALID_WALLET_ADDRESS']);
  });

  it('GET /nodes/rewards gives the settled days, and each share is a node_reward bill credited in USDT', async () => {
    const pool = await get<NodePoolResponseJson>('/nodes/rewards');
    expect(pool).toEqual({
      days: [
        {
          day: D1.toString(),
          pool: hand.pool.toString(),
          paid: (hand.pool - hand.dust).toString(),
          power: (hand.power1 + hand.power2).toString(),
        },
        { day: D0.toString(), pool: e18('10').toString(), paid: '0', power: '0' },
      ],
      nextBefore: null,
      today: hand.dust.toString(), // D2's pool so far: D1's dust, no payment yet
      poolBps: 100,
    });
    const page = await get<NodePoolResponseJson>('/nodes/rewards?limit=1');
    expect([page.days.map((d) => d.day), page.nextBefore]).toEqual([[D1.toString()], D1.toString()]);
    const older = await get<NodePoolResponseJson>(`/nodes/rewards?limit=1&before=${D1}`);
    expect([older.days.map((d) => d.day), older.nextBefore]).toEqual([[D0.toString()], null]);
    expect(await refused('/nodes/rewards?before=yesterday')).toEqual([400, 'BAD_REQUEST']);
    const T = (D1 + DAY_SECONDS).toString();
    for (const [who, amount] of [
      [alice, hand.alice],
      [carol, hand.carol],
      [bob, hand.bob],
    ] as const)
      expect(await rewardBills(who), who.address).toEqual([
        { amount: amount.toString(), token: low(usdt), time: T, txHash: null },
      ]);
    expect(await rewardBills(erin)).toEqual([]);
    expect(hand.alice + hand.carol + hand.bob + hand.dust).toBe(hand.pool);
  });

  it('a quit takes the NFT out of the node at once and out of the rewards from that day', async () => {
    await tx(carol, nodes, eternoNodesAbi, 'quitNode', [1n]);
    await buy(alice, 1); // D2's pool: 1 USDT + D1's dust
    await waitHead();
    const one = await get<NodeDetailJson>('/nodes/1');
    expect([one.node.weight, one.node.members, one.members.map((m) => m.account)]).toEqual([
      Number(weightOf.get(alice.address)),
      0,
      [low(alice.address)],
    ]);
    expect((await get<NodeAccountJson>(`/nodes/account/${carol.address}`)).membership).toBeNull();
    expect((await get<NodePoolResponseJson>('/nodes/rewards')).today).toBe((PACKAGES[1] / 100n + hand.dust).toString());
  });

  it('drops the rewards of a settlement a reorg removed, and pays the day once on the new branch', async () => {
    const before = {
      pool: await get<NodePoolResponseJson>('/nodes/rewards'),
      alice: await get<NodeAccountJson>(`/nodes/account/${alice.address}`),
      list: await get<NodesResponseJson>('/nodes'),
    };
    const snapshot = await test.snapshot();
    const D2 = await nextDay();
    // D2 by hand: node 1 votes 2,500 × alice (carol quit on D2); node 2 votes 2,000 × (bob + erin).
    const [wA, wB, wE] = [alice, bob, erin].map((w) => weightOf.get(w.address)!);
    const pool = PACKAGES[1] / 100n + hand.dust;
    const p1 = e18('2500') * wA!;
    const p2 = e18('2000') * (wB! + wE!);
    const node1 = (pool * p1) / (p1 + p2);
    const settled = await get<NodePoolResponseJson>('/nodes/rewards');
    expect(settled.days[0]).toMatchObject({
      day: (D2 - DAY_SECONDS).toString(),
      pool: pool.toString(),
      power: (p1 + p2).toString(),
    });
    const aliceAfter = await get<NodeAccountJson>(`/nodes/account/${alice.address}`);
    expect(aliceAfter.lastReward).toBe(node1.toString()); // her 10 % and her NFT's part: all of node 1
    expect(await rewardBills(alice)).toHaveLength(2);

    await test.revert({ id: snapshot });
    const now = (await client.getBlock()).timestamp;
    for (const step of [1n, 2n, 3n]) {
      await test.setNextBlockTimestamp({ timestamp: now + step });
      await test.mine({ blocks: 1 });
    }
    await waitHead();
    expect(await get<NodePoolResponseJson>('/nodes/rewards')).toEqual(before.pool);
    expect(await get<NodeAccountJson>(`/nodes/account/${alice.address}`)).toEqual(before.alice);
    expect(await get<NodesResponseJson>('/nodes')).toEqual(before.list);
    expect(await rewardBills(alice)).toHaveLength(1);
    await nextDay();
    expect(await get<NodePoolResponseJson>('/nodes/rewards')).toMatchObject({ days: settled.days });
    expect(await get<NodeAccountJson>(`/nodes/account/${alice.address}`)).toEqual(aliceAfter);
  }, 300_000);

  it('settles a many-day jump in order, the carry passed from day to day: paid + carried = the pool', async () => {
    const carriedIn = BigInt((await get<NodePoolResponseJson>('/nodes/rewards')).today);
    await buy(alice, 1); // 1 USDT more into today's pool
    await waitHead();
    const D = dayStartOf((await client.getBlock()).timestamp);
    const pool = PACKAGES[1] / 100n + carriedIn;
    expect((await get<NodePoolResponseJson>('/nodes/rewards')).today).toBe(pool.toString());
    const billsBefore = (await rewardBills(alice)).length;
    await test.setNextBlockTimestamp({ timestamp: D + 3n * DAY_SECONDS + 600n });
    await test.mine({ blocks: 1 });
    await waitHead();
    const after = await get<NodePoolResponseJson>('/nodes/rewards');
    const settled = after.days.filter((d) => BigInt(d.day) >= D);
    // D's pool first; D + 1 and D + 2 only if D's dust carried into them.
    expect(settled.at(-1)).toMatchObject({ day: D.toString(), pool: pool.toString() });
    expect(BigInt(settled.at(-1)!.paid)).toBeGreaterThan(0n);
    expect(settled.reduce((s, d) => s + BigInt(d.paid), 0n) + BigInt(after.today)).toBe(pool);
    for (let i = 0; i + 1 < settled.length; i++)
      expect(BigInt(settled[i]!.pool)).toBe(BigInt(settled[i + 1]!.pool) - BigInt(settled[i + 1]!.paid));
    expect((await rewardBills(alice)).length).toBeGreaterThan(billsBefore);
  }, 300_000);
  /** Node `nodeId`'s part of settled day `day` (floor(pool × its power / Σ power)) and its master's cut. */
  async function partOf(nodeId: bigint, day: bigint): Promise<{ part: bigint; masterReward: bigint } | null> {
    const pool = (await get<NodePoolResponseJson>('/nodes/rewards?limit=100')).days.find((d) => BigInt(d.day) === day);
    const row = (await get<NodeDetailJson>(`/nodes/${nodeId}`)).rewards.find((r) => BigInt(r.day) === day);
    if (pool === undefined || row === undefined) return null;
    return {
      part: (BigInt(pool.pool) * BigInt(row.power)) / BigInt(pool.power),
      masterReward: BigInt(row.masterReward),
    };
  }

  it('a share-rate raise at 23:59 does not count for that day, only from the next (review I-4)', async () => {
    await buy(alice, 1); // a pool for today, D
    const D = dayStartOf((await client.getBlock()).timestamp);
    await test.setNextBlockTimestamp({ timestamp: D + DAY_SECONDS - 60n });
    await tx(bob, nodes, eternoNodesAbi, 'editNode', [2n, 'Beta', 'The second node', 3000n]);
    await waitHead();
    expect((await get<NodeDetailJson>('/nodes/2')).node.shareBps).toBe(3000);
    await nextDay(); // settles D: the rate in force at D's start, 20 %
    const onD = await partOf(2n, D);
    expect(onD).not.toBeNull();
    expect(onD!.masterReward).toBe((onD!.part * 2000n) / 10_000n);
    expect(onD!.masterReward).not.toBe((onD!.part * 3000n) / 10_000n);
    await buy(alice, 1);
    await nextDay(); // settles D + 1: the raise counts from it, 30 %
    const next = await partOf(2n, D + DAY_SECONDS);
    expect(next!.masterReward).toBe((next!.part * 3000n) / 10_000n);
  }, 300_000);

  it('a close with members after the notice: no reward from the close day on, the member takes its NFT back (review M-5)', async () => {
    await tx(bob, nodes, eternoNodesAbi, 'announceClose', [2n]);
    await buy(alice, 1); // a pool on the announcement's day: node 2 still earns it, erin too
    await waitHead();
    const closeAt = (
      await client.readContract({ address: nodes, abi: eternoNodesAbi, functionName: 'nodeOf', args: [2n] })
    ).closeAt;
    const announced = await get<NodeDetailJson>('/nodes/2');
    expect(announced.node).toMatchObject({ open: true, closeAt: closeAt.toString() });
    const erinBills = (await rewardBills(erin)).length;
    // The first 00:00 after the notice (the days of the notice are settled in that block).
    const C = dayStartOf(BigInt(closeAt)) + DAY_SECONDS;
    await test.setNextBlockTimestamp({ timestamp: C + 600n });
    await test.mine({ blocks: 1 });
    await waitHead();
    expect((await rewardBills(erin)).length).toBeGreaterThan(erinBills); // paid for the notice's first day
    const erinPaid = (await rewardBills(erin)).length;
    await tx(bob, nodes, eternoNodesAbi, 'quitNode', [2n]); // closes with erin still in
    await buy(alice, 1); // C's pool
    await waitHead();
    const closed = await get<NodeDetailJson>('/nodes/2');
    expect(closed.node).toMatchObject({ open: false, weight: 0, members: 1 });
    expect(closed.members).toEqual([]);
    expect((await get<NodesResponseJson>('/nodes')).nodes.map((n) => n.nodeId)).toEqual(['1']);
    await nextDay(); // settles C: node 2 closed during C, nothing for it
    expect(await partOf(2n, C)).toBeNull();
    expect((await get<NodePoolResponseJson>('/nodes/rewards')).days[0]).toMatchObject({ day: C.toString() });
    expect((await rewardBills(erin)).length).toBe(erinPaid);
    // Erin's entry NFT waits for her in the closed node: her standing says so (not "in no node").
    const erinToken = tokenOf.get(erin.address)!.toString();
    expect(await get<NodeAccountJson>(`/nodes/account/${erin.address}`)).toMatchObject({
      membership: null,
      waiting: { nodeId: '2', name: 'Beta', tokenId: erinToken },
    });
    expect(await get<NodeAccountJson>(`/nodes/account/${bob.address}`)).toMatchObject({
      membership: null,
      waiting: null, // the partner NFT went back to bob at the close
    });
    await tx(erin, nodes, eternoNodesAbi, 'quitNode', [2n]); // erin takes her entry NFT back
    await waitHead();
    expect(await get<NodeAccountJson>(`/nodes/account/${erin.address}`)).toMatchObject({
      membership: null,
      waiting: null,
    });
    expect(
      await client.readContract({
        address: nft,
        abi: eternoNftAbi,
        functionName: 'ownerOf',
        args: [tokenOf.get(erin.address)!],
      }),
    ).toBe(erin.address);
    expect((await get<NodeDetailJson>('/nodes/2')).node.members).toBe(0);
  }, 300_000);

  it("a stranger's returnNfts clears the waiting NFT, and a reorg that removes the return brings it back (review M-5)", async () => {
    const carolToken = tokenOf.get(carol.address)!;
    await tx(carol, nodes, eternoNodesAbi, 'joinNode', [1n, carolToken]);
    await tx(alice, nodes, eternoNodesAbi, 'announceClose', [1n]);
    const { closeAt } = await client.readContract({
      address: nodes,
      abi: eternoNodesAbi,
      functionName: 'nodeOf',
      args: [1n],
    });
    await test.setNextBlockTimestamp({ timestamp: closeAt + 1n });
    await test.mine({ blocks: 1 });
    await tx(alice, nodes, eternoNodesAbi, 'quitNode', [1n]); // closes with carol still in
    await waitHead();
    const waiting = { nodeId: '1', name: 'Alpha', tokenId: carolToken.toString() };
    const carolOf = () => get<NodeAccountJson>(`/nodes/account/${carol.address}`);
    expect(await carolOf()).toMatchObject({ membership: null, waiting });
    expect((await get<NodeAccountJson>(`/nodes/account/${alice.address}`)).waiting).toBeNull();

    const snapshot = await test.snapshot();
    // dave is no member: the batch skips him and returns carol's NFT to carol.
    await tx(dave, nodes, eternoNodesAbi, 'returnNfts', [1n, [carol.address, dave.address]]);
    await waitHead();
    const nftOwner = () =>
      client.readContract({ address: nft, abi: eternoNftAbi, functionName: 'ownerOf', args: [carolToken] });
    expect(await nftOwner()).toBe(carol.address);
    expect(await carolOf()).toMatchObject({ membership: null, waiting: null });
    expect((await get<NodeDetailJson>('/nodes/1')).node.members).toBe(0);

    // A reorg drops the return: the NFT waits again, in the contract and in the index.
    await test.revert({ id: snapshot });
    const now = (await client.getBlock()).timestamp;
    for (const step of [1n, 2n, 3n]) {
      await test.setNextBlockTimestamp({ timestamp: now + step });
      await test.mine({ blocks: 1 });
    }
    await waitHead();
    expect(await nftOwner()).toBe(nodes);
    expect(await carolOf()).toMatchObject({ membership: null, waiting });
    expect((await get<NodeDetailJson>('/nodes/1')).node.members).toBe(1);
    await tx(dave, nodes, eternoNodesAbi, 'returnNfts', [1n, [carol.address]]);
    await waitHead();
    expect(await carolOf()).toMatchObject({ membership: null, waiting: null });
  }, 300_000);
});
