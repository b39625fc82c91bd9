/**
 * The read API's throughput on PostgreSQL: `GET /trades?limit=20` with 1,000 trades indexed, 50
 * connections for 10 s (autocannon in this process, on the same machine as the server).
 *
 * A fresh anvil with the contracts deployed and seeded, 1,000 `EtroSwap.sell` calls (alice sells
 * 1 ETRO each), a fresh PostgreSQL from the installed binaries, and the server as `npm start`
 * runs it on PostgreSQL (apps/server/scripts/start.ts), ready once indexed to the chain head.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { GAS_LIMIT, LOCAL_TEST_MNEMONIC } from '@eterno/protocol/chain';
import { etroSwapAbi } from '@eterno/protocol/generated/abis';
import type { TradesResponseJson } from '@eterno/protocol/indexerApi';
import { createPublicClient, createWalletClient, defineChain, erc20Abi, http, maxUint256, parseUnits } from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { startAnvil } from '@eterno/devstack/anvil';
import { deploy } from '@eterno/devstack/deploy';
import { startPostgres } from '@eterno/server/postgres';
import { startServer } from '@eterno/server/start';

export const TRADES = 1_000;
export const CONNECTIONS = 50;
export const DURATION_S = 10;

export type TradesApiFigures = {
  requestsPerSecond: number;
  p99Ms: number;
  requests: number;
  non2xx: number;
  errors: number;
};

/** Sends `TRADES` sells from alice, one after another (anvil automines each). */
async function makeTrades(rpcUrl: string, swap: `0x${string}`, etro: `0x${string}`): Promise<void> {
  const chain = defineChain({
    id: 201022,
    name: 'ETERNO local',
    nativeCurrency: { name: 'FON', symbol: 'FON', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  });
  const account = mnemonicToAccount(LOCAL_TEST_MNEMONIC, { addressIndex: 1 });
  const wallet = createWalletClient({ account, chain, transport: http(rpcUrl) });
  const client = createPublicClient({ chain, transport: http(rpcUrl), pollingInterval: 50 });
  const one = parseUnits('1', 18);
  let nonce = await client.getTransactionCount({ address: account.address, blockTag: 'pending' });
  const approve = await wallet.writeContract({
    address: etro,
    abi: erc20Abi,
    functionName: 'approve',
    args: [swap, one * BigInt(TRADES)],
    nonce: nonce++,
    gas: GAS_LIMIT,
  });
  await client.waitForTransactionReceipt({ hash: approve });
  let last: `0x${string}` = approve;
  for (let i = 0; i < TRADES; i++) {
    last = await wallet.writeContract({
      address: swap,
      abi: etroSwapAbi,
      functionName: 'sell',
      args: [one, 1n, maxUint256],
      nonce: nonce++,
      gas: GAS_LIMIT,
    });
  }
  const receipt = await client.waitForTransactionReceipt({ hash: last });
  if (receipt.status !== 'success') throw new Error(`the last sell reverted (${last})`);
}

/** Counts the indexed trades by paging through `GET /trades` (100 a page). */
async function countTrades(apiUrl: string): Promise<number> {
  let count = 0;
  let before: string | null = null;
  do {
    const res = await fetch(`${apiUrl}/trades?limit=100${before === null ? '' : `&before=${before}`}`);
    if (res.status !== 200) throw new Error(`GET /trades answered ${res.status}`);
    const page = (await res.json()) as TradesResponseJson;
    count += page.trades.length;
    before = page.nextBefore;
  } while (before !== null);
  return count;
}

export async function measureTradesApi(): Promise<TradesApiFigures> {
  const dir = await mkdtemp(join(tmpdir(), 'eterno-bench-api-'));
  const stops: Array<() => Promise<void>> = [];
  try {
    const anvil = await startAnvil();
    stops.push(anvil.stop);
    const deploymentsFile = join(dir, 'deployments.json');
    const deployments = await deploy({ rpcUrl: anvil.rpcUrl, outFile: deploymentsFile });
    const { EtroSwap, ETRO } = deployments.contracts;
    if (EtroSwap === undefined || ETRO === undefined) throw new Error('no EtroSwap or ETRO in the deployments');
    await makeTrades(anvil.rpcUrl, EtroSwap, ETRO);

    const pg = await startPostgres();
    stops.push(pg.stop);
    const server = await startServer({
      rpcUrl: anvil.rpcUrl,
      deploymentsFile,
      dataDir: join(dir, 'server'),
      databaseUrl: pg.url,
      siweDomains: ['127.0.0.1:5173'],
    });
    stops.push(server.stop);

    const indexed = await countTrades(server.url);
    if (indexed !== TRADES) throw new Error(`${indexed} trades indexed, expected ${TRADES}`);

    const result = await autocannon({
      url: `${server.url}/trades?limit=20`,
      connections: CONNECTIONS,
      duration: DURATION_S,
    });
    return {
      requestsPerSecond: Math.round(result.requests.average),
      p99Ms: result.latency.p99,
      requests: result.requests.total,
      non2xx: result.non2xx,
      errors: result.errors + result.timeouts,
    };
  } finally {
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
    await rm(dir, { recursive: true, force: true });
  }
}
