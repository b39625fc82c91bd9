/**
 * Issue 20 §1: the server through real outages of what it depends on, on PostgreSQL (the indexer and the
 * API process, as deployed), with the chain going on meanwhile:
 * - the chain's RPC unreachable for a minute (a TCP relay between the server and anvil, cut: every
 *   connection reset, new ones refused; anvil keeps mining): the signing routes answer 503
 *   CHAIN_UNAVAILABLE with Retry-After at once, never a 500 or a hang, and nothing is written to the
 *   store; `/ready` says 503; the routes that read only indexed data keep answering. Once the RPC answers
 *   again, the indexer catches up by itself with what was mined meanwhile and a voucher is signed against
 *   the new state (the nonce and balance of a withdrawal made during the outage);
 * - PostgreSQL stopped (fast shutdown) and started again while the API serves and the indexer indexes:
 *   requests meanwhile answer 503 DATABASE_UNAVAILABLE with Retry-After, none a 500 or a stack; both
 *   processes recover by themselves (nobody restarts them), and the blocks mined during the outage are
 *   indexed.
 */
import { eternoVaultAbi } from '@eterno/protocol/generated/abis';
import type { WithdrawalJson } from '@eterno/protocol/vaultApi';
import { erc20Abi, type Address } from 'viem';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indexedBlock } from '../scripts/start.ts';
import { account, e18, RealStack } from './realStack.ts';
import { startTcpRelay, type TcpRelay } from './tcpRelay.ts';
import { VaultClient } from './adversarial/vaultClient.ts';

const alice = account(1);
const bob = account(2);
const OUTAGE_MS = 60_000;
/** How often the outage is probed, and the longest a request may take to be answered during it. */
const PROBE_EVERY_MS = 10_000;
const ANSWER_WITHIN_MS = 15_000;

type Probe = { path: string; status: number; code: string | null; retryAfter: string | null; ms: number; raw: string };

describe('outages of the chain’s RPC and of PostgreSQL, on PostgreSQL', () => {
  let stack: RealStack;
  let relay: TcpRelay;
  let v: VaultClient;
  let usdt: Address;

  async function probe(method: 'GET' | 'POST', path: string, token: string | null, body?: unknown): Promise<Probe> {
    const started = Date.now();
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (token !== null) headers.authorization = `Bearer ${token}`;
    const res = await fetch(`${stack.server.url}${path}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(ANSWER_WITHIN_MS),
    });
    const raw = await res.text();
    let code: string | null = null;
    try {
      code = (JSON.parse(raw) as { error?: { code?: string } }).error?.code ?? null;
    } catch {
      code = null;
    }
    return {
      path: `${method} ${path}`,
      status: res.status,
      code,
      retryAfter: res.headers.get('retry-after'),
      ms: Date.now() - started,
      raw,
    };
  }

  /** Every row count of the off-chain store's tables (what a refused request must not change). */
  async function storeCounts(): Promise<Record<string, number>> {
    const client = new pg.Client({ connectionString: stack.postgres.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ table_name: string }>(
        `SELECT table_name FROM information_schema.tables WHERE table_schema = 'eterno_offchain' ORDER BY table_name`,
      );
      const counts: Record<string, number> = {};
      for (const { table_name } of rows)
        counts[table_name] = Number(
          (await client.query<{ n: string }>(`SELECT count(*) AS n FROM eterno_offchain."${table_name}"`)).rows[0]!.n,
        );
      return counts;
    } finally {
      await client.end();
    }
  }

  /** The operator pays `amount` USDT into the vault's reserve (an indexed movement of the vault's holdings). */
  async function fundVault(amount: bigint): Promise<void> {
    await stack.tx(account(0), usdt, erc20Abi, 'approve', [v.vault, amount]);
    await stack.tx(account(0), v.vault, eternoVaultAbi, 'fund', [usdt, amount]);
  }

  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

  beforeAll(async () => {
    stack = await RealStack.start('outages');
    relay = await startTcpRelay(stack.rpcUrl);
    v = new VaultClient(stack);
    usdt = v.at('USDT');
    for (const who of [alice, bob]) await v.fund(who, { USDT: e18('1000') });
    await stack.startServer({ postgres: true, rpcUrl: relay.url });
    await stack.waitHead();
    for (const who of [alice, bob]) {
      await v.signIn(who);
      await v.deposit(who, usdt, e18('500'));
    }
    await stack.waitHead();
  }, 240_000);

  afterAll(async () => {
    relay?.restore();
    await stack?.stop();
    await relay?.stop();
  });

  it('the RPC unreachable for a minute: signing routes answer 503 CHAIN_UNAVAILABLE at once and write nothing; then the indexer catches up and signs against the new state', async () => {
    const before = await storeCounts();
    const indexedBefore = await indexedBlock(stack.server.indexerUrl);
    relay.cut();
    const started = Date.now();
    const probes: Probe[] = [];
    try {
      // Meanwhile the chain goes on (the operator funds the vault's reserve); the server cannot see it.
      await fundVault(e18('100'));
      while (Date.now() - started < OUTAGE_MS) {
        probes.push(
          await probe('POST', '/vault/withdrawals', v.session(alice), { token: usdt, amount: e18('100').toString() }),
        );
        probes.push(
          await probe('POST', '/vault/exchange-quotes', v.session(alice), {
            tokenIn: v.at('EUSD'),
            tokenOut: usdt,
            amountIn: e18('10').toString(),
          }),
        );
        probes.push(
          await probe('POST', '/vault/deposits', v.session(alice), { token: usdt, amount: e18('1').toString() }),
        );
        const ready = await probe('GET', '/ready', null);
        expect(ready.status, `/ready during the outage: ${ready.raw}`).toBe(503);
        // What the indexer already holds is still served.
        expect((await probe('GET', '/trades?limit=5', null)).status).toBe(200);
        await sleep(PROBE_EVERY_MS);
      }
      // The indexer saw nothing of what was mined meanwhile.
      expect(await indexedBlock(stack.server.indexerUrl)).toBe(indexedBefore);
    } finally {
      relay.restore();
    }
    for (const p of probes) {
      expect(p.status, `${p.path}: ${p.raw}`).toBe(503);
      expect(p.code, p.path).toBe('CHAIN_UNAVAILABLE');
      expect(p.retryAfter).toBe('5');
      expect(p.raw).not.toMatch(/viem|Error:|\.ts:\d|ECONN/);
      expect(p.ms).toBeLessThan(ANSWER_WITHIN_MS);
    }
    expect(probes.length).toBeGreaterThanOrEqual(3 * Math.floor(OUTAGE_MS / (PROBE_EVERY_MS + ANSWER_WITHIN_MS)));
    expect(await storeCounts()).toEqual(before);

    // Nobody restarts anything: the indexer follows the chain again, with the blocks mined meanwhile.
    await stack.waitHead();
    expect((await probe('GET', '/ready', null)).status).toBe(200);
    const stats = await v.stats(usdt);
    expect(stats.holdings).toBe(await v.balanceOf(usdt, v.vault));
    const w = await v.askWithdrawal(alice, usdt, e18('500'));
    expect(w.status, JSON.stringify(w.body)).toBe(201);
    const voucher = w.body as WithdrawalJson;
    const wallet = await v.balanceOf(usdt, alice.address);
    expect(await v.withdraw(alice, voucher)).toBe(true);
    expect((await v.balanceOf(usdt, alice.address)) - wallet).toBe(e18('500'));
  }, 240_000);

  it('PostgreSQL stopped and started again: requests meanwhile answer 503 DATABASE_UNAVAILABLE, never a 500; the API and the indexer recover by themselves', async () => {
    await stack.waitHead();
    await stack.postgres.halt();
    const probes: Probe[] = [];
    try {
      // The chain goes on during the outage: a movement the indexer must pick up once the database is back.
      await fundVault(e18('50'));
      for (let i = 0; i < 3; i++) {
        probes.push(await probe('GET', '/trades?limit=5', null));
        probes.push(await probe('POST', '/auth/nonce', null));
        probes.push(await probe('GET', '/vault/withdrawals?limit=5', v.session(bob)));
        probes.push(
          await probe('POST', '/vault/withdrawals', v.session(bob), { token: usdt, amount: e18('1').toString() }),
        );
        const ready = await probe('GET', '/ready', null);
        expect(ready.status, ready.raw).toBe(503);
        await sleep(3_000);
      }
    } finally {
      await stack.postgres.resume();
    }
    for (const p of probes) {
      expect(p.status, `${p.path}: ${p.raw}`).toBe(503);
      expect(p.code, p.path).toBe('DATABASE_UNAVAILABLE');
      expect(p.retryAfter).toBe('5');
      expect(p.raw).not.toMatch(/Error:|\.ts:\d|ECONN|Connection terminated/);
      expect(p.ms).toBeLessThan(ANSWER_WITHIN_MS);
    }

    // Nobody restarts the server's processes.
    const deadline = Date.now() + 120_000;
    while ((await probe('GET', '/trades?limit=5', null).catch(() => null))?.status !== 200) {
      if (Date.now() > deadline) throw new Error(`the API did not recover:\n${(await stack.serverLog()).slice(-3000)}`);
      await sleep(1_000);
    }
    await stack.waitHead();
    expect(await indexedBlock(stack.server.indexerUrl)).toBe(
      Number(await stack.client.getBlockNumber({ cacheTime: 0 })),
    );
    const stats = await v.stats(usdt);
    expect(stats.holdings).toBe(await v.balanceOf(usdt, v.vault));
    // Signing works again, against the state the indexer caught up with.
    const w = await v.askWithdrawal(bob, usdt, e18('500'));
    expect(w.status, JSON.stringify(w.body)).toBe(201);
    expect(await v.withdraw(bob, w.body as WithdrawalJson)).toBe(true);
  }, 240_000);
});
