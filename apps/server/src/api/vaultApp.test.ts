import { errorBody } from '@eterno/protocol/errors';
import type { Address } from 'viem';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../http/errors.ts';
import { createHttpApp } from '../http/app.ts';
import type { VaultContext } from '../vault/context.ts';
import { createVaultApp, VAULT_WRITE_RATE_LIMIT } from './vaultApp.ts';

const ALICE_TOKEN = 'a'.repeat(64);
const BOB_TOKEN = 'b'.repeat(64);
const USER = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8' as Address;

/**
 * The vault app with 3 requests at once then one every 10 s. The session answers any well-formed
 * token; every body (and voucher id) below is malformed, so a request that passes the limit ends in
 * 400 (404) before the vault context is touched (it is empty: a request that reached it would be a 500).
 */
function build() {
  let clock = 1_000_000;
  const session = vi.fn(async (c: { req: { header(name: string): string | undefined } }) => {
    if (!/^Bearer [0-9a-f]{64}$/.test(c.req.header('authorization') ?? '')) throw new ApiError('UNAUTHORIZED');
    return USER;
  });
  const app = createHttpApp({ corsOrigins: [], log: () => undefined }).route(
    '/',
    createVaultApp({
      ctx: {} as VaultContext,
      session,
      clientKey: () => '203.0.113.9',
      rateLimit: { burst: 3, refillMs: 10_000 },
      now: () => clock,
    }),
  );
  const post = (path: string, token: string | null = ALICE_TOKEN) =>
    app.request(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: '{}',
    });
  return { post, session, wait: (ms: number) => (clock += ms) };
}

describe('vault POST routes: rate limit', () => {
  it('the default: 40 at once, then one every 2 s', () => {
    expect(VAULT_WRITE_RATE_LIMIT).toEqual({ burst: 40, refillMs: 2_000 });
  });

  for (const path of [
    '/vault/withdrawals',
    '/vault/withdrawals/none/cancel',
    '/vault/deposits',
    '/vault/exchange-quotes',
  ])
    it(`${path}: past the limit 429 RATE_LIMITED with Retry-After, before the session is read; refills`, async () => {
      const { post, session, wait } = build();
      for (let i = 0; i < 3; i++) expect([400, 404]).toContain((await post(path)).status);
      expect(session).toHaveBeenCalledTimes(3);
      const limited = await post(path);
      expect(limited.status).toBe(429);
      expect(limited.headers.get('retry-after')).toBe('10');
      expect(await limited.json()).toEqual(errorBody('RATE_LIMITED'));
      expect(session).toHaveBeenCalledTimes(3);
      wait(4_000);
      expect((await post(path)).headers.get('retry-after')).toBe('6');
      wait(6_000);
      expect([400, 404]).toContain((await post(path)).status);
      expect((await post(path)).status).toBe(429);
    });

  it('counts per session and per route: another user and another route are unaffected', async () => {
    const { post } = build();
    for (let i = 0; i < 3; i++) expect((await post('/vault/withdrawals')).status).toBe(400);
    expect((await post('/vault/withdrawals')).status).toBe(429);
    expect((await post('/vault/withdrawals', BOB_TOKEN)).status).toBe(400);
    expect((await post('/vault/exchange-quotes')).status).toBe(400);
  });

  it('counts requests without a session for their client, apart from the sessions', async () => {
    const { post } = build();
    for (let i = 0; i < 3; i++) expect((await post('/vault/withdrawals', null)).status).toBe(401);
    const limited = await post('/vault/withdrawals', null);
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual(errorBody('RATE_LIMITED'));
    expect((await post('/vault/withdrawals')).status).toBe(400);
  });
});
