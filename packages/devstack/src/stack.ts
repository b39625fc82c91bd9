/**
 * The whole local stack in one call: anvil (chain 201022) → contracts deployed and seeded →
 * PostgreSQL (a throwaway one from the installed binaries unless a URL is given) → server (the
 * Ponder indexer and the API process over its tables) → built web app with its runtime config.
 * Used by `npm start` and by the e2e and benchmark suites, so what a developer runs is what the
 * tests run.
 */
import { mkdtemp, mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startAnvil } from './anvil.ts';
import { deploy, localPlacementSignerKey, localSignerKey } from './deploy.ts';
import { startPostgres } from '@eterno/server/postgres';
import { startServer } from '@eterno/server/start';
import { serveWeb } from '@eterno/web/serve';
import { freePort } from './free-port.ts';
import { startRpcCounter, type RpcCounter } from './rpc-counter.ts';

export const REPO_ROOT = resolve(import.meta.dirname, '../../..');
export const WEB_DIST = join(REPO_ROOT, 'apps/web/dist');

export type StackOptions = {
  /** Fixed ports; any left out is chosen free. */
  ports?: { anvil?: number; server?: number; web?: number };
  /** Where the deployments file and the databases live; a fresh temp dir by default. */
  dataDir?: string;
  /**
   * The server's database: `embedded` (PGlite under `dataDir`, one process; the default, as
   * DESIGN §7 asks of `npm start`) or `postgres` (a throwaway PostgreSQL from the installed
   * binaries; the API then runs in a process of its own). `databaseUrl` overrides both.
   */
  database?: 'embedded' | 'postgres';
  /** PostgreSQL connection string for the server (yours); wins over `database`. */
  databaseUrl?: string;
  /** Route the web app's JSON-RPC through a counting proxy (benchmarks). */
  countRpc?: boolean;
  /** anvil block time in seconds; automine when absent. */
  blockTime?: number;
};

export type Stack = {
  rpcUrl: string;
  apiUrl: string;
  webUrl: string;
  dataDir: string;
  deploymentsFile: string;
  deployments: Awaited<ReturnType<typeof deploy>>;
  rpcCounter: RpcCounter | null;
  stop(): Promise<void>;
};

export async function startStack(opts: StackOptions = {}): Promise<Stack> {
  const stops: Array<() => Promise<void>> = [];
  const stop = async () => {
    for (const s of stops.reverse()) await s().catch(() => undefined);
  };
  try {
    const dataDir = opts.dataDir ?? (await mkdtemp(join(tmpdir(), 'eterno-stack-')));
    await mkdir(dataDir, { recursive: true });

    const anvil = await startAnvil({ port: opts.ports?.anvil, blockTime: opts.blockTime });
    stops.push(anvil.stop);

    const deploymentsFile = join(dataDir, 'deployments.json');
    const deployments = await deploy({ rpcUrl: anvil.rpcUrl, outFile: deploymentsFile });

    let databaseUrl = opts.databaseUrl;
    if (databaseUrl === undefined && opts.database === 'postgres') {
      const pg = await startPostgres();
      stops.push(pg.stop);
      databaseUrl = pg.url;
    }

    const webPort = opts.ports?.web ?? (await freePort());
    const webHosts = [`127.0.0.1:${webPort}`, `localhost:${webPort}`];
    const server = await startServer({
      rpcUrl: anvil.rpcUrl,
      deploymentsFile,
      port: opts.ports?.server,
      dataDir: join(dataDir, 'server'),
      databaseUrl,
      siweDomains: webHosts,
      corsOrigins: webHosts.map((h) => `http://${h}`),
      signerKey: localSignerKey(),
      placementSignerKey: localPlacementSignerKey(),
    });
    stops.push(server.stop);

    let rpcCounter: RpcCounter | null = null;
    if (opts.countRpc) {
      rpcCounter = await startRpcCounter(anvil.rpcUrl);
      stops.push(rpcCounter.stop);
    }

    const config = {
      chainId: deployments.chainId,
      rpcUrl: rpcCounter?.url ?? anvil.rpcUrl,
      apiUrl: server.url,
      deployments,
      demoWallet: deployments.network === 'local',
    };
    await writeFile(join(dataDir, 'web-config.json'), JSON.stringify(config, null, 2));
    const web = await serveWeb({ distDir: WEB_DIST, port: webPort, config });
    stops.push(web.stop);

    return {
      rpcUrl: anvil.rpcUrl,
      apiUrl: server.url,
      webUrl: web.url,
      dataDir,
      deploymentsFile,
      deployments,
      rpcCounter,
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}
