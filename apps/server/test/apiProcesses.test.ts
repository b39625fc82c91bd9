/**
 * Issue 20 §2, more than one machine: two API processes (reader/main.ts) over one indexer and one
 * PostgreSQL, behind a round-robin proxy (test/roundRobinProxy.ts), as docs/operations.md deploys them.
 * Every request below goes through the proxy; its `x-test-upstream` header says which process answered.
 * Proves:
 * - sign-in state is shared: a nonce issued by one process is redeemed on the other, a session signed
 *   in on one is used on the other, signed out on one it is refused by both, and one signed message sent
 *   to both at once signs in once;
 * - the per-client sign-in limit holds across both: one client gets the documented budget
 *   (`SIGN_IN_RATE_LIMIT.burst`) through the proxy, not once per process, then 429 from each;
 * - reservations hold across both under concurrent requests: one user's withdrawal requests racing over
 *   both sign one voucher; quotes asked together over both never promise more than the free reserve
 *   (security review M-1), both processes show the same reservations, and once everything executes the
 *   vault's holdings still cover what it owes (read against the chain).
 */
import type { ExchangeQuoteJson, WithdrawalJson } from '@eterno/protocol/vaultApi';
import { erc20Abi, type Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGN_IN_RATE_LIMIT } from '../src/auth/app.ts';
import { signedSignIn } from './apiClient.ts';
import { account, e18, low, RealStack } from './realStack.ts';
import { startRoundRobinProxy, UPSTREAM_HEADER, type RoundRobinProxy } from './roundRobinProxy.ts';
import { TRUSTED_LOCAL, VaultClient } from './adversarial/vaultClient.ts';

/** Accounts that are neither the deployer (0), the vault signer (9) nor the placement signer (10). */
const CROWD = [1, 2, 3, 4, 5, 6, 7, 8].map(account);
const QUOTE_REFUSALS = ['RESERVE_TOO_LOW', 'EXCHANGE_BUDGET_LOW', 'EXCHANGE_DAY_BUDGET'];

type Answer = { status: number; body: any; upstream: number };

describe('two API processes over one PostgreSQL behind a round-robin proxy', () => {
  let stack: RealStack;
  let proxy: RoundRobinProxy;
  let v: VaultClient;
  let usdt: Address;
  let eusd: Address;

  /** `method path` through the proxy as client `client` (its `X-Forwarded-For`), with a session `token`. */
  async function ask(
    method: 'GET' | 'POST',
    path: string,
    opts: { token?: string | null; body?: unknown; client?: string } = {},
  ): Promise<Answer> {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    if (opts.client) headers['x-forwarded-for'] = opts.client;
    const res = await fetch(`${proxy.url}${path}`, {
      method,
      headers,
      ...(opts.body === undefined ? {} : { body: JSON.stringify(opts.body) }),
    });
    const text = await res.text();
    return {
      status: res.status,
      body: text === '' ? null : JSON.parse(text),
      upstream: Number(res.headers.get(UPSTREAM_HEADER)),
    };
  }

  /** The vault's USDT on chain ≥ liabilities + open vouchers + unexpired quotes (as the API reports them). */
  async function invariantHolds(): Promise<void> {
    await stack.waitHead();
    const s = await v.stats(usdt);
    const held = await v.balanceOf(usdt, v.vault);
    expect(s.holdings).toBe(held);
    expect(held, 'holdings ≥ liabilities + open vouchers + unexpired quotes').toBeGreaterThanOrEqual(
      s.liabilities + s.openVouchers + s.unexpiredQuotes,
    );
  }

  beforeAll(async () => {
    stack = await RealStack.start('api-processes');
    for (const who of CROWD) {
      await stack.test.setBalance({ address: who.address, value: e18('100') });
    }
    await stack.startServer({
      postgres: true,
      apiProcesses: 2,
      settings: {
        ...TRUSTED_LOCAL,
        // The free reserve is what the quotes are judged against here, not the day's budgets.
        ETERNO_EXCHANGE_DAY_BUDGET: e18('10000000').toString(),
        ETERNO_EXCHANGE_USER_DAY_CAP: e18('100000').toString(),
      },
    });
    expect(stack.server.apiUrls).toHaveLength(2);
    proxy = await startRoundRobinProxy(stack.server.apiUrls);
    v = new VaultClient(stack, proxy.url);
    usdt = v.at('USDT');
    eusd = v.at('EUSD');
    await stack.waitHead();
  }, 240_000);

  afterAll(async () => {
    await proxy?.stop();
    await stack?.stop();
  });

  it('a nonce from one process is redeemed on the other; the session works on both; signed out on one, refused by both', async () => {
    const who = account(1);
    const nonce = await ask('POST', '/auth/nonce', { client: '10.1.0.1' });
    expect(nonce.status).toBe(200);
    const verify = await ask('POST', '/auth/verify', {
      client: '10.1.0.1',
      body: await signedSignIn(who, nonce.body.nonce as string),
    });
    expect(verify.status).toBe(200);
    expect(verify.upstream).not.toBe(nonce.upstream);
    const token = verify.body.token as string;

    const reads = [await ask('GET', '/account', { token }), await ask('GET', '/account', { token })];
    expect(new Set(reads.map((r) => r.upstream))).toEqual(new Set([0, 1]));
    for (const r of reads) {
      expect(r.status).toBe(200);
      expect(low(r.body.wallet_address as Address)).toBe(low(who.address));
    }

    const out = await ask('POST', '/auth/sign-out', { token });
    expect(out.status).toBe(204);
    const after = [await ask('GET', '/account', { token }), await ask('GET', '/account', { token })];
    expect(new Set(after.map((r) => r.upstream))).toEqual(new Set([0, 1]));
    for (const r of after) {
      expect(r.status).toBe(401);
      expect(r.body.error.code).toBe('UNAUTHORIZED');
    }
  });

  it('one signed message sent to both processes at once signs in once: the other answer is NONCE_USED', async () => {
    const who = account(2);
    const nonce = await ask('POST', '/auth/nonce', { client: '10.1.0.2' });
    const body = await signedSignIn(who, nonce.body.nonce as string);
    const answers = await Promise.all([
      ask('POST', '/auth/verify', { client: '10.1.0.2', body }),
      ask('POST', '/auth/verify', { client: '10.1.0.2', body }),
    ]);
    expect(new Set(answers.map((a) => a.upstream))).toEqual(new Set([0, 1]));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 401]);
    expect(answers.find((a) => a.status === 401)!.body.error.code).toBe('NONCE_USED');
  });

  it(`the sign-in limit holds across both: one client gets ${SIGN_IN_RATE_LIMIT.burst} nonces through the proxy, not one budget per process; then 429 from each`, async () => {
    const client = '10.1.0.3';
    const started = Date.now();
    const answers: Answer[] = [];
    for (let i = 0; i < 3 * SIGN_IN_RATE_LIMIT.burst; i++) answers.push(await ask('POST', '/auth/nonce', { client }));
    const elapsed = Date.now() - started;
    const granted = answers.filter((a) => a.status === 200).length;
    // Each process refills one nonce every 2 × refillMs: the test's own duration may add those.
    const refilled = 2 * Math.floor(elapsed / (2 * SIGN_IN_RATE_LIMIT.refillMs));
    expect(granted).toBeGreaterThanOrEqual(SIGN_IN_RATE_LIMIT.burst);
    expect(granted).toBeLessThanOrEqual(SIGN_IN_RATE_LIMIT.burst + refilled);
    const limited = answers.filter((a) => a.status === 429);
    expect(limited.length).toBe(answers.length - granted);
    expect(new Set(limited.map((a) => a.upstream))).toEqual(new Set([0, 1]));
    for (const a of limited) expect(a.body.error.code).toBe('RATE_LIMITED');
    // Another client is not held by this one's flood.
    expect((await ask('POST', '/auth/nonce', { client: '10.1.0.4' })).status).toBe(200);
  });

  it('one user’s withdrawal requests racing over both processes sign exactly one voucher; it pays once', async () => {
    const who = account(3);
    await stack.tx(account(0), usdt, erc20Abi, 'transfer', [who.address, e18('1000')]);
    await v.signIn(who, 3);
    await v.deposit(who, usdt, e18('1000'));
    await stack.waitHead();
    const race = await Promise.all(
      Array.from({ length: 10 }, () =>
        ask('POST', '/vault/withdrawals', {
          token: v.session(who),
          client: '10.0.0.3',
          body: { token: usdt, amount: e18('600').toString() },
        }),
      ),
    );
    expect(new Set(race.map((a) => a.upstream))).toEqual(new Set([0, 1]));
    const signed = race.filter((a) => a.status === 201);
    expect(signed).toHaveLength(1);
    for (const a of race.filter((x) => x.status !== 201)) expect(a.body.error.code).toBe('VOUCHER_OPEN');
    const wallet = await v.balanceOf(usdt, who.address);
    expect(await v.withdraw(who, signed[0]!.body as WithdrawalJson)).toBe(true);
    expect((await v.balanceOf(usdt, who.address)) - wallet).toBe(e18('600'));
    await invariantHolds();
  }, 120_000);

  it('quotes asked together over both processes never promise more than the free reserve; executed, the vault still covers what it owes', async () => {
    for (const [i, who] of CROWD.entries()) {
      await stack.tx(account(0), eusd, erc20Abi, 'transfer', [who.address, e18('60000')]);
      await v.signIn(who, 100 + i);
    }
    await stack.waitHead();
    const before = await v.stats(usdt);
    // Each asks ~48,500 USDT: eight together ask about twice the free reserve.
    const answers = await Promise.all(
      CROWD.map((who, i) =>
        ask('POST', '/vault/exchange-quotes', {
          token: v.session(who),
          client: `10.0.1.${i}`,
          body: { tokenIn: eusd, tokenOut: usdt, amountIn: e18('50000').toString() },
        }),
      ),
    );
    expect(new Set(answers.map((a) => a.upstream))).toEqual(new Set([0, 1]));
    const signed = answers.flatMap((a, i) =>
      a.status === 200 ? [[CROWD[i]!, a.body as ExchangeQuoteJson] as const] : [],
    );
    for (const a of answers) if (a.status !== 200) expect(QUOTE_REFUSALS).toContain(a.body.error.code);
    const promised = signed.reduce((sum, [, q]) => sum + BigInt(q.amountOut), 0n);
    console.log(
      `two API processes: free reserve ${before.freeReserve / 10n ** 18n} USDT; ${signed.length} of ${CROWD.length} quotes signed promising ${promised / 10n ** 18n}`,
    );
    expect(signed.length).toBeGreaterThan(0);
    expect(signed.length).toBeLessThan(CROWD.length);
    expect(promised).toBeLessThanOrEqual(before.freeReserve);
    // Both processes read the same reservations from the one store.
    for (const url of stack.server.apiUrls) {
      const stats = (await (await fetch(`${url}/vault/stats`)).json()) as {
        tokens: Array<{ token: string; unexpiredQuotes: string }>;
      };
      expect(BigInt(stats.tokens.find((t) => t.token === usdt)!.unexpiredQuotes)).toBe(promised);
    }
    await invariantHolds();
    for (const [who, q] of signed) expect(await v.exchange(who, q)).toBe(true);
    await invariantHolds();
  }, 120_000);
});
