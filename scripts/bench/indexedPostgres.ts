/**
 * The stack the indexer benches run on: a fresh anvil with the contracts deployed, the server
 * (`ponder start` on PostgreSQL) having indexed it (which makes Ponder's tables and their reorg
 * triggers), and a `pg` client on the indexer's schema. `keepServer: false` stops the server once
 * it has indexed (the bench then writes and times on the tables alone). Everything is stopped and
 * removed when `run` ends, in reverse order of start.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startAnvil } from '@eterno/devstack/anvil';
import { deploy } from '@eterno/devstack/deploy';
import { startPostgres } from '@eterno/server/postgres';
import { startServer } from '@eterno/server/start';
import pg from 'pg';

export type IndexedPostgres = {
  deploymentsFile: string;
  /** The API's base URL (only while the server runs: `keepServer: true`). */
  serverUrl: string;
  /** A client whose `search_path` is the indexer's schema. */
  client: pg.Client;
  /** The API process's PID (its process group's CPU is the API's: ./processCpu.ts), while the server runs. */
  apiPid: number | undefined;
};

export async function withIndexedPostgres<T>(
  name: string,
  { keepServer, apiNodeArgs }: { keepServer: boolean; apiNodeArgs?: string[] },
  run: (stack: IndexedPostgres) => Promise<T>,
): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), `eterno-bench-${name}-`));
  const stops: Array<() => Promise<void>> = [];
  try {
    const anvil = await startAnvil();
    stops.push(anvil.stop);
    const deploymentsFile = join(dir, 'deployments.json');
    await deploy({ rpcUrl: anvil.rpcUrl, outFile: deploymentsFile });
    const postgres = await startPostgres();
    stops.push(postgres.stop);
    const server = await startServer({
      rpcUrl: anvil.rpcUrl,
      deploymentsFile,
      dataDir: join(dir, 'server'),
      databaseUrl: postgres.url,
      siweDomains: ['127.0.0.1:5173'],
      ...(apiNodeArgs === undefined ? {} : { apiNodeArgs }),
    });
    if (keepServer) stops.push(server.stop);
    else await server.stop();

    const client = new pg.Client({ connectionString: postgres.url });
    await client.connect();
    stops.push(() => client.end());
    await client.query(`SET search_path TO "${server.schema!}"`);
    return await run({
      deploymentsFile,
      serverUrl: server.url,
      client,
      apiPid: keepServer ? server.apiPid : undefined,
    });
  } finally {
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
    await rm(dir, { recursive: true, force: true });
  }
}

/** Opens a transaction as Ponder opens a live block's: with the temp table its live-query trigger writes. */
export async function beginLiveBlock(client: pg.Client): Promise<void> {
  await client.query('BEGIN');
  await client.query('CREATE TEMP TABLE live_query_tables (table_name TEXT PRIMARY KEY) ON COMMIT DROP');
}
