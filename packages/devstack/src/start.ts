/** `npm start`: the local stack on the usual ports (or free ones when taken), until Ctrl-C. */
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { portOrFree } from './free-port.ts';
import { REPO_ROOT, startStack } from './stack.ts';

const dataDir = join(REPO_ROOT, '.data/local');
// anvil keeps its chain in memory, so every start is a fresh chain: the indexer's and the
// off-chain store's data from an earlier run would describe a chain that no longer exists.
await rm(dataDir, { recursive: true, force: true });

const stack = await startStack({
  dataDir,
  blockTime: Number(process.env.ETERNO_BLOCK_TIME ?? 2),
  databaseUrl: process.env.DATABASE_URL,
  database: process.env.ETERNO_DATABASE === 'postgres' ? 'postgres' : 'embedded',
  ports: {
    anvil: await portOrFree(8545),
    server: await portOrFree(42069),
    web: await portOrFree(5173),
  },
});

const accounts = stack.deployments.accounts ?? [];
const lines = [
  '',
  'ETERNO local stack is running',
  '',
  `  Web app     ${stack.webUrl}`,
  `  API         ${stack.apiUrl}`,
  `  RPC         ${stack.rpcUrl}   (chain id ${stack.deployments.chainId}, native coin FON)`,
  `  Deployments ${stack.deploymentsFile}`,
  '',
  '  Seeded test accounts (anvil\'s default mnemonic "test test … junk", index in brackets):',
  ...accounts.map((a, i) => `    [${i}] ${a.label.padEnd(9)} ${a.address}`),
  '',
  '  Referral tree: deployer (genesis root) ← alice (left); alice ← bob (left), carol (right).',
  '    Accounts 4–8 of the mnemonic are unregistered (the registration screens); they cannot buy packages yet.',
  '',
  '  Connect:',
  '    - Demo wallet: open the web app and pick "ETERNO Demo Wallet (local)" (it is alice, [1]).',
  `    - MetaMask: add network RPC ${stack.rpcUrl}, chain id ${stack.deployments.chainId}, symbol FON;`,
  "      import a test account's private key (print it with:",
  '      node_modules/.bin/cast wallet private-key --mnemonic "test test test test test test test test test test test junk" --mnemonic-index 1).',
  '',
  '  Ctrl-C stops everything.',
  '',
];
console.log(lines.join('\n'));

let stopping = false;
const shutdown = async () => {
  if (stopping) return;
  stopping = true;
  console.log('\nStopping…');
  await stack.stop();
  process.exit(0);
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
