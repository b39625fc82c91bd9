/**
 * The income ledger is a pure function of the chain: on anvil with the deploy + seed, a live server
 * (`ponder start`, PGlite or PostgreSQL) indexes deposits, withdrawals, a voucher left to expire, an
 * exchange, a swap claim and a staking claim, a farm harvest and a 3-block reorg (a withdrawal in the
 * dropped branch); then a second server with an EMPTY database indexes the same chain. Every ledger
 * table and `GET /vault/stats` must be identical on both, the live one must have dropped the
 * reorged withdrawal, and the figures must be those the chain's events give.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startAnvil, type Anvil } from '@eterno/devstack/anvil';
import { deploy, localNftOperatorKey, localSignerKey } from '@eterno/devstack/deploy';
import { nftSeedSecret, seedOpening } from '@eterno/protocol/nft/seedTree';
import { ETERNO_CHAIN_ID, GAS_LIMIT, LOCAL_TEST_MNEMONIC } from '@eterno/protocol/chain';
import type { ContractKey, Deployments } from '@eterno/protocol/deployments';
import {
  eternoFarmAbi,
  eternoNftAbi,
  eternoNodesAbi,
  eternoStakingAbi,
  eternoVaultAbi,
  etroSwapAbi,
  lockLedgerAbi,
} from '@eterno/protocol/generated/abis';
import type { VaultStatsJson } from '@eterno/protocol/vaultApi';
import {
  VAULT_KIND,
  diveInTypedData,
  exchangeTypedData,
  splitSignature,
  withdrawTypedData,
} from '@eterno/protocol/vault/typedData';
import pg from 'pg';
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
  type Hash,
  type PublicClient,
  type Transport,
} from 'viem';
import { mnemonicToAccount, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indexedBlock, startServer, type RunningServer } from '../scripts/start.ts';
import { startPostgres, type TestPostgres } from '../scripts/postgres.ts';
import { gainsOf, type DayPrices } from '../src/finance/orderGains.ts';
import { openPglite } from '../src/store/sql.ts';

const e18 = (n: string) => parseUnits(n, 18);
const DAY = 86_400;
const alice = mnemonicToAccount(LOCAL_TEST_MNEMONIC, { addressIndex: 1 });
const bob = mnemonicToAccount(LOCAL_TEST_MNEMONIC, { addressIndex: 2 });
const signer = privateKeyToAccount(localSignerKey());
type Account = typeof alice;

/** The ledger's tables (ponder.schema.ts), compared row for row. */
const LEDGER_TABLES = [
  'ledger_balance',
  'vault_user',
  'vault_withdrawal',
  'vault_exchange',
  'vault_token',
  'bill',
  'pair_sync',
  'indexed_head',
  'finance_order',
  'regular_order',
  'finance_round',
  'finance_state',
  // The referral tree (seeded registrations) and its team volumes (alice's package below).
  'referral_account',
  'referral_upline',
  'referral_leg',
  'referral_leg_day',
  // The dynamic incomes (bob's package below gives alice, his inviter, a direct income; the prize pool).
  'referral_income',
  'income_tranche',
  'prize_pool_day',
  'prize_volume_day',
  'binary_day',
  // The nodes (alice's node and bob's votes below) and the node reward pool the packages fed.
  'node',
  'node_member',
  'node_vote',
  'node_day',
  'node_pool_day',
  'node_reward_day',
] as const;
type Tables = Record<(typeof LEDGER_TABLES)[number], string[]>;

const DATABASES: Array<{ name: string; postgres: boolean }> = [
  { name: 'PGlite', postgres: false },
  { name: 'PostgreSQL', postgres: true },
];

describe.each(DATABASES)('ledger rebuild on $name', ({ postgres }) => {
  let anvil: Anvil;
  let pgServer: TestPostgres | null = null;
  let live: RunningServer | null = null;
  let rebuilt: RunningServer | null = null;
  let dataDir: string;
  let deploymentsFile: string;
  let contracts: Deployments['contracts'];
  let chain: Chain;
  let client: PublicClient<Transport, Chain>;
  let vault: Address;
  let usdt: Address;
  let eusd: Address;
  let reorgedTx: Hash;
  let liveStats: VaultStatsJson;
  let rebuiltStats: VaultStatsJson;
  let liveTables: Tables;
  let rebuiltTables: Tables;
  let aliceWithdrawTx: Hash;

  const at = (name: ContractKey): Address => contracts[name];
  const low = (a: Address) => a.toLowerCase() as Address;

  async function send(account: Account, address: Address, abi: Abi, functionName: string, args: readonly unknown[]) {
    const wallet = createWalletClient({ account, chain, transport: http(anvil.rpcUrl) });
    const hash = await wallet.writeContract({ address, abi, functionName, args, chain, gas: GAS_LIMIT });
    const receipt = await client.waitForTransactionReceipt({ hash });
    if (receipt.status !== 'success') throw new Error(`${functionName} reverted (${hash})`);
    return hash;
  }

  const nonceOf = (user: Address, kind: number) =>
    client.readContract({ address: vault, abi: eternoVaultAbi, functionName: 'nonces', args: [user, kind] });
  const now = async () => (await client.getBlock({ blockTag: 'latest' })).timestamp;

  /** A `diveInWithToken`: a top-up (custom 0), or a finance purchase (custom = package / regular id). */
  async function deposit(account: Account, token: Address, amount: bigint, custom = 0n, custom1 = 0n): Promise<Hash> {
    const deadline = (await now()) + 1800n;
    const nonce = await nonceOf(account.address, VAULT_KIND.DiveIn);
    const message = { user: account.address, custom, custom1, token, amount, nonce, deadline };
    const { r, s, v } = splitSignature(
      await signer.signTypedData(diveInTypedData({ chainId: ETERNO_CHAIN_ID, vault }, message)),
    );
    await send(account, token, erc20Abi, 'approve', [vault, amount]);
    return send(account, vault, eternoVaultAbi, 'diveInWithToken', [custom, custom1, token, amount, deadline, r, s, v]);
  }

  async function voucher(account: Account, token: Address, amount: bigint, lifetime: bigint) {
    const deadline = (await now()) + lifetime;
    const nonce = await nonceOf(account.address, VAULT_KIND.Withdraw);
    const message = { user: account.address, token, amount, nonce, deadline };
    const sig = splitSignature(
      await signer.signTypedData(withdrawTypedData({ chainId: ETERNO_CHAIN_ID, vault }, message)),
    );
    return { deadline, ...sig };
  }

  async function withdraw(account: Account, token: Address, amount: bigint): Promise<Hash> {
    const { deadline, r, s, v } = await voucher(account, token, amount, 1800n);
    return send(account, vault, eternoVaultAbi, 'withdraw', [token, amount, deadline, r, s, v]);
  }

  async function waitIndexed(server: RunningServer, block: bigint): Promise<void> {
    const deadline = Date.now() + 120_000;
    while (BigInt((await indexedBlock(server.indexerUrl)) ?? -1) < block) {
      if (Date.now() > deadline) {
        const log = await readFile(join(dataDir, server === live ? 'live' : 'rebuilt', 'server.log'), 'utf8').catch(
          () => '',
        );
        throw new Error(`the indexer did not reach block ${block}:\n${log.split('\n').slice(-40).join('\n')}`);
      }
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  /** The server's indexed head as its own table says (the block handler ran for `block`). */
  async function stats(server: RunningServer): Promise<VaultStatsJson> {
    const res = await fetch(`${server.url}/vault/stats`);
    expect(res.status).toBe(200);
    return (await res.json()) as VaultStatsJson;
  }

  async function waitStatsAt(server: RunningServer, block: bigint): Promise<VaultStatsJson> {
    const deadline = Date.now() + 60_000;
    for (;;) {
      const s = await stats(server);
      if (BigInt(s.blockNumber) === block) return s;
      if (Date.now() > deadline) throw new Error(`/vault/stats stayed at block ${s.blockNumber}, not ${block}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  async function readTables(query: (text: string) => Promise<Record<string, unknown>[]>): Promise<Tables> {
    const out: Partial<Tables> = {};
    for (const table of LEDGER_TABLES) {
      const rows = await query(`SELECT * FROM ${table}`);
      // Ponder's SQL columns are snake_case; compared and parsed by their schema (camelCase) names.
      const camel = (key: string) => key.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());
      out[table] = rows
        .map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [camel(k), v])))
        .map((r) => JSON.stringify(r, Object.keys(r).sort()))
        .sort();
    }
    return out as Tables;
  }

  async function postgresSchemas(): Promise<string[]> {
    const c = new pg.Client({ connectionString: pgServer!.url });
    await c.connect();
    const { rows } = await c.query<{ s: string }>(
      "SELECT schema_name AS s FROM information_schema.schemata WHERE schema_name LIKE 'eterno\\_%' ORDER BY 1",
    );
    await c.end();
    // Ponder's schemas (start.ts: eterno_<time>_<random>), not the off-chain store's.
    return rows.map((r) => r.s).filter((s) => /^eterno_[0-9a-z]+_[0-9a-f]{8}$/.test(s));
  }

  async function postgresTables(schema: string): Promise<Tables> {
    const c = new pg.Client({ connectionString: pgServer!.url });
    await c.connect();
    await c.query(`SET search_path TO ${schema}`);
    try {
      return await readTables(async (text) => (await c.query(text)).rows);
    } finally {
      await c.end();
    }
  }

  async function pgliteTables(dir: string): Promise<Tables> {
    const db = await openPglite(dir);
    try {
      return await readTables(async (text) => (await db.query(text.replace('FROM ', 'FROM eterno.'), [])).rows);
    } finally {
      await db.close();
    }
  }

  beforeAll(async () => {
    anvil = await startAnvil();
    dataDir = await mkdtemp(join(tmpdir(), 'eterno-ledger-rebuild-'));
    deploymentsFile = join(dataDir, 'deployments.json');
    contracts = (await deploy({ rpcUrl: anvil.rpcUrl, outFile: deploymentsFile })).contracts;
    chain = defineChain({
      id: ETERNO_CHAIN_ID,
      name: 'ETERNO local',
      nativeCurrency: { name: 'FON', symbol: 'FON', decimals: 18 },
      rpcUrls: { default: { http: [anvil.rpcUrl] } },
    });
    client = createPublicClient({ chain, transport: http(anvil.rpcUrl), pollingInterval: 50 });
    const test = createTestClient({ chain, mode: 'anvil', transport: http(anvil.rpcUrl) });
    vault = at('EternoVault');
    usdt = at('USDT');
    eusd = at('EUSD');

    // Before the live server: a deposit indexed from history.
    await deposit(alice, usdt, e18('1000'));

    if (postgres) pgServer = await startPostgres();
    live = await startServer({
      rpcUrl: anvil.rpcUrl,
      deploymentsFile,
      dataDir: join(dataDir, 'live'),
      databaseUrl: pgServer?.url,
      siweDomains: ['127.0.0.1:5173'],
    });

    // Live: bob deposits, alice withdraws, a voucher of alice's expires unsent, alice exchanges.
    await deposit(bob, usdt, e18('500'));
    // Finance (shipped settings): alice buys package 1 (100 USDT, first), bob a 7-day regular deposit;
    // the days crossed below settle them (income, allotment, maturity).
    await deposit(alice, usdt, e18('100'), 1n, 1n);
    await deposit(bob, usdt, e18('100'), 101n, 0n);
    // bob's package: alice's direct income (10), 8 credited unreleased, released over the days below.
    await deposit(bob, usdt, e18('100'), 1n, 1n);
    aliceWithdrawTx = await withdraw(alice, usdt, e18('300'));
    await voucher(alice, usdt, e18('100'), 60n);
    await test.increaseTime({ seconds: 120 });
    await test.mine({ blocks: 1 });
    {
      const deadline = (await now()) + 120n;
      const nonce = await nonceOf(alice.address, VAULT_KIND.Exchange);
      const message = {
        user: alice.address,
        tokenIn: usdt,
        amountIn: e18('100'),
        tokenOut: eusd,
        amountOut: e18('97'),
        nonce,
        deadline,
      };
      const { r, s, v } = splitSignature(
        await signer.signTypedData(exchangeTypedData({ chainId: ETERNO_CHAIN_ID, vault }, message)),
      );
      await send(alice, usdt, erc20Abi, 'approve', [vault, e18('100')]);
      await send(alice, vault, eternoVaultAbi, 'pureTransfer', [e18('100'), e18('97'), usdt, eusd, deadline, r, s, v]);
    }

    // A node: alice's partner NFT and the needed ETRO; bob's votes. Created on the packages' day, it
    // holds nothing through that day: its pool carries to the next day, which the jumps below pay.
    await send(alice, at('ETRO'), erc20Abi, 'approve', [at('EternoNft'), maxUint256]);
    await send(alice, at('EternoNft'), eternoNftAbi, 'buy', [1n, e18('1000')]);
    const opening = seedOpening(
      nftSeedSecret(localNftOperatorKey()),
      { chainId: ETERNO_CHAIN_ID, nft: at('EternoNft') },
      1n,
    );
    await send(alice, at('EternoNft'), eternoNftAbi, 'reveal', [1n, opening.seed, opening.proof]);
    await send(alice, at('EternoNft'), eternoNftAbi, 'setApprovalForAll', [at('EternoNodes'), true]);
    await send(alice, at('ETRO'), erc20Abi, 'approve', [at('EternoNodes'), maxUint256]);
    await send(alice, at('EternoNodes'), eternoNodesAbi, 'createNode', [1n, 'Rebuild', 'A node', 1000n]);
    await send(bob, at('ETRO'), erc20Abi, 'approve', [at('EternoNodes'), maxUint256]);
    await send(bob, at('EternoNodes'), eternoNodesAbi, 'vote', [1n, e18('100')]);

    // Chain-side bills: a swap buy and a 30-day stake, released and claimed; a farm harvest.
    await send(alice, usdt, erc20Abi, 'approve', [at('EtroSwap'), e18('1000')]);
    await send(alice, at('EtroSwap'), etroSwapAbi, 'swap', [e18('1000'), 1n, maxUint256]);
    await send(alice, at('ETRO'), erc20Abi, 'approve', [at('StakingETRO'), e18('100')]);
    await send(alice, at('StakingETRO'), eternoStakingAbi, 'enterStaking_30', [e18('100')]);
    await send(alice, at('EULP'), erc20Abi, 'approve', [at('EternoFarm'), e18('3')]);
    await send(alice, at('EternoFarm'), eternoFarmAbi, 'deposit', [0n, e18('3')]);
    await test.mine({ blocks: 3 });
    await send(alice, at('EternoFarm'), eternoFarmAbi, 'withdraw', [0n, e18('1')]);
    await test.increaseTime({ seconds: 31 * DAY });
    await test.mine({ blocks: 1 });
    await send(alice, at('StakingETRO'), eternoStakingAbi, 'leaveStaking', [1n]);
    await test.increaseTime({ seconds: 200 * DAY });
    await test.mine({ blocks: 1 });
    await send(alice, at('LockLedger'), lockLedgerAbi, 'claim', []);

    // The reorg: bob's withdrawal and two more blocks, indexed live, then replaced by 3 other blocks.
    const snapshot = await test.snapshot();
    reorgedTx = await withdraw(bob, usdt, e18('200'));
    await test.mine({ blocks: 2 });
    const dropped = await client.getBlockNumber({ cacheTime: 0 });
    await waitIndexed(live, dropped);
    const before = await waitStatsAt(live, dropped);
    expect(before.tokens.find((t) => t.token === low(usdt))?.withdrawn).toBe(e18('500').toString());
    await test.revert({ id: snapshot });
    await deposit(bob, usdt, e18('50'));
    await test.mine({ blocks: 3 });

    const head = await client.getBlockNumber({ cacheTime: 0 });
    await waitIndexed(live, head);
    liveStats = await waitStatsAt(live, head);
    const liveSchema = postgres ? (await postgresSchemas())[0]! : null;

    // A second server, empty database, same chain.
    rebuilt = await startServer({
      rpcUrl: anvil.rpcUrl,
      deploymentsFile,
      dataDir: join(dataDir, 'rebuilt'),
      databaseUrl: pgServer?.url,
      siweDomains: ['127.0.0.1:5173'],
    });
    await waitIndexed(rebuilt, head);
    rebuiltStats = await waitStatsAt(rebuilt, head);
    const rebuiltSchema = postgres ? (await postgresSchemas()).find((s) => s !== liveSchema)! : null;

    await live.stop();
    await rebuilt.stop();
    live = rebuilt = null;
    if (postgres) {
      liveTables = await postgresTables(liveSchema!);
      rebuiltTables = await postgresTables(rebuiltSchema!);
    } else {
      liveTables = await pgliteTables(join(dataDir, 'live', 'ponder'));
      rebuiltTables = await pgliteTables(join(dataDir, 'rebuilt', 'ponder'));
    }
  }, 600_000);

  afterAll(async () => {
    await live?.stop();
    await rebuilt?.stop();
    await pgServer?.stop();
    await anvil?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('rebuilds every ledger table identically from an empty database', () => {
    for (const table of LEDGER_TABLES) {
      expect(rebuiltTables[table], table).toEqual(liveTables[table]);
      expect(liveTables[table].length, table).toBeGreaterThan(0);
    }
  });

  /** What the finance settlement credited `user` (all users: undefined) in USDT: its bills. */
  const financeCredits = (user?: Address): bigint =>
    liveTables.bill
      .map((r) => JSON.parse(r) as { user: string; type: string; token: string; amount: string })
      .filter((b) => (b.type === 'finance_income' || b.type === 'regular') && BigInt(b.amount) > 0n)
      .filter((b) => b.token === low(usdt) && (user === undefined || b.user === low(user)))
      .reduce((sum, b) => sum + BigInt(b.amount), 0n);

  /** What the node reward pool credited `user` (all users: undefined) in USDT: its `node_reward` bills. */
  const nodeCredits = (user?: Address): bigint =>
    liveTables.bill
      .map((r) => JSON.parse(r) as { user: string; type: string; amount: string })
      .filter((b) => b.type === 'node_reward' && (user === undefined || b.user === low(user)))
      .reduce((sum, b) => sum + BigInt(b.amount), 0n);

  /** What the dynamic incomes credited (unreleased, then released) in `token`: the income tranches. */
  const referralCredits = (token: Address, user?: Address): bigint =>
    liveTables.income_tranche
      .map((r) => JSON.parse(r) as { user: string; token: string; amount: string })
      .filter((t) => t.token === low(token) && (user === undefined || t.user === low(user)))
      .reduce((sum, t) => sum + BigInt(t.amount), 0n);

  it('answers the same /vault/stats, with the figures the chain gives', () => {
    expect(rebuiltStats).toEqual(liveStats);
    expect(liveStats.users).toBe('2');
    const byToken = new Map(liveStats.tokens.map((t) => [t.token, t]));
    // USDT: deposits 1000 + 500 + 50 (after the reorg) and the three finance purchases of 100; only
    // alice's 300 withdrawn; liabilities the top-ups' rest plus what the settlements and incomes credited.
    expect(financeCredits()).toBeGreaterThan(e18('100'));
    // The node pool: 1 % of the two packages = 2 USDT, carried until a day alice's node held through, then
    // all of it to alice (the only node: her 10 % share, 0.2, and the rest to her partner NFT, 1.8).
    expect(nodeCredits(alice.address)).toBe(e18('2'));
    expect(nodeCredits()).toBe(e18('2'));
    // alice's direct income on bob's package: 10 % × 100 = 10, of which 20 % to her loop balance.
    expect(referralCredits(usdt, alice.address)).toBe(e18('8'));
    expect(byToken.get(low(usdt))).toMatchObject({
      token: low(usdt),
      symbol: 'USDT',
      deposited: e18('1850').toString(),
      withdrawn: e18('300').toString(),
      liabilities: (e18('1250') + financeCredits() + referralCredits(usdt) + nodeCredits()).toString(),
      openVouchers: '0',
      unexpiredQuotes: '0',
    });
    // The exchange's output was paid from the reserve: no deposit in EUSD; its only liability is the
    // prize pool (2 % of the two packages = 4 EUSD, all to alice, the only earner ranked), 80 % credited.
    expect(referralCredits(eusd)).toBe(e18('3.2'));
    expect(byToken.get(low(eusd))).toMatchObject({
      deposited: '0',
      withdrawn: '0',
      liabilities: e18('3.2').toString(),
    });
  });

  it('dropped the reorged withdrawal and kept the expired voucher out of the ledger', () => {
    const rows = liveTables.vault_withdrawal.map((r) => JSON.parse(r) as { txHash: string; user: string });
    expect(rows.map((r) => r.txHash)).toEqual([aliceWithdrawTx]);
    expect(liveTables.bill.some((r) => r.includes(reorgedTx))).toBe(false);
    const balances = liveTables.ledger_balance.map(
      (r) => JSON.parse(r) as { user: string; token: string; credited: string; withdrawn: string },
    );
    const of = (user: Address) => balances.find((b) => b.user === low(user) && b.token === low(usdt));
    expect(of(alice.address)).toMatchObject({
      credited: (
        e18('1000') +
        financeCredits(alice.address) +
        referralCredits(usdt, alice.address) +
        nodeCredits(alice.address)
      ).toString(),
      withdrawn: e18('300').toString(),
    });
    expect(of(bob.address)).toMatchObject({
      credited: (e18('550') + financeCredits(bob.address)).toString(),
      withdrawn: '0',
    });
    // The finance rows: alice's order in progress with income, bob's regular order matured.
    const order = liveTables.finance_order
      .map((r) => JSON.parse(r) as Record<string, string | number | null>)
      .find((o) => o.user === low(alice.address));
    expect(order).toMatchObject({ status: 'in_progress' });
    // Its gains as the API reads them: derived from the settled days since its allotment.
    const prices: DayPrices = new Map(
      liveTables.finance_round
        .map((r) => JSON.parse(r) as { settlesAt: string; etroPrice: string | null })
        .map((r) => [BigInt(r.settlesAt), r.etroPrice === null ? null : BigInt(r.etroPrice)]),
    );
    const big = (v: string | number | null | undefined) => BigInt(String(v));
    const gains = gainsOf(
      {
        status: String(order!.status),
        allottedAt: order!.allottedAt === null ? null : big(order!.allottedAt),
        payment: big(order!.payment),
        dailyRateBps: Number(order!.dailyRateBps),
        allocation01Bps: Number(order!.allocation01Bps),
        rewardLimit: big(order!.rewardLimit),
        gained: big(order!.gained),
        dynamicGained: big(order!.dynamicGained),
        gainedUsdt: big(order!.gainedUsdt),
        gainedEtro: big(order!.gainedEtro),
      },
      prices,
    );
    expect(gains.gained).toBeGreaterThan(0n);
    // Alice's only order: its USDT part is what her income bills credited.
    expect(gains.gainedUsdt).toBe(financeCredits(alice.address));
    expect(liveTables.regular_order.map((r) => (JSON.parse(r) as { state: string }).state)).toEqual(['matured']);
    const users = liveTables.vault_user.map((r) => JSON.parse(r) as { user: string; withdrawCount: number });
    expect(users.find((u) => u.user === low(bob.address))?.withdrawCount).toBe(0);
  });

  it('makes the bills the chain events give', async () => {
    type BillRow = { user: string; type: string; token: string; amount: string; txHash: string };
    const bills = liveTables.bill.map((r) => JSON.parse(r) as BillRow);
    const mine = (type: string) => bills.filter((b) => b.user === low(alice.address) && b.type === type);
    expect(mine('deposit').map((b) => [b.token, b.amount])).toEqual([[low(usdt), e18('1000').toString()]]);
    // bob's package: alice's direct income, in its transaction; the days crossed released parts of it.
    expect(mine('direct').map((b) => [b.token, b.amount])).toEqual([[low(usdt), e18('10').toString()]]);
    expect(mine('unlock_income').length).toBeGreaterThan(0);
    expect(mine('withdraw').map((b) => [b.token, b.amount, b.txHash])).toEqual([
      [low(usdt), (-e18('300')).toString(), aliceWithdrawTx],
    ]);
    expect(
      mine('exchange')
        .map((b) => [b.token, b.amount])
        .sort(),
    ).toEqual(
      [
        [low(usdt), (-e18('100')).toString()],
        [low(eusd), e18('97').toString()],
      ].sort(),
    );
    // The claim: its swap and staking parts and their fees add up to what the wallet received.
    const [claim] = await client.getContractEvents({
      address: at('LockLedger'),
      abi: lockLedgerAbi,
      eventName: 'Claimed',
      fromBlock: 0n,
    });
    const claimBills = bills.filter((b) => b.txHash === claim!.transactionHash);
    // The event carries the split per kind; the bills follow it, and the swap part is all of alice's released
    // swap purchases at that block (her first claim).
    const swapAmount = claim!.args.swapAmount!;
    const stakeAmount = claim!.args.stakeAmount!;
    const swapFee = claim!.args.swapFee!;
    const stakeFee = claim!.args.stakeFee!;
    const ledger = { address: at('LockLedger'), abi: lockLedgerAbi, blockNumber: claim!.blockNumber } as const;
    const [swapReleased] = await client.readContract({
      ...ledger,
      functionName: 'releasedByKind',
      args: [alice.address],
    });
    expect(swapAmount).toBe(swapReleased);
    expect(swapFee).toBe((swapAmount * 500n) / 10_000n);
    expect(stakeFee).toBe((stakeAmount * 300n) / 10_000n);
    expect(claimBills.map((b) => [b.type, b.amount]).sort()).toEqual(
      [
        ['swap_release', swapAmount.toString()],
        ['swap_release', (-swapFee).toString()],
        ['stake_revenue', stakeAmount.toString()],
        ['stake_revenue', (-stakeFee).toString()],
      ].sort(),
    );
    expect(swapAmount).toBeGreaterThan(0n);
    expect(stakeAmount).toBeGreaterThan(0n);
    expect(claimBills.reduce((s, b) => s + BigInt(b.amount), 0n)).toBe(swapAmount + stakeAmount - swapFee - stakeFee);
    expect(claimBills.filter((b) => BigInt(b.amount) < 0n).reduce((s, b) => s - BigInt(b.amount), 0n)).toBe(
      swapFee + stakeFee,
    );
    const harvests = await client.getContractEvents({
      address: at('EternoFarm'),
      abi: eternoFarmAbi,
      eventName: 'Harvest',
      fromBlock: 0n,
    });
    expect(harvests.length).toBeGreaterThan(0);
    expect(mine('lp_reward').map((b) => b.amount)).toEqual(harvests.map((h) => h.args.amount!.toString()));
  });
});
