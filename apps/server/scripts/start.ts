/**
 * Starts the server as child processes and stops exactly those process trees: `ponder start`
 * (the indexer, and on PGlite its API too), and on PostgreSQL the API process (reader/main.ts).
 *
 *   node --import tsx apps/server/scripts/start.ts --rpc <url> --deployments <file> \
 *     --siwe-domains <host[:port],…> [--cors-origins <origin,…>] [--port <n>] \
 *     [--data-dir <dir>] [--database-url <postgresql://…> [--schema <name>]]
 *
 * Each flag falls back to its environment variable (see `--help`).
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { openSync, closeSync, readFileSync, statSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { delimiter, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { boundPortFromLog } from '@eterno/devstack/boundPort';
import { freePort } from '@eterno/devstack/free-port';
import { localNftOperatorKey, localPlacementSignerKey, localSignerKey } from '@eterno/devstack/deploy';
import { parseDeployments } from '@eterno/protocol/deployments';

/** `opts.signerKey`, else `ETERNO_SIGNER_KEY`, else on a local chain the seeded signer's key. */
function signerKeyFor(opts: StartServerOptions): string | undefined {
  if (opts.signerKey) return opts.signerKey;
  if (process.env.ETERNO_SIGNER_KEY) return process.env.ETERNO_SIGNER_KEY;
  return isLocal(opts) ? localSignerKey() : undefined;
}

/** `opts.nftOperatorKey`, else `ETERNO_NFT_OPERATOR_KEY`, else on a local chain the deploy's NFT operator key. */
function nftOperatorKeyFor(opts: StartServerOptions): string | undefined {
  if (opts.nftOperatorKey) return opts.nftOperatorKey;
  if (process.env.ETERNO_NFT_OPERATOR_KEY) return process.env.ETERNO_NFT_OPERATOR_KEY;
  return isLocal(opts) ? localNftOperatorKey() : undefined;
}

/**
 * `opts.placementSignerKey`, else `ETERNO_PLACEMENT_SIGNER_KEY`, else on a local chain the seeded placement
 * signer's key (anvil account 10: another key than the vault signer's).
 */
function placementSignerKeyFor(opts: StartServerOptions): string | undefined {
  if (opts.placementSignerKey) return opts.placementSignerKey;
  if (process.env.ETERNO_PLACEMENT_SIGNER_KEY) return process.env.ETERNO_PLACEMENT_SIGNER_KEY;
  return isLocal(opts) ? localPlacementSignerKey() : undefined;
}

const isLocal = (opts: StartServerOptions): boolean =>
  parseDeployments(JSON.parse(readFileSync(opts.deploymentsFile, 'utf8'))).network === 'local';

export type StartServerOptions = {
  rpcUrl: string;
  deploymentsFile: string;
  /** HTTP port; a free one when absent. */
  port?: number;
  /** Ponder's PGlite (`<dataDir>/ponder`), the off-chain PGlite (`<dataDir>/offchain`), the log. */
  dataDir: string;
  /** PostgreSQL for both the indexer (in a fresh schema) and the off-chain store. */
  databaseUrl?: string;
  siweDomains: string[];
  /** Default: `http://<each SIWE domain>`. */
  corsOrigins?: string[];
  /**
   * The vault signer's private key (`ETERNO_SIGNER_KEY`). Default: the environment's, else on a
   * `local` deployments file the key of the seeded `signer` account (anvil's default-mnemonic
   * account 9, which the deploy makes the vault's signer).
   */
  signerKey?: string;
  /**
   * The NFT operator's private key (`ETERNO_NFT_OPERATOR_KEY`: the seed committer, whose key derives the
   * rarity seeds). Default: the environment's, else on a `local` deployments file the deploy's operator.
   */
  nftOperatorKey?: string;
  /**
   * The referral registry's placement signer's private key (`ETERNO_PLACEMENT_SIGNER_KEY`, never the vault
   * signer's). Default: the environment's, else on a `local` deployments file the key of the seeded
   * `placementSigner` account (anvil account 10).
   */
  placementSignerKey?: string;
  /**
   * Server settings to set in its environment (e.g. the vault's `ETERNO_EXCHANGE_DAY_BUDGET`,
   * src/vault/settings.ts); only `ETERNO_*` names.
   */
  settings?: Readonly<Record<string, string>>;
  /** The finance settings file (`ETERNO_FINANCE_SETTINGS`); default: the environment's, else the shipped one. */
  financeSettings?: string;
  /** The referral income settings file (`ETERNO_REFERRAL_SETTINGS`); default: the environment's, else the shipped one. */
  referralSettings?: string;
  /**
   * PostgreSQL only: the indexer's schema, to start again on the data of a stopped server (a
   * restart); default a fresh one.
   */
  schema?: string;
  /** PostgreSQL only: extra `node` flags for the API process (e.g. `--cpu-prof` for a profile). */
  apiNodeArgs?: string[];
  /**
   * PostgreSQL only: how many API processes to start over the one indexer and database (default 1), each
   * on a port of its own (the first on `port`), each told how many share the rate limits
   * (`ETERNO_API_PROCESSES`). A proxy in front spreads the requests (docs/decisions/api-process.md).
   */
  apiProcesses?: number;
};

export type RunningServer = {
  /** The API (sign-in and the indexer's reads); with several API processes, the first. */
  url: string;
  /** Every API process's URL (one on PGlite, `apiProcesses` on PostgreSQL). */
  apiUrls: string[];
  /** Ponder's own endpoints: /health, /ready, /status, /metrics. */
  indexerUrl: string;
  /** The indexer's schema on PostgreSQL (a reader may open it: reader/indexerDb.ts); absent on PGlite. */
  schema?: string;
  /**
   * The process id of the API (the leader of its own process group, which holds every process
   * serving it); on PGlite the indexer's, which serves the API too. The bench reads its CPU time.
   */
  apiPid: number | undefined;
  /**
   * The process id of `ponder start` (the indexer; the leader of its own process group): a crash test
   * kills it (`process.kill(-indexerPid, 'SIGKILL')`). On PGlite the same process as `apiPid`.
   */
  indexerPid: number | undefined;
  stop(): Promise<void>;
};

export class ServerStartError extends Error {
  override name = 'ServerStartError';
}

const SERVER_DIR = resolve(import.meta.dirname, '..');
const REPO_ROOT = resolve(SERVER_DIR, '../..');
const BIN_DIR = join(REPO_ROOT, 'node_modules', '.bin');
const READY_TIMEOUT_MS = 180_000;
const STOP_GRACE_MS = 10_000;

async function status(url: string): Promise<number | null> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
    await res.arrayBuffer();
    return res.status;
  } catch {
    return null;
  }
}

async function chainHead(rpcUrl: string): Promise<number | null> {
  try {
    const res = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_blockNumber', params: [] }),
      signal: AbortSignal.timeout(2000),
    });
    const body = (await res.json()) as { result?: string };
    return typeof body.result === 'string' ? Number(BigInt(body.result)) : null;
  } catch {
    return null;
  }
}

/** The lowest block Ponder has indexed over its chains (`GET /status`), or null. */
export async function indexedBlock(url: string): Promise<number | null> {
  try {
    const res = await fetch(`${url}/status`, { signal: AbortSignal.timeout(2000) });
    if (res.status !== 200) return null;
    const chains = Object.values((await res.json()) as Record<string, { block?: { number?: number } }>);
    const numbers = chains.map((c) => c.block?.number).filter((n): n is number => typeof n === 'number');
    return numbers.length === chains.length && numbers.length > 0 ? Math.min(...numbers) : null;
  } catch {
    return null;
  }
}

/**
 * The block the API answers at: `GET /vault/stats` → `blockNumber`, the `indexed_head` row, written
 * by the per-block source after every log of that block, so once it is N the API's reads show all
 * of block N (Ponder's `/status` may run ahead of what the API process already sees). Null when the
 * API does not answer.
 */
export async function apiIndexedBlock(url: string): Promise<number | null> {
  try {
    const res = await fetch(`${url}/vault/stats`, { signal: AbortSignal.timeout(2000) });
    if (res.status !== 200) return null;
    const { blockNumber } = (await res.json()) as { blockNumber?: unknown };
    return typeof blockNumber === 'string' && /^\d+$/.test(blockNumber) ? Number(blockNumber) : null;
  } catch {
    return null;
  }
}

/** The log's length in bytes now (0 before it exists): where a process started after this writes. */
function logSize(file: string): number {
  try {
    return statSync(file).size;
  } catch {
    return 0;
  }
}

/** The port a process started at log offset `from` says it listens on (boundPortFromLog), or null. */
function boundPortSince(file: string, from: number): number | null {
  try {
    return boundPortFromLog(readFileSync(file).subarray(from).toString('utf8'));
  } catch {
    return null;
  }
}

function logTail(file: string, lines = 40): string {
  try {
    return readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}

/** A schema name of its own for each PostgreSQL start (Ponder refuses to reuse a live one). */
function uniqueSchema(): string {
  return `eterno_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
}

/** A child process in its own process group, its output appended to `logFile`; stopped by group. */
type Child = {
  readonly pid: number | undefined;
  readonly exited: boolean;
  readonly spawnError: Error | null;
  stop(): Promise<void>;
};

function spawnLogged(command: string, args: string[], env: NodeJS.ProcessEnv, logFile: string): Child {
  const log = openSync(logFile, 'a');
  const child = spawn(command, args, { cwd: SERVER_DIR, env, detached: true, stdio: ['ignore', log, log] });
  closeSync(log);

  let exited = child.exitCode !== null;
  const exit = new Promise<void>((res) =>
    child.once('exit', () => {
      exited = true;
      res();
    }),
  );
  let spawnError: Error | null = null;
  child.once('error', (err) => {
    spawnError = err;
  });

  const killGroup = (signal: NodeJS.Signals) => {
    if (child.pid === undefined) return;
    try {
      process.kill(-child.pid, signal);
    } catch {
      // The group is already gone.
    }
  };

  return {
    pid: child.pid,
    get exited() {
      return exited;
    },
    get spawnError() {
      return spawnError;
    },
    async stop() {
      if (!exited) {
        killGroup('SIGTERM');
        const timer = setTimeout(() => killGroup('SIGKILL'), STOP_GRACE_MS);
        await exit;
        clearTimeout(timer);
      }
    },
  };
}

/**
 * On PGlite: one process, `ponder start`, indexing and serving the API. On PostgreSQL: the
 * indexer (`ponder start` on a private port) and the API process (reader/main.ts) on `port`,
 * reading the indexer's schema (docs/decisions/api-process.md). `url` is the API either way.
 */
export async function startServer(opts: StartServerOptions): Promise<RunningServer> {
  const processes = opts.apiProcesses ?? 1;
  if (!Number.isInteger(processes) || processes < 1 || processes > 64)
    throw new ServerStartError(`apiProcesses: ${processes} is not an integer from 1 to 64`);
  if (processes > 1 && !opts.databaseUrl)
    throw new ServerStartError('several API processes need PostgreSQL (--database-url): PGlite has one process');
  const port = opts.port ?? (await freePort());
  const dataDir = resolve(opts.dataDir);
  await mkdir(dataDir, { recursive: true });
  const logFile = join(dataDir, 'server.log');

  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PATH: `${BIN_DIR}${delimiter}${process.env.PATH ?? ''}`,
    PONDER_TELEMETRY_DISABLED: 'true',
    PONDER_RPC_URL_201022: opts.rpcUrl,
    ETERNO_DEPLOYMENTS: resolve(opts.deploymentsFile),
    ETERNO_DATA_DIR: dataDir,
    ETERNO_SIWE_DOMAINS: opts.siweDomains.join(','),
    ETERNO_CORS_ORIGINS: (opts.corsOrigins ?? []).join(','),
  };
  const signerKey = signerKeyFor(opts);
  if (signerKey) env.ETERNO_SIGNER_KEY = signerKey;
  const nftOperatorKey = nftOperatorKeyFor(opts);
  if (nftOperatorKey) env.ETERNO_NFT_OPERATOR_KEY = nftOperatorKey;
  const placementSignerKey = placementSignerKeyFor(opts);
  if (placementSignerKey) env.ETERNO_PLACEMENT_SIGNER_KEY = placementSignerKey;
  delete env.DATABASE_URL;
  delete env.DATABASE_PRIVATE_URL;
  delete env.DATABASE_SCHEMA;
  delete env.ETERNO_INDEXER_SCHEMA;
  if (opts.databaseUrl) env.DATABASE_URL = opts.databaseUrl;
  for (const [name, value] of Object.entries(opts.settings ?? {})) {
    if (!name.startsWith('ETERNO_')) throw new Error(`startServer: setting ${name} is not an ETERNO_ setting`);
    env[name] = value;
  }
  if (opts.financeSettings) env.ETERNO_FINANCE_SETTINGS = resolve(opts.financeSettings);
  if (opts.referralSettings) env.ETERNO_REFERRAL_SETTINGS = resolve(opts.referralSettings);

  const schema = opts.databaseUrl ? (opts.schema ?? uniqueSchema()) : 'eterno';
  const indexerPort = opts.databaseUrl ? await freePort() : port;
  const args = [
    'start',
    '--port',
    String(indexerPort),
    '--hostname',
    '127.0.0.1',
    '--schema',
    schema,
    '--log-format',
    'json',
  ];
  const indexerLogStart = logSize(logFile);
  const children: Child[] = [spawnLogged(join(BIN_DIR, 'ponder'), args, env, logFile)];
  const stop = async (): Promise<void> => {
    for (const child of [...children].reverse()) await child.stop();
  };

  const deadline = Date.now() + READY_TIMEOUT_MS;
  const check = async () => {
    const failed = children.find((c) => c.spawnError !== null || c.exited);
    if (failed) {
      await stop();
      const why = failed.spawnError
        ? `could not spawn: ${failed.spawnError.message}`
        : 'a server process exited during start';
      throw new ServerStartError(`${why} (log: ${logFile}):\n${logTail(logFile)}`);
    }
    if (Date.now() > deadline) {
      await stop();
      throw new ServerStartError(
        `the server was not ready within ${READY_TIMEOUT_MS / 1000} s (log: ${logFile}):\n${logTail(logFile)}`,
      );
    }
    await new Promise((r) => setTimeout(r, 250));
  };

  // Ponder moves to the next port when `indexerPort` is taken (42069 → 42070): the port it really
  // bound is read back from its log before anything is asked of it, so a health check never reaches
  // another stack's server on the port asked for, and the URL handed out is the one served.
  let boundIndexerPort: number | null;
  while ((boundIndexerPort = boundPortSince(logFile, indexerLogStart)) === null) await check();
  const indexerUrl = `http://127.0.0.1:${boundIndexerPort}`;
  let url = opts.databaseUrl ? `http://127.0.0.1:${port}` : indexerUrl;

  // Ponder's /ready only covers the backfill up to its finalized block; the blocks after it are
  // indexed live. Ready here means: indexed up to the chain head seen once /ready answered.
  let head: number | null = null;
  for (;;) {
    if (head === null) {
      if ((await status(`${indexerUrl}/health`)) === 200 && (await status(`${indexerUrl}/ready`)) === 200) {
        head = await chainHead(opts.rpcUrl);
      }
    } else {
      const indexed = await indexedBlock(indexerUrl);
      if (indexed !== null && indexed >= head) break;
    }
    await check();
  }

  const apiUrls: string[] = [];
  if (opts.databaseUrl) {
    const apiEnv = {
      ...env,
      ETERNO_API_HOST: '127.0.0.1',
      ETERNO_INDEXER_SCHEMA: schema,
      ETERNO_API_PROCESSES: String(processes),
    };
    for (let i = 0; i < processes; i++) {
      const apiLogStart = logSize(logFile);
      children.push(
        spawnLogged(
          join(BIN_DIR, 'node'),
          [...(opts.apiNodeArgs ?? []), '--import', 'tsx', join(SERVER_DIR, 'reader', 'main.ts')],
          { ...apiEnv, PORT: String(i === 0 ? port : await freePort()) },
          logFile,
        ),
      );
      let apiPort: number | null;
      while ((apiPort = boundPortSince(logFile, apiLogStart)) === null) await check();
      const apiUrl = `http://127.0.0.1:${apiPort}`;
      while ((await status(`${apiUrl}/trades?limit=1`)) !== 200) await check();
      apiUrls.push(apiUrl);
    }
    url = apiUrls[0]!;
  } else apiUrls.push(url);
  const apiPid = children[opts.databaseUrl ? 1 : 0]!.pid;
  return {
    url,
    apiUrls,
    indexerUrl,
    apiPid,
    indexerPid: children[0]!.pid,
    stop,
    ...(opts.databaseUrl ? { schema } : {}),
  };
}

const USAGE = `Usage: node --import tsx apps/server/scripts/start.ts [options]

  --rpc <url>              JSON-RPC of chain 201022          (env PONDER_RPC_URL_201022)
  --deployments <file>     deployments JSON                  (env ETERNO_DEPLOYMENTS)
  --siwe-domains <list>    host[:port],… of the web app      (env ETERNO_SIWE_DOMAINS)
  --cors-origins <list>    web origins, default http://<each SIWE domain> (env ETERNO_CORS_ORIGINS)
  --port <n>               HTTP port, default 42069          (env PORT)
  --data-dir <dir>         data directory, default apps/server/.data (env ETERNO_DATA_DIR)
  --database-url <url>     PostgreSQL instead of PGlite      (env DATABASE_URL); the API then
                           runs as a process of its own (reader/main.ts) on --port
  --api-processes <n>      PostgreSQL only: n API processes, the first on --port, the others
                           on free ports (printed); put a proxy in front (env ETERNO_API_PROCESSES)
  --schema <name>          PostgreSQL: the indexer's schema of a stopped or crashed server, to
                           resume on its data (env ETERNO_INDEXER_SCHEMA); default a fresh one,
                           indexed from the start block
  -h, --help

The vault signer's private key comes from the environment (ETERNO_SIGNER_KEY), the referral
placement signer's from ETERNO_PLACEMENT_SIGNER_KEY (a key of its own, never the vault signer's).
`;

const list = (value: string | undefined): string[] =>
  (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s.length > 0);

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      rpc: { type: 'string' },
      deployments: { type: 'string' },
      'siwe-domains': { type: 'string' },
      'cors-origins': { type: 'string' },
      port: { type: 'string' },
      'data-dir': { type: 'string' },
      'database-url': { type: 'string' },
      'api-processes': { type: 'string' },
      schema: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    process.stdout.write(USAGE);
    return;
  }
  const env = process.env;
  const rpcUrl = values.rpc ?? env.PONDER_RPC_URL_201022;
  const deploymentsFile = values.deployments ?? env.ETERNO_DEPLOYMENTS;
  const siweDomains = list(values['siwe-domains'] ?? env.ETERNO_SIWE_DOMAINS);
  if (!rpcUrl || !deploymentsFile || siweDomains.length === 0) {
    process.stderr.write(`--rpc, --deployments and --siwe-domains are required.\n\n${USAGE}`);
    process.exitCode = 2;
    return;
  }
  const portText = values.port ?? env.PORT ?? '42069';
  const port = Number(portText);
  if (!Number.isInteger(port) || port <= 0 || port > 65535) {
    process.stderr.write(`--port: "${portText}" is not a port\n`);
    process.exitCode = 2;
    return;
  }
  const processesText = values['api-processes'] ?? env.ETERNO_API_PROCESSES ?? '1';
  const apiProcesses = Number(processesText);
  if (!/^\d{1,2}$/.test(processesText) || apiProcesses < 1 || apiProcesses > 64) {
    process.stderr.write(`--api-processes: "${processesText}" is not a number from 1 to 64\n`);
    process.exitCode = 2;
    return;
  }
  const corsOrigins = list(values['cors-origins'] ?? env.ETERNO_CORS_ORIGINS);
  const schema = values.schema ?? env.ETERNO_INDEXER_SCHEMA;
  const server = await startServer({
    rpcUrl,
    deploymentsFile,
    port,
    dataDir: values['data-dir'] ?? env.ETERNO_DATA_DIR ?? join(SERVER_DIR, '.data'),
    databaseUrl: values['database-url'] ?? env.DATABASE_URL,
    siweDomains,
    corsOrigins: corsOrigins.length > 0 ? corsOrigins : undefined,
    apiProcesses,
    ...(schema ? { schema } : {}),
  });
  console.log(
    `ETERNO server ready at ${server.apiUrls.join(', ')}${server.schema ? ` (indexer schema ${server.schema})` : ''}`,
  );
  let stopping = false;
  const shutdown = () => {
    if (stopping) return;
    stopping = true;
    void server.stop().then(() => process.exit(0));
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
