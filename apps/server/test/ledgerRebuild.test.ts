/**
 * The ledger rebuilds to the same thing (docs/decisions/ledger.md). On anvil with the deploy: vault
 * deposits (one before the server starts, so it is backfilled), withdrawals, an exchange, a deposit
 * for a package (custom ≠ 0), a voucher left to expire and then a new withdrawal in its place, a
 * swap buy, a staking reward, a farm harvest and a lock claim; then a 3-block reorg whose dropped
 * branch holds a withdrawal. The live server must drop that withdrawal; a second server started on an
 * EMPTY database against the same chain must, at the same indexed block, hold every indexed table
 * row for row equal to the live one, and answer the public reads identically. On PGlite and on
 * PostgreSQL.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { startAnvil, type Anvil } from '@eterno/devstack/anvil';
import { deploy, localSignerKey } from '@eterno/devstack/deploy';
import { GAS_LIMIT, LOCAL_TEST_MNEMONIC } from '@eterno/protocol/chain';
import type { Deployments } from '@eterno/protocol/deployments';
import {
  eternoFarmAbi,
  eternoStakingAbi,
  eternoVaultAbi,
  etroSwapAbi,
  lockLedgerAbi,
} from '@eterno/protocol/generated/abis';
import {
  diveInTypedData,
  exchangeTypedData,
  splitSignature,
  VAULT_KIND,
  withdrawTypedData,
  type VaultAt,
} from '@eterno/protocol/vault/typedData';
import pg from 'pg';
import {
  BaseError,
  ContractFunctionRevertedError,
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
  type TestClient,
  type Transport,
} from 'viem';
import { mnemonicToAccount, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPostgres, type TestPostgres } from '../scripts/postgres.ts';
import { indexedBlock, startServer, type RunningServer } from '../scripts/start.ts';

const e18 = (n: string) => parseUnits(n, 18);
const DAY = 86_400;
const alice = mnemonicToAccount(LOCAL_TEST_MNEMONIC, { addressIndex: 1 });
const bob = mnemonicToAccount(LOCAL_TEST_MNEMONIC, { addressIndex: 2 });
const carol = mnemonicToAccount(LOCAL_TEST_MNEMONIC, { addressIndex: 3 });
const signer = privateKeyToAccount(localSignerKey());
type User = typeof alice;

/** The ledger's tables (THE PLAN, docs/decisions/ledger.md): each must exist and be compared. */
const LEDGER_TABLES = [
  'ledger_balance',
  'vault_user',
  'vault_withdrawal',
  'vault_exchange',
  'vault_token',
  'bill',
  'pair_sync',
  'indexed_head',
] as const;

/** The public reads both servers must answer identically. */
const PUBLIC_READS = [
  '/vault/stats',
  '/trades',
  `/locks?account=${alice.address}`,
  `/stakes?account=${alice.address}&pool=ETRO`,
  `/farm?account=${alice.address}`,
  `/transfers?address=${alice.address}`,
  `/transfers?address=${bob.address}`,
];

/** Every row of every indexed table (Ponder's own `_…` tables left out), rows in a fixed order. */
type Dump = Record<string, string[]>;

const DATABASES: Array<{ name: string; postgres: boolean }> = [
  { name: 'PGlite', postgres: false },
  { name: 'PostgreSQL', postgres: true },
];

type Query = (text: string, params: unknown[]) => Promise<Array<Record<string, unknown>>>;

async function dumpSchema(query: Query, schema: string): Promise<Dump> {
  const tables = await query(
    `SELECT table_name FROM information_schema.tables
      WHERE table_schema = $1 AND table_type = 'BASE TABLE' AND table_name NOT LIKE '\\_%'
      ORDER BY table_name`,
    [schema],
  );
  const dump: Dump = {};
  for (const { table_name } of tables) {
    const name = String(table_name);
    const rows = await query(`SELECT * FROM "${schema}"."${name}"`, []);
    dump[name] = rows
      .map((row) =>
        JSON.stringify(
          Object.keys(row)
            .sort()
            .map((k) => [k, String(row[k])]),
        ),
      )
      .sort();
  }
  return dump;
}

/** Ponder's PGlite database of a stopped server. */
async function dumpPglite(dir: string): Promise<Dump> {
  const db = new PGlite(dir);
  try {
    return await dumpSchema(
      async (text, params) => (await db.query<Record<string, unknown>>(text, params)).rows,
      'eterno',
    );
  } finally {
    await db.close();
  }
}

/** The PostgreSQL schemas a Ponder server has created (each server start makes its own). */
async function ponderSchemas(url: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const res = await client.query<{ table_schema: string }>(
      "SELECT table_schema FROM information_schema.tables WHERE table_name = 'ledger_balance' ORDER BY table_schema",
    );
    return res.rows.map((r) => r.table_schema);
  } finally {
    await client.end();
  }
}

async function dumpPostgres(url: string, schema: string): Promise<Dump> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await dumpSchema(async (text, params) => (await client.query(text, params)).rows, schema);
  } finally {
    await client.end();
  }
}

describe.each(DATABASES)('the ledger rebuilt from an empty $name database', ({ postgres }) => {
  let anvil: Anvil;
  let pgServer: TestPostgres | null = null;
  let live: RunningServer | null = null;
  let rebuilt: RunningServer | null = null;
  let dataDir: string;
  let deploymentsFile: string;
  let contracts: Deployments['contracts'];
  let chain: Chain;
  let client: PublicClient<Transport, Chain>;
  let test: TestClient;
  let vaultAt: VaultAt;

  let liveDump: Dump;
  let rebuiltDump: Dump;
  const liveReads = new Map<string, unknown>();
  const rebuiltReads = new Map<string, unknown>();
  let reorgedWithdrawal: Hash;
  let expiredAmount: bigint;
  const withdrawn: bigint[] = [];

  const at = (name: string): Address => {
    const address = contracts[name];
    if (address === undefined) throw new Error(`no ${name} in the deployments`);
    return address;
  };

  async function send(account: User, address: Address, abi: Abi, functionName: string, args: readonly unknown[]) {
    const wallet = createWalletClient({ account, chain, transport: http(anvil.rpcUrl) });
    const hash = await wallet.writeContract({ address, abi, functionName, args, chain, gas: GAS_LIMIT });
    const receipt = await client.waitForTransactionReceipt({ hash });
    if (receipt.status !== 'success') throw new Error(`${functionName} reverted (${hash})`);
    return hash;
  }

  const nonce = (user: User, kind: number) =>
    client.readContract({
      address: at('EternoVault'),
      abi: eternoVaultAbi,
      functionName: 'nonces',
      args: [user.address, kind],
    });

  const deadlineIn = async (seconds: number) => (await client.getBlock()).timestamp + BigInt(seconds);

  /** A signed deposit (`custom = 0`: a plain top-up), sent. */
  async function diveIn(user: User, token: Address, amount: bigint, custom = 0n): Promise<Hash> {
    const deadline = await deadlineIn(1800);
    const message = {
      user: user.address,
      custom,
      custom1: 0n,
      token,
      amount,
      nonce: await nonce(user, VAULT_KIND.DiveIn),
      deadline,
    };
    const { r, s, v } = splitSignature(await signer.signTypedData(diveInTypedData(vaultAt, message)));
    await send(user, token, erc20Abi, 'approve', [at('EternoVault'), amount]);
    return send(user, at('EternoVault'), eternoVaultAbi, 'diveInWithToken', [
      custom,
      0n,
      token,
      amount,
      deadline,
      r,
      s,
      v,
    ]);
  }

  /** A withdrawal voucher for the user's current nonce, signed but not sent. */
  async function voucher(user: User, token: Address, amount: bigint, validFor = 1800) {
    const deadline = await deadlineIn(validFor);
    const message = { user: user.address, token, amount, nonce: await nonce(user, VAULT_KIND.Withdraw), deadline };
    const { r, s, v } = splitSignature(await signer.signTypedData(withdrawTypedData(vaultAt, message)));
    return [token, amount, deadline, r, s, v] as const;
  }

  async function exchange(user: User, tokenIn: Address, amountIn: bigint, tokenOut: Address, amountOut: bigint) {
    const deadline = await deadlineIn(120);
    const message = {
      user: user.address,
      tokenIn,
      amountIn,
      tokenOut,
      amountOut,
      nonce: await nonce(user, VAULT_KIND.Exchange),
      deadline,
    };
    const { r, s, v } = splitSignature(await signer.signTypedData(exchangeTypedData(vaultAt, message)));
    await send(user, tokenIn, erc20Abi, 'approve', [at('EternoVault'), amountIn]);
    return send(user, at('EternoVault'), eternoVaultAbi, 'pureTransfer', [
      amountIn,
      amountOut,
      tokenIn,
      tokenOut,
      deadline,
      r,
      s,
      v,
    ]);
  }

  async function waitIndexed(server: RunningServer, block: bigint): Promise<void> {
    const deadline = Date.now() + 90_000;
    while (((await indexedBlock(server.indexerUrl)) ?? -1) < Number(block)) {
      if (Date.now() > deadline) throw new Error(`the indexer did not reach block ${block}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  async function readAll(server: RunningServer, into: Map<string, unknown>): Promise<void> {
    for (const path of PUBLIC_READS) {
      const res = await fetch(`${server.url}${path}`);
      into.set(path, { status: res.status, body: await res.json() });
    }
  }

  beforeAll(async () => {
    anvil = await startAnvil();
    dataDir = await mkdtemp(join(tmpdir(), 'eterno-ledger-rebuild-'));
    deploymentsFile = join(dataDir, 'deployments.json');
    const deployments = await deploy({ rpcUrl: anvil.rpcUrl, outFile: deploymentsFile });
    contracts = deployments.contracts;
    chain = defineChain({
      id: deployments.chainId,
      name: 'ETERNO local',
      nativeCurrency: { name: 'FON', symbol: 'FON', decimals: 18 },
      rpcUrls: { default: { http: [anvil.rpcUrl] } },
    });
    client = createPublicClient({ chain, transport: http(anvil.rpcUrl), pollingInterval: 50 });
    test = createTestClient({ chain, mode: 'anvil', transport: http(anvil.rpcUrl) });
    vaultAt = { chainId: deployments.chainId, vault: at('EternoVault') };
    const [USDT, EUSD, ETRO] = [at('USDT'), at('EUSD'), at('ETRO')];

    // Backfilled: indexed from history when the live server starts.
    await diveIn(alice, USDT, e18('500'));
    await send(alice, USDT, erc20Abi, 'approve', [at('EtroSwap'), e18('1000')]);
    await send(alice, at('EtroSwap'), etroSwapAbi, 'swap', [e18('1000'), 1n, maxUint256]);

    if (postgres) pgServer = await startPostgres();
    live = await startServer({
      rpcUrl: anvil.rpcUrl,
      deploymentsFile,
      dataDir: join(dataDir, 'live'),
      databaseUrl: pgServer?.url,
      siweDomains: ['127.0.0.1:5173'],
    });

    // Live: deposits, a withdrawal, an exchange, a package deposit (custom ≠ 0, not the ledger's).
    await diveIn(bob, EUSD, e18('300'));
    await diveIn(alice, ETRO, e18('200'));
    await diveIn(carol, USDT, e18('70'), 7n);
    withdrawn.push(e18('120'));
    await send(alice, at('EternoVault'), eternoVaultAbi, 'withdraw', await voucher(alice, USDT, e18('120')));
    await exchange(alice, USDT, e18('50'), EUSD, e18('50'));

    // The chain-side income: a staking reward, a farm harvest, a lock claim.
    await send(alice, ETRO, erc20Abi, 'approve', [at('StakingETRO'), e18('100')]);
    await send(alice, at('StakingETRO'), eternoStakingAbi, 'enterStaking_30', [e18('100')]);
    await send(alice, at('EULP'), erc20Abi, 'approve', [at('EternoFarm'), e18('3')]);
    await send(alice, at('EternoFarm'), eternoFarmAbi, 'deposit', [0n, e18('3')]);
    await send(alice, at('EternoFarm'), eternoFarmAbi, 'withdraw', [0n, e18('1')]);
    await test.increaseTime({ seconds: 31 * DAY });
    await test.mine({ blocks: 1 });
    await send(alice, at('StakingETRO'), eternoStakingAbi, 'leaveStaking', [1n]);
    await test.increaseTime({ seconds: 2 * DAY });
    await test.mine({ blocks: 1 });
    await send(alice, at('LockLedger'), lockLedgerAbi, 'claim', []);

    // An expiry: a voucher never sent, its deadline passed; then a new withdrawal with the same nonce.
    expiredAmount = e18('100');
    const expired = await voucher(alice, USDT, expiredAmount, 600);
    await test.increaseTime({ seconds: 1200 });
    await test.mine({ blocks: 1 });
    const refused = await client
      .simulateContract({
        account: alice,
        address: at('EternoVault'),
        abi: eternoVaultAbi,
        functionName: 'withdraw',
        args: expired,
      })
      .then(
        () => null,
        (err: unknown) =>
          err instanceof BaseError ? err.walk((e) => e instanceof ContractFunctionRevertedError) : null,
      );
    expect(refused instanceof ContractFunctionRevertedError ? refused.data?.errorName : refused).toBe('Expired');
    withdrawn.push(e18('30'));
    await send(alice, at('EternoVault'), eternoVaultAbi, 'withdraw', await voucher(alice, USDT, e18('30')));
    await waitIndexed(live, await client.getBlockNumber());

    // A 3-block reorg: the dropped branch holds bob's withdrawal, the new one a deposit of carol's.
    const snapshot = await test.snapshot();
    reorgedWithdrawal = await send(
      bob,
      at('EternoVault'),
      eternoVaultAbi,
      'withdraw',
      await voucher(bob, EUSD, e18('100')),
    );
    await test.mine({ blocks: 2 });
    await waitIndexed(live, await client.getBlockNumber());
    const liveBefore = await fetch(`${live.url}/transfers?address=${bob.address}`).then((r) => r.json());
    expect(JSON.stringify(liveBefore)).toContain(reorgedWithdrawal);
    await test.revert({ id: snapshot });
    await test.mine({ blocks: 1 });
    await diveIn(carol, USDT, e18('40'));
    await test.mine({ blocks: 1 });
    const head = await client.getBlockNumber();
    await waitIndexed(live, head);
    // Past the old branch's height: the reorg must have been seen, not just the same height reached.
    expect(await client.getTransactionReceipt({ hash: reorgedWithdrawal }).catch(() => null)).toBeNull();

    await readAll(live, liveReads);
    if (pgServer) {
      const [schema] = await ponderSchemas(pgServer.url);
      liveDump = await dumpPostgres(pgServer.url, schema!);
    }
    await live.stop();
    if (!pgServer) liveDump = await dumpPglite(join(dataDir, 'live', 'ponder'));
    live = null;

    // The rebuild: an empty database, the same chain.
    const before = pgServer ? await ponderSchemas(pgServer.url) : [];
    rebuilt = await startServer({
      rpcUrl: anvil.rpcUrl,
      deploymentsFile,
      dataDir: join(dataDir, 'rebuilt'),
      databaseUrl: pgServer?.url,
      siweDomains: ['127.0.0.1:5173'],
    });
    await waitIndexed(rebuilt, head);
    expect(await client.getBlockNumber()).toBe(head);
    await readAll(rebuilt, rebuiltReads);
    if (pgServer) {
      const schema = (await ponderSchemas(pgServer.url)).find((s) => !before.includes(s));
      rebuiltDump = await dumpPostgres(pgServer.url, schema!);
    }
    await rebuilt.stop();
    if (!pgServer) rebuiltDump = await dumpPglite(join(dataDir, 'rebuilt', 'ponder'));
    rebuilt = null;
  }, 600_000);

  afterAll(async () => {
    await live?.stop();
    await rebuilt?.stop();
    await pgServer?.stop();
    await anvil?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('has every ledger table, none of them empty', () => {
    for (const table of LEDGER_TABLES) {
      expect(liveDump[table], table).toBeDefined();
      expect(liveDump[table]!.length, table).toBeGreaterThan(0);
    }
  });

  it('the live ledger dropped the reorged withdrawal: no row of any table names its transaction', () => {
    expect(JSON.stringify(liveDump)).not.toContain(reorgedWithdrawal);
    expect(JSON.stringify([...liveReads.values()])).not.toContain(reorgedWithdrawal);
  });

  const rowsOf = (table: string, user: User) =>
    liveDump[table]!.map((row) => new Map<string, string>(JSON.parse(row))).filter(
      (row) => row.get('user') === user.address.toLowerCase(),
    );

  it('billed every kind of movement made, and credited or billed nothing for the package deposit', () => {
    const types = new Set(rowsOf('bill', alice).map((b) => b.get('type')));
    expect([...types].sort()).toEqual([
      'deposit',
      'exchange',
      'lp_reward',
      'stake_revenue',
      'swap_release',
      'withdraw',
    ]);
    expect(rowsOf('bill', carol).map((b) => [b.get('type'), b.get('amount')])).toEqual([
      ['deposit', e18('40').toString()],
    ]);
    const usdt = at('USDT').toLowerCase();
    const [carolUsdt] = rowsOf('ledger_balance', carol).filter((r) => r.get('token') === usdt);
    expect(carolUsdt?.get('credited')).toBe(e18('40').toString());
    const [aliceUsdt] = rowsOf('ledger_balance', alice).filter((r) => r.get('token') === usdt);
    expect(aliceUsdt?.get('released')).toBe(e18('500').toString());
    expect(aliceUsdt?.get('withdrawn')).toBe(e18('150').toString());
  });

  it('the expired voucher withdrew nothing: only the two settled withdrawals are in the ledger', () => {
    expect(liveDump.vault_withdrawal).toHaveLength(withdrawn.length);
    const amounts = liveDump.vault_withdrawal!.map((row) => {
      const cols = new Map<string, string>(JSON.parse(row));
      return BigInt(cols.get('amount')!);
    });
    expect(amounts.sort()).toEqual([...withdrawn].sort());
    expect(amounts).not.toContain(expiredAmount);
  });

  it('rebuilt from an empty database, every indexed table is identical to the live one, row for row', () => {
    expect(Object.keys(rebuiltDump)).toEqual(Object.keys(liveDump));
    for (const table of Object.keys(liveDump)) expect(rebuiltDump[table], table).toEqual(liveDump[table]);
  });

  it('and the public reads answer the same', () => {
    for (const path of PUBLIC_READS) {
      expect(liveReads.get(path), path).toMatchObject({ status: 200 });
      expect(rebuiltReads.get(path), path).toEqual(liveReads.get(path));
    }
  });
});
