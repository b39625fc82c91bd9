/** `npm start`: the local stack on the usual ports (or free ones when taken), until Ctrl-C. */
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { bannerLines, mnemonicIndexes } from './banner.ts';
import { portOrFree } from './free-port.ts';
import { claimRunDir, processIsAlive } from './localRuns.ts';
import { REPO_ROOT, startStack } from './stack.ts';

// anvil keeps its chain in memory, so every start is a fresh chain with a data folder of its own:
// finished runs' folders are removed, a live run's (another npm start of this checkout) never.
const run = await claimRunDir(join(REPO_ROOT, '.data/local'), {
  pid: process.pid,
  isAlive: processIsAlive,
  now: () => new Date(),
});

const stack = await startStack({
  dataDir: run.dir,
  blockTime: Number(process.env.ETERNO_BLOCK_TIME ?? 2),
  databaseUrl: process.env.DATABASE_URL,
  database: process.env.ETERNO_DATABASE === 'postgres' ? 'postgres' : 'embedded',
  ports: {
    anvil: await portOrFree(8545),
    server: await portOrFree(42069),
    web: await portOrFree(5173),
  },
}).catch(async (error: unknown) => {
  await rm(run.dir, { recursive: true, force: true });
  throw error;
});

console.log(
  bannerLines({
    webUrl: stack.webUrl,
    apiUrl: stack.apiUrl,
    rpcUrl: stack.rpcUrl,
    chainId: stack.deployments.chainId,
    deploymentsFile: stack.deploymentsFile,
    dataDir: stack.dataDir,
    accounts: stack.deployments.accounts ?? [],
    otherRuns: run.live,
    indexOf: mnemonicIndexes(),
  }).join('\n'),
);

let stopping = false;
const shutdown = async () => {
  if (stopping) return;
  stopping = true;
  console.log('\nStopping…');
  await stack.stop();
  await rm(run.dir, { recursive: true, force: true });
  process.exit(0);
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
