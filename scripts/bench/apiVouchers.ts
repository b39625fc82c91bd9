/**
 * `api.withdrawal_sign_p99_ms`: the latency of `POST /vault/withdrawals` (the locked store
 * transaction, the indexed ledger and chain reads, the EIP-712 signature, the insert) with 20 users
 * asking at the same moment, `ROUNDS` rounds, on PostgreSQL (the server as `npm start` runs it).
 *
 * A fresh anvil with the contracts deployed and seeded; 20 fresh accounts (derived from the test
 * mnemonic past the seeded ones) get FON and USDT from the deployer, sign in with SIWE and deposit
 * through `POST /vault/deposits` + `diveInWithToken`. Each round all 20 request a voucher at once
 * (each must answer 201), then each cancels it, so the next round signs again. One unmeasured
 * warm-up round first: the figure is a warm server's.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startAnvil } from '@eterno/devstack/anvil';
import { deploy } from '@eterno/devstack/deploy';
import { ETERNO_CHAIN_ID, LOCAL_TEST_MNEMONIC } from '@eterno/protocol/chain';
import { eternoVaultAbi } from '@eterno/protocol/generated/abis';
import { buildSignInMessage } from '@eterno/protocol/siwe';
import type { DepositAuthorisationJson, WithdrawalJson } from '@eterno/protocol/vaultApi';
import { createPublicClient, createWalletClient, defineChain, erc20Abi, http, parseEther, parseUnits } from 'viem';
import { mnemonicToAccount, type HDAccount } from 'viem/accounts';
import { startPostgres } from '@eterno/server/postgres';
import { processGroupCpuMs } from './processCpu.ts';
import { indexedBlock, startServer } from '@eterno/server/start';

export const VOUCHER_USERS = 20;
export const VOUCHER_ROUNDS = 10;
/**
 * Unmeasured rounds before the measured ones: the figure is the latency of a WARM server (its code
 * compiled by V8's JIT after a first burst, its pools' connections open). The first burst after a
 * start is slower (about 2–4× here) and is not what the budget is about.
 */
export const VOUCHER_WARMUP_ROUNDS = 1;
const SIWE_DOMAIN = '127.0.0.1:5173';
const GAS = 1_000_000n;

export type VoucherSignFigures = {
  p50Ms: number;
  p99Ms: number;
  samples: number;
  /** The API processes' CPU time (user + system) over the measured bursts per request; null off Linux. */
  apiCpuMsPerRequest: number | null;
};

const percentile = (sorted: number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

export async function measureVoucherSigning(): Promise<VoucherSignFigures> {
  const dir = await mkdtemp(join(tmpdir(), 'eterno-bench-vouchers-'));
  const stops: Array<() => Promise<void>> = [];
  try {
    const anvil = await startAnvil();
    stops.push(anvil.stop);
    const deploymentsFile = join(dir, 'deployments.json');
    const { contracts } = await deploy({ rpcUrl: anvil.rpcUrl, outFile: deploymentsFile });
    const vault = contracts.EternoVault;
    if (vault === undefined) throw new Error('no EternoVault in the deployments');
    const usdt = contracts.USDT;
    const chain = defineChain({
      id: ETERNO_CHAIN_ID,
      name: 'ETERNO local',
      nativeCurrency: { name: 'FON', symbol: 'FON', decimals: 18 },
      rpcUrls: { default: { http: [anvil.rpcUrl] } },
    });
    const client = createPublicClient({ chain, transport: http(anvil.rpcUrl), pollingInterval: 50 });
    const walletOf = (account: HDAccount) => createWalletClient({ account, chain, transport: http(anvil.rpcUrl) });

    // 20 users past the seeded accounts, each with FON for gas and 1,000 USDT from alice.
    const alice = mnemonicToAccount(LOCAL_TEST_MNEMONIC, { addressIndex: 1 });
    const deployer = mnemonicToAccount(LOCAL_TEST_MNEMONIC, { addressIndex: 0 });
    const users = Array.from({ length: VOUCHER_USERS }, (_, i) =>
      mnemonicToAccount(LOCAL_TEST_MNEMONIC, { addressIndex: 100 + i }),
    );
    const deposit = parseUnits('1000', 18);
    let last: `0x${string}` | undefined;
    for (const user of users) {
      await walletOf(deployer).sendTransaction({ to: user.address, value: parseEther('10'), chain });
      last = await walletOf(alice).writeContract({
        address: usdt,
        abi: erc20Abi,
        functionName: 'transfer',
        args: [user.address, deposit],
        chain,
        gas: GAS,
      });
    }
    if (last) await client.waitForTransactionReceipt({ hash: last });

    const pg = await startPostgres();
    stops.push(pg.stop);
    const server = await startServer({
      rpcUrl: anvil.rpcUrl,
      deploymentsFile,
      dataDir: join(dir, 'server'),
      databaseUrl: pg.url,
      siweDomains: [SIWE_DOMAIN],
      // A CPU profile of the API process, written when it stops (docs/decisions/vouchers.md, speed).
      ...(process.env.ETERNO_BENCH_API_CPU_PROF
        ? { apiNodeArgs: ['--cpu-prof', '--cpu-prof-dir', process.env.ETERNO_BENCH_API_CPU_PROF] }
        : {}),
    });
    stops.push(server.stop);
    const apiCpuMs = () => (server.apiPid === undefined ? null : processGroupCpuMs(server.apiPid));

    // node:http over kept-alive connections, one per user: the client shares the 2 cores with the
    // server, and `fetch` costs it several times the CPU per request (docs/decisions/vouchers.md).
    const agent = new Agent({ keepAlive: true, maxSockets: VOUCHER_USERS });
    stops.push(async () => agent.destroy());
    const post = (path: string, token: string, body?: unknown) =>
      new Promise<{ status: number; body: unknown }>((resolve, reject) => {
        const req = request(
          `${server.url}${path}`,
          {
            method: 'POST',
            agent,
            headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (chunk: Buffer) => chunks.push(chunk));
            res.on('end', () => {
              try {
                resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
              } catch (err) {
                reject(err);
              }
            });
            res.on('error', reject);
          },
        );
        req.on('error', reject);
        req.end(body === undefined ? undefined : JSON.stringify(body));
      });
    const untilIndexed = async () => {
      const head = Number(await client.getBlockNumber({ cacheTime: 0 }));
      while (((await indexedBlock(server.indexerUrl)) ?? -1) < head) await new Promise((r) => setTimeout(r, 100));
    };

    const tokens: string[] = [];
    for (const user of users) {
      const { nonce } = (await (await fetch(`${server.url}/auth/nonce`, { method: 'POST' })).json()) as {
        nonce: string;
      };
      const now = new Date();
      const message = buildSignInMessage({
        address: user.address,
        chainId: ETERNO_CHAIN_ID,
        domain: SIWE_DOMAIN,
        uri: `http://${SIWE_DOMAIN}`,
        nonce,
        issuedAt: now,
        expirationTime: new Date(now.getTime() + 5 * 60_000),
      });
      const res = await fetch(`${server.url}/auth/verify`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ message, signature: await user.signMessage({ message }) }),
      });
      const token = ((await res.json()) as { token: string }).token;
      tokens.push(token);
      const auth = (await post('/vault/deposits', token, { token: usdt, amount: deposit.toString() }))
        .body as DepositAuthorisationJson;
      const w = walletOf(user);
      await client.waitForTransactionReceipt({
        hash: await w.writeContract({
          address: usdt,
          abi: erc20Abi,
          functionName: 'approve',
          args: [vault, deposit],
          chain,
          gas: GAS,
        }),
      });
      await client.waitForTransactionReceipt({
        hash: await w.writeContract({
          address: vault,
          abi: eternoVaultAbi,
          functionName: 'diveInWithToken',
          args: [0n, 0n, usdt, deposit, BigInt(auth.deadline), auth.signature.r, auth.signature.s, auth.signature.v],
          chain,
          gas: GAS,
        }),
      });
    }
    await untilIndexed();

    const samples: number[] = [];
    let cpuMs: number | null = 0;
    // The rounds below 0 warm the server up and are not measured (VOUCHER_WARMUP_ROUNDS).
    for (let round = -VOUCHER_WARMUP_ROUNDS; round < VOUCHER_ROUNDS; round++) {
      const cpuBefore = apiCpuMs();
      const answers = await Promise.all(
        tokens.map(async (token) => {
          const started = performance.now();
          const res = await post('/vault/withdrawals', token, { token: usdt, amount: parseUnits('1', 18).toString() });
          if (round >= 0) samples.push(performance.now() - started);
          return res;
        }),
      );
      const cpuAfter = apiCpuMs();
      if (round >= 0)
        cpuMs = cpuMs === null || cpuBefore === null || cpuAfter === null ? null : cpuMs + cpuAfter - cpuBefore;
      const refused = answers.filter((a) => a.status !== 201);
      if (refused.length > 0)
        throw new Error(`round ${round}: ${refused.length} answers not 201: ${JSON.stringify(refused[0])}`);
      for (const [i, a] of answers.entries())
        if ((await post(`/vault/withdrawals/${(a.body as WithdrawalJson).id}/cancel`, tokens[i]!)).status !== 200)
          throw new Error('cancel failed');
    }
    samples.sort((a, b) => a - b);
    const round1 = (ms: number) => Math.round(ms * 10) / 10;
    return {
      p50Ms: round1(percentile(samples, 50)),
      p99Ms: round1(percentile(samples, 99)),
      samples: samples.length,
      apiCpuMsPerRequest: cpuMs === null ? null : Math.round((cpuMs / samples.length) * 100) / 100,
    };
  } finally {
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
    await rm(dir, { recursive: true, force: true });
  }
}
