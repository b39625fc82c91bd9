/**
 * The real-chain setup of the server's end-to-end tests (referral, referralIncomes,
 * referralInvitations, candles): anvil with the contracts deployed and seeded by the deploy script
 * (deployer ← alice (left); alice ← bob (left), carol (right)), then a real server (`ponder start`)
 * on embedded PGlite or on a PostgreSQL server of its own; the seeded test accounts, a contract call
 * from one of them, a package purchase signed as the finance API signs it, and the wait until the
 * server has indexed the chain's head.
 *
 * A test file starts the chain in `beforeAll` (`RealStack.start`), sends what must be indexed by
 * backfill, starts the server (`startServer`), and stops everything in `afterAll` (`stop`).
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startAnvil, type Anvil } from '@eterno/devstack/anvil';
import { deploy, localSignerKey } from '@eterno/devstack/deploy';
import { ETERNO_CHAIN_ID, LOCAL_TEST_MNEMONIC } from '@eterno/protocol/chain';
import type { Deployments } from '@eterno/protocol/deployments';
import { REGISTRATION_TYPE_CODES } from '@eterno/protocol/financeApi';
import { eternoVaultAbi } from '@eterno/protocol/generated/abis';
import { VAULT_KIND, diveInTypedData, splitSignature } from '@eterno/protocol/vault/typedData';
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
  type TestClient,
  type Transport,
} from 'viem';
import { mnemonicToAccount, privateKeyToAccount, type HDAccount } from 'viem/accounts';
import pg from 'pg';
import { indexedBlock, startServer, type RunningServer } from '../scripts/start.ts';
import { startPostgres, type TestPostgres } from '../scripts/postgres.ts';
import { openPglite } from '../src/store/sql.ts';
import { apiCall, sendTx, signIn, SIWE_DOMAIN } from './apiClient.ts';

/** The two databases every such test runs on (`describe.each`). */
export const DATABASES = [
  { name: 'PGlite', postgres: false },
  { name: 'PostgreSQL', postgres: true },
];

/** Anvil's default-mnemonic account `i` (0 deployer, 1 alice, 2 bob, 3 carol, … as the seed has them). */
export const account = (i: number): HDAccount => mnemonicToAccount(LOCAL_TEST_MNEMONIC, { addressIndex: i });
export type TestAccount = HDAccount;

export const e18 = (n: string) => parseUnits(n, 18);
/** An address as the indexer's rows and answers have it. */
export const low = (a: Address) => a.toLowerCase() as Address;

/**
 * Tables a day's settlement writes rows to (finance, referral, prize and node pools): a comparison of two
 * indexings that crosses a settlement first checks they are not empty, so "equal" is not "both empty".
 */
export const SETTLEMENT_TABLES = [
  'finance_order',
  'finance_round',
  'bill',
  'ledger_balance',
  'referral_leg',
  'referral_leg_day',
  'referral_income',
  'income_tranche',
  'binary_day',
  'prize_pool_day',
  'node_pool_day',
] as const;

/** Tables as rows of sorted-key JSON, each table's rows sorted: what two runs of the indexer compare. */
export function canonicalTables(raw: Record<string, Array<Record<string, string | null>>>): Record<string, string[]> {
  return Object.fromEntries(
    Object.entries(raw).map(([t, rows]) => [
      t,
      rows
        .map((r) => JSON.stringify(Object.fromEntries(Object.entries(r).sort(([a], [b]) => (a < b ? -1 : 1)))))
        .sort(),
    ]),
  );
}

/** The signed-in reads of `userAnswers`: bills, orders, balances, incomes, team figures (`:me` = the user). */
const USER_READS = [
  '/bills?limit=100',
  '/finance/orders?limit=100',
  '/finance/regular-orders?limit=100',
  '/finance/summary',
  '/vault/balances',
  '/referral/income',
  '/referral/team/:me',
];

/**
 * What the API at `url` answers each of `users` (each signed in): its bills, orders, balances, incomes and
 * team figures (USER_READS), and `/vault/stats`; keyed `<address> <path>`. Throws on any status but 200.
 */
export async function userAnswers(url: string, users: readonly TestAccount[]): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  for (const who of users) {
    const token = await signIn(url, who);
    for (const read of USER_READS) {
      const path = read.replace(':me', who.address);
      const res = await apiCall(url, 'GET', path, token);
      if (res.status !== 200) throw new Error(`GET ${path} as ${who.address} answered ${res.status}`);
      out[`${who.address} ${path}`] = res.body;
    }
  }
  const stats = await apiCall(url, 'GET', '/vault/stats', null);
  if (stats.status !== 200) throw new Error(`GET /vault/stats answered ${stats.status}`);
  out['/vault/stats'] = stats.body;
  return out;
}

/** A row with each value a string (or null), as the table readers give them. */
const strings = (r: Record<string, unknown>): Record<string, string | null> =>
  Object.fromEntries(Object.entries(r).map(([k, v]) => [k, v === null ? null : String(v)]));

/** The vault signer of a local deployment (signs the package purchases). */
const vaultSigner = privateKeyToAccount(localSignerKey());

export class RealStack {
  private pg: TestPostgres | null = null;
  private running: RunningServer | null = null;
  /** The running (or last) server's data folder under `dataDir`. */
  private serverDir = 'server';
  /** Servers started beside the running one (`startServerBeside`), stopped with the stack. */
  private readonly beside = new Set<RunningServer>();

  private constructor(
    private readonly anvil: Anvil,
    /** Deployments file and the server's data (its PGlite databases and `server/server.log`). */
    readonly dataDir: string,
    private readonly deploymentsFile: string,
    readonly contracts: Deployments['contracts'],
    readonly chain: Chain,
    readonly client: PublicClient<Transport, Chain>,
    readonly test: TestClient,
  ) {}

  /** Anvil, the deployed and seeded contracts, the clients; `name` prefixes the data folder. */
  static async start(name: string): Promise<RealStack> {
    const dataDir = await mkdtemp(join(tmpdir(), `eterno-${name}-test-`));
    let anvil: Anvil | undefined;
    try {
      anvil = await startAnvil();
      const deploymentsFile = join(dataDir, 'deployments.json');
      const { contracts } = await deploy({ rpcUrl: anvil.rpcUrl, outFile: deploymentsFile });
      const chain = defineChain({
        id: ETERNO_CHAIN_ID,
        name: 'ETERNO local',
        nativeCurrency: { name: 'FON', symbol: 'FON', decimals: 18 },
        rpcUrls: { default: { http: [anvil.rpcUrl] } },
      });
      const client = createPublicClient({ chain, transport: http(anvil.rpcUrl), pollingInterval: 50 });
      const test = createTestClient({ chain, mode: 'anvil', transport: http(anvil.rpcUrl) });
      return new RealStack(anvil, dataDir, deploymentsFile, contracts, chain, client, test);
    } catch (error) {
      await anvil?.stop();
      await rm(dataDir, { recursive: true, force: true });
      throw error;
    }
  }

  get rpcUrl(): string {
    return this.anvil.rpcUrl;
  }

  /** The PostgreSQL server (after a `startServer` on PostgreSQL). */
  get postgres(): TestPostgres {
    if (this.pg === null) throw new Error('no PostgreSQL server is started');
    return this.pg;
  }

  /** The PostgreSQL server's URL (after a `startServer` on PostgreSQL): the indexer's and the store's database. */
  get databaseUrl(): string {
    if (this.pg === null) throw new Error('no PostgreSQL server started');
    return this.pg.url;
  }

  /** The running server (after `startServer`). */
  get server(): RunningServer {
    if (this.running === null) throw new Error('the server is not started');
    return this.running;
  }

  /**
   * The server over this chain, on PostgreSQL (a server of its own, started once) or on embedded
   * PGlite; the settings files when given (default: the shipped ones); `dir` names a data folder of
   * its own (default `server`): a second server started with a new `dir` indexes the chain from
   * scratch (on PostgreSQL every start has a fresh schema). `confirmations` writes the deployments'
   * confirmation depth first (0 as deployed locally), `settings` sets server settings (`ETERNO_*`).
   */
  async startServer(opts: {
    postgres: boolean;
    financeSettings?: string;
    referralSettings?: string;
    dir?: string;
    confirmations?: number;
    settings?: Readonly<Record<string, string>>;
    /** PostgreSQL only: API processes over the one indexer (`startServer`'s `apiProcesses`). */
    apiProcesses?: number;
    /** The RPC the server uses (default anvil's; e.g. a relay the outage tests cut). */
    rpcUrl?: string;
    /** PostgreSQL only: the indexer's schema of a stopped (or killed) server, to start again on its data. */
    schema?: string;
  }): Promise<RunningServer> {
    if (opts.confirmations !== undefined) {
      const deployments = JSON.parse(await readFile(this.deploymentsFile, 'utf8')) as Deployments;
      await writeFile(this.deploymentsFile, JSON.stringify({ ...deployments, confirmations: opts.confirmations }));
    }
    if (opts.postgres && this.pg === null) this.pg = await startPostgres();
    this.serverDir = opts.dir ?? 'server';
    this.running = await startServer({
      rpcUrl: opts.rpcUrl ?? this.anvil.rpcUrl,
      deploymentsFile: this.deploymentsFile,
      dataDir: join(this.dataDir, this.serverDir),
      databaseUrl: this.pg?.url,
      siweDomains: [SIWE_DOMAIN],
      ...(opts.financeSettings === undefined ? {} : { financeSettings: opts.financeSettings }),
      ...(opts.referralSettings === undefined ? {} : { referralSettings: opts.referralSettings }),
      ...(opts.settings ? { settings: opts.settings } : {}),
      ...(opts.apiProcesses === undefined ? {} : { apiProcesses: opts.apiProcesses }),
      ...(opts.schema === undefined ? {} : { schema: opts.schema }),
    });
    return this.running;
  }

  /**
   * PostgreSQL only: a server of its own over this chain BESIDE the running one (which stays
   * `server`), in the data folder `dir`, on a fresh schema: it indexes the chain from block 0, as a run
   * to compare with. Its settings as `startServer`'s; the caller passes it to `waitHead`,
   * `indexerTables` and `readIndexerTables` and stops it (else `stop` does).
   */
  async startServerBeside(opts: {
    dir: string;
    financeSettings?: string;
    referralSettings?: string;
    settings?: Readonly<Record<string, string>>;
  }): Promise<RunningServer> {
    if (this.pg === null) this.pg = await startPostgres();
    const server = await startServer({
      rpcUrl: this.anvil.rpcUrl,
      deploymentsFile: this.deploymentsFile,
      dataDir: join(this.dataDir, opts.dir),
      databaseUrl: this.pg.url,
      siweDomains: [SIWE_DOMAIN],
      ...(opts.financeSettings === undefined ? {} : { financeSettings: opts.financeSettings }),
      ...(opts.referralSettings === undefined ? {} : { referralSettings: opts.referralSettings }),
      ...(opts.settings ? { settings: opts.settings } : {}),
    });
    this.beside.add(server);
    const stop = server.stop;
    return {
      ...server,
      stop: async () => {
        await stop();
        this.beside.delete(server);
      },
    };
  }

  /** The log so far of the server in the data folder `dir` (default `server`: `server/server.log`). */
  serverLog(dir = 'server'): Promise<string> {
    return readFile(join(this.dataDir, dir, 'server.log'), 'utf8').catch(() => '');
  }

  /**
   * A crash: SIGKILL to the running server's indexer (`ponder start` and its process group), no chance to
   * clean up (its open transaction is left to the database, its schema lock to expire); once it is gone,
   * `meanwhile` (the API process still up), then the API process is stopped too. The server's schema is
   * returned, to start again on it.
   */
  async killIndexer(meanwhile?: () => Promise<void>): Promise<string | undefined> {
    const server = this.server;
    const pid = server.indexerPid;
    if (pid === undefined) throw new Error('the indexer has no process id');
    process.kill(-pid, 'SIGKILL');
    const gone = () => {
      try {
        process.kill(pid, 0);
        return false;
      } catch {
        return true;
      }
    };
    const deadline = Date.now() + 10_000;
    while (!gone()) {
      if (Date.now() > deadline) throw new Error(`the indexer (pid ${pid}) outlived SIGKILL`);
      await new Promise((r) => setTimeout(r, 50));
    }
    try {
      await meanwhile?.();
    } finally {
      await server.stop();
      this.running = null;
    }
    return server.schema;
  }

  /**
   * PostgreSQL only: every table of the (running) server's indexer schema (information_schema), Ponder's
   * own left out (`_ponder_meta`, `_ponder_checkpoint` and the `_reorg__*` shadow tables: bookkeeping of
   * the process, not figures), by name. A table added to ponder.schema.ts is listed without a change here.
   */
  async indexerTables(server: RunningServer = this.server): Promise<string[]> {
    if (this.pg === null || server.schema === undefined) throw new Error('indexerTables: PostgreSQL only');
    const c = new pg.Client({ connectionString: this.pg.url });
    await c.connect();
    try {
      const { rows } = await c.query<{ name: string }>(
        `SELECT table_name AS name FROM information_schema.tables
          WHERE table_schema = $1 AND table_type = 'BASE TABLE' AND table_name NOT LIKE '\\_%'
          ORDER BY 1`,
        [server.schema],
      );
      return rows.map((r) => r.name);
    } finally {
      await c.end();
    }
  }

  /**
   * PostgreSQL only: the indexer's `tables` in `server`'s schema as `stopAndReadTables` gives them, read
   * while it runs (call it with the chain idle and the server at its head).
   */
  async readIndexerTables(
    server: RunningServer,
    tables: readonly string[],
  ): Promise<Record<string, Array<Record<string, string | null>>>> {
    if (this.pg === null || server.schema === undefined) throw new Error('readIndexerTables: PostgreSQL only');
    const c = new pg.Client({ connectionString: this.pg.url });
    await c.connect();
    try {
      const out: Record<string, Array<Record<string, string | null>>> = {};
      for (const t of tables) out[t] = (await c.query(`SELECT * FROM "${server.schema}".${t}`)).rows.map(strings);
      return out;
    } finally {
      await c.end();
    }
  }

  /** PostgreSQL only: `text` run in the running server's indexer schema (a read while it is up). */
  async indexerQuery<R extends Record<string, unknown>>(text: string, values: unknown[] = []): Promise<R[]> {
    if (this.pg === null || this.server.schema === undefined) throw new Error('indexerQuery: PostgreSQL only');
    const c = new pg.Client({ connectionString: this.pg.url });
    await c.connect();
    try {
      await c.query(`SET search_path TO "${this.server.schema}"`);
      return (await c.query<R>(text, values)).rows;
    } finally {
      await c.end();
    }
  }

  /** Sends `fn(args)` to `address` from `who` and waits for a successful receipt. */
  tx(who: TestAccount, address: Address, abi: Abi, fn: string, args: readonly unknown[]): Promise<Hash> {
    return sendTx({ rpcUrl: this.anvil.rpcUrl, chain: this.chain, client: this.client }, who, address, abi, fn, args);
  }

  /**
   * The `diveInWithToken` arguments of a purchase of package `id` at `price` USDT, signed as the
   * finance API signs it (registration type `first`, valid 30 minutes after the latest block).
   */
  async signPurchase(who: TestAccount, id: bigint, price: bigint): Promise<readonly unknown[]> {
    const vault = this.contracts.EternoVault;
    const usdt = this.contracts.USDT;
    const deadline = (await this.client.getBlock()).timestamp + 1800n;
    const nonce = await this.client.readContract({
      address: vault,
      abi: eternoVaultAbi,
      functionName: 'nonces',
      args: [who.address, VAULT_KIND.DiveIn],
    });
    const custom1 = BigInt(REGISTRATION_TYPE_CODES.first);
    const message = { user: who.address, custom: id, custom1, token: usdt, amount: price, nonce, deadline };
    const { r, s, v } = splitSignature(
      await vaultSigner.signTypedData(diveInTypedData({ chainId: ETERNO_CHAIN_ID, vault }, message)),
    );
    return [id, custom1, usdt, price, deadline, r, s, v];
  }

  /** A purchase of package `id` at `price` USDT (approve, then `diveInWithToken` signed as the finance API signs it). */
  async buyPackage(who: TestAccount, id: bigint, price: bigint): Promise<void> {
    const vault = this.contracts.EternoVault;
    const args = await this.signPurchase(who, id, price);
    await this.tx(who, this.contracts.USDT, erc20Abi, 'approve', [vault, price]);
    await this.tx(who, vault, eternoVaultAbi, 'diveInWithToken', args);
  }

  /**
   * Until the indexer and the API (`/vault/stats`) of `server` (default the running one) both stand at
   * the chain's head block (2 minutes at most; then the error carries the running server log's last lines).
   */
  async waitHead(server: RunningServer = this.server): Promise<void> {
    const head = await this.client.getBlockNumber({ cacheTime: 0 });
    const deadline = Date.now() + 120_000;
    for (;;) {
      const indexed = await indexedBlock(server.indexerUrl);
      if (indexed !== null && BigInt(indexed) >= head) {
        const res = await fetch(`${server.url}/vault/stats`);
        if (res.ok && BigInt(((await res.json()) as { blockNumber: string }).blockNumber) === head) return;
      }
      if (Date.now() > deadline) {
        const log = await readFile(join(this.dataDir, this.serverDir, 'server.log'), 'utf8').catch(() => '');
        throw new Error(`the server did not reach block ${head}:\n${log.split('\n').slice(-40).join('\n')}`);
      }
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  /**
   * Stops the server (PGlite's files are then free to open) and reads the indexer's `tables`: every row
   * with its columns by their SQL names, each value a string (or null).
   */
  async stopAndReadTables(tables: readonly string[]): Promise<Record<string, Array<Record<string, string | null>>>> {
    const schema = this.server.schema ?? 'eterno';
    await this.running?.stop();
    this.running = null;
    const str = strings;
    const out: Record<string, Array<Record<string, string | null>>> = {};
    if (this.pg !== null) {
      const c = new pg.Client({ connectionString: this.pg.url });
      await c.connect();
      try {
        for (const t of tables) out[t] = (await c.query(`SELECT * FROM "${schema}".${t}`)).rows.map(str);
      } finally {
        await c.end();
      }
      return out;
    }
    const db = await openPglite(join(this.dataDir, this.serverDir, 'ponder'));
    try {
      for (const t of tables) out[t] = (await db.query(`SELECT * FROM ${schema}.${t}`, [])).rows.map(str);
    } finally {
      await db.close();
    }
    return out;
  }

  /** Stops the server, PostgreSQL and anvil, and removes the data folder. */
  async stop(): Promise<void> {
    for (const server of this.beside) await server.stop();
    await this.running?.stop();
    await this.pg?.stop();
    await this.anvil.stop();
    await rm(this.dataDir, { recursive: true, force: true });
  }
}
