import { errorBody, errorMessage, type ErrorCode } from '@eterno/protocol/errors';
import type { Hono } from 'hono';
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { createSiweMessage, type SiweMessage } from 'viem/siwe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BACKENDS, snapshotTables, type TableSnapshot } from '../../test/backends.ts';
import { createHttpApp } from '../http/app.ts';
import { createAuthApp } from './app.ts';
import type { Sql } from '../store/sql.ts';
import { createAuthStore, type AuthStore } from '../store/authStore.ts';
import type { RegistryAccount } from '../referral/teamReads.ts';

const DOMAIN = '127.0.0.1:5173';
const CHAIN_ID = 201022;
const MINUTE = 60_000;
const ORIGINS = [`http://${DOMAIN}`, 'http://localhost:5173'];
let clients = 0;

/**
 * The registry as the indexer would answer it (the real indexed tables are read by
 * test/referral.test.ts on a live chain): wallets registered by a test, lower case.
 */
const registered = new Map<string, RegistryAccount>();
const registry = async (wallet: string) => registered.get(wallet.toLowerCase()) ?? null;

describe.each(BACKENDS)('sign-in on $name', (backend) => {
  let sql: Sql;
  let store: AuthStore;
  let stopBackend: () => Promise<void>;
  let app: Hono;
  let clock: Date;

  beforeAll(async () => {
    const opened = await backend.open();
    sql = opened.sql;
    stopBackend = opened.stop;
    store = await createAuthStore(sql);
    app = createHttpApp({ corsOrigins: ORIGINS, log: () => undefined }).route(
      '/',
      createAuthApp({
        store,
        registry,
        domains: [DOMAIN, 'localhost:5173'],
        origins: ORIGINS,
        chainId: CHAIN_ID,
        // One client per test run: the rate limit has its own tests below.
        clientKey: () => `client-${++clients}`,
        now: () => clock,
      }),
    );
  });

  afterAll(async () => {
    await store?.close();
    await stopBackend?.();
  });

  beforeEach(() => {
    clock = new Date();
  });

  const later = (ms: number) => new Date(clock.getTime() + ms);

  async function newNonce(): Promise<string> {
    const res = await app.request('/auth/nonce', { method: 'POST' });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { nonce: string; expiresAt: string };
    expect(body.nonce).toMatch(/^[a-zA-Z0-9]{16,}$/);
    expect(new Date(body.expiresAt).getTime()).toBe(clock.getTime() + 5 * MINUTE);
    return body.nonce;
  }

  function message(account: PrivateKeyAccount, nonce: string, overrides: Partial<SiweMessage> = {}): string {
    return createSiweMessage({
      address: account.address,
      domain: DOMAIN,
      uri: `http://${DOMAIN}`,
      version: '1',
      chainId: CHAIN_ID,
      nonce,
      issuedAt: clock,
      expirationTime: later(10 * MINUTE),
      statement: 'Sign in to ETERNO.',
      ...overrides,
    });
  }

  async function signed(account: PrivateKeyAccount, nonce: string, overrides: Partial<SiweMessage> = {}) {
    const text = message(account, nonce, overrides);
    return { message: text, signature: await account.signMessage({ message: text }) };
  }

  const verify = (body: unknown) =>
    app.request('/auth/verify', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });

  const getAccount = (token?: string) =>
    app.request('/account', token === undefined ? {} : { headers: { authorization: `Bearer ${token}` } });

  /** The request was refused with `status`/`code` and wrote nothing at all. */
  async function expectRefused(
    res: Response,
    status: number,
    code: ErrorCode,
    before: TableSnapshot,
    check: { nonce?: string; address?: string } = {},
  ) {
    const body = (await res.json()) as { error: { code: string; message: string } };
    expect(res.status).toBe(status);
    expect(body.error.code).toBe(code);
    expect(body.error.message).toBe(errorMessage(code));
    const after = await snapshotTables(sql);
    expect(after).toEqual(before);
    if (check.nonce !== undefined) {
      expect(after.nonces.find((n) => n.nonce === check.nonce)).toEqual({ nonce: check.nonce, used_at: null });
    }
    if (check.address !== undefined) {
      expect(after.accounts.some((a) => a.address === check.address)).toBe(false);
      expect(after.sessions.some((s) => s.address === check.address)).toBe(false);
    }
  }

  it('signs in, returns a session token, and /account (and the next sign-in) answer the registry’s figures', async () => {
    const wallet = privateKeyToAccount(generatePrivateKey());

    const first = await verify(await signed(wallet, await newNonce()));
    expect(first.status).toBe(200);
    const session = (await first.json()) as {
      token: string;
      address: string;
      expiresAt: string;
      account: { id: number; wallet_address: string };
    };
    expect(session.token).toMatch(/^[0-9a-f]{64}$/);
    expect(session.address).toBe(wallet.address);
    expect(new Date(session.expiresAt).getTime()).toBe(clock.getTime() + 24 * 60 * MINUTE);

    const info = await getAccount(session.token);
    expect(info.status).toBe(200);
    const account = (await info.json()) as Record<string, unknown>;
    // Not registered: no registry index, no inviter, no energy value.
    expect(account).toEqual({
      id: null,
      is_original: false,
      is_service: 0,
      inviter_id: null,
      inviter: null,
      ep: null,
      wallet_address: wallet.address,
    });
    expect(session.account).toEqual(account);

    const tables = await snapshotTables(sql);
    expect(tables.sessions.map((s) => s.token_hash)).not.toContain(session.token);

    // Registered since (a service centre of level 2, invited by registry account 1): the registry's
    // figures, on the next sign-in and on /account of the session already open.
    const inviter = privateKeyToAccount(generatePrivateKey()).address;
    registered.set(wallet.address.toLowerCase(), {
      id: '7',
      isOriginal: false,
      serviceLevel: 2,
      inviterId: '1',
      inviter: inviter.toLowerCase() as `0x${string}`,
      ep: '1500000000000000000000',
    });
    const figures = {
      id: 7,
      is_original: false,
      is_service: 2,
      inviter_id: 1,
      inviter,
      ep: '1500000000000000000000',
      wallet_address: wallet.address,
    };
    expect(await (await getAccount(session.token)).json()).toEqual(figures);
    const second = await verify(await signed(wallet, await newNonce()));
    expect(second.status).toBe(200);
    const again = (await second.json()) as { token: string; account: unknown };
    expect(again.token).not.toBe(session.token);
    expect(again.account).toEqual(figures);
    expect(await (await getAccount(again.token)).json()).toEqual(figures);
    const after = await snapshotTables(sql);
    expect(after.accounts.filter((a) => a.address === wallet.address)).toHaveLength(1);
  });

  it('refuses a reused nonce with NONCE_USED and writes nothing', async () => {
    const wallet = privateKeyToAccount(generatePrivateKey());
    const body = await signed(wallet, await newNonce());
    expect((await verify(body)).status).toBe(200);
    const before = await snapshotTables(sql);
    await expectRefused(await verify(body), 401, 'NONCE_USED', before);
  });

  it('lets exactly one of two simultaneous sign-ins with the same nonce through', async () => {
    const wallet = privateKeyToAccount(generatePrivateKey());
    const body = await signed(wallet, await newNonce());
    const before = await snapshotTables(sql);
    const results = await Promise.all([verify(body), verify(body)]);
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 401]);
    const loser = results.find((r) => r.status === 401)!;
    expect(((await loser.json()) as { error: { code: string } }).error.code).toBe('NONCE_USED');
    const after = await snapshotTables(sql);
    expect(after.sessions.length).toBe(before.sessions.length + 1);
  });

  it('refuses an expired message with MESSAGE_EXPIRED and writes nothing', async () => {
    const wallet = privateKeyToAccount(generatePrivateKey());
    const nonce = await newNonce();
    const body = await signed(wallet, nonce, { issuedAt: later(-20 * MINUTE), expirationTime: later(-MINUTE) });
    const before = await snapshotTables(sql);
    await expectRefused(await verify(body), 401, 'MESSAGE_EXPIRED', before, { nonce, address: wallet.address });
  });

  it('refuses a message without an expiration time with MESSAGE_EXPIRED', async () => {
    const wallet = privateKeyToAccount(generatePrivateKey());
    const nonce = await newNonce();
    const body = await signed(wallet, nonce, { expirationTime: undefined });
    const before = await snapshotTables(sql);
    await expectRefused(await verify(body), 401, 'MESSAGE_EXPIRED', before, { nonce, address: wallet.address });
  });

  it('refuses a message issued in the future beyond the clock skew with MESSAGE_NOT_YET_VALID', async () => {
    const wallet = privateKeyToAccount(generatePrivateKey());
    const nonce = await newNonce();
    const body = await signed(wallet, nonce, { issuedAt: later(5 * MINUTE), expirationTime: later(15 * MINUTE) });
    const before = await snapshotTables(sql);
    await expectRefused(await verify(body), 401, 'MESSAGE_NOT_YET_VALID', before, { nonce, address: wallet.address });
  });

  it('accepts issuedAt within the 60 s clock skew', async () => {
    const wallet = privateKeyToAccount(generatePrivateKey());
    const res = await verify(await signed(wallet, await newNonce(), { issuedAt: later(50_000) }));
    expect(res.status).toBe(200);
  });

  it('refuses another domain with WRONG_DOMAIN and writes nothing', async () => {
    const wallet = privateKeyToAccount(generatePrivateKey());
    const nonce = await newNonce();
    const body = await signed(wallet, nonce, { domain: 'evil.example', uri: 'http://evil.example' });
    const before = await snapshotTables(sql);
    await expectRefused(await verify(body), 400, 'WRONG_DOMAIN', before, { nonce, address: wallet.address });
  });

  it('refuses another chain with WRONG_CHAIN and writes nothing', async () => {
    const wallet = privateKeyToAccount(generatePrivateKey());
    const nonce = await newNonce();
    const body = await signed(wallet, nonce, { chainId: 1 });
    const before = await snapshotTables(sql);
    await expectRefused(await verify(body), 400, 'WRONG_CHAIN', before, { nonce, address: wallet.address });
  });

  it('refuses a signature by another key with BAD_SIGNATURE and writes nothing', async () => {
    const wallet = privateKeyToAccount(generatePrivateKey());
    const other = privateKeyToAccount(generatePrivateKey());
    const nonce = await newNonce();
    const text = message(wallet, nonce);
    const body = { message: text, signature: await other.signMessage({ message: text }) };
    const before = await snapshotTables(sql);
    await expectRefused(await verify(body), 401, 'BAD_SIGNATURE', before, { nonce, address: wallet.address });
  });

  it('refuses a nonce the server never issued with NONCE_UNKNOWN and writes nothing', async () => {
    const wallet = privateKeyToAccount(generatePrivateKey());
    const body = await signed(wallet, 'a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6');
    const before = await snapshotTables(sql);
    await expectRefused(await verify(body), 401, 'NONCE_UNKNOWN', before, { address: wallet.address });
    expect(before.nonces.some((n) => n.nonce === 'a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6')).toBe(false);
  });

  it('refuses a nonce older than 5 minutes with NONCE_EXPIRED and writes nothing', async () => {
    const wallet = privateKeyToAccount(generatePrivateKey());
    const nonce = await newNonce();
    clock = later(5 * MINUTE + 1000);
    const body = await signed(wallet, nonce);
    const before = await snapshotTables(sql);
    await expectRefused(await verify(body), 401, 'NONCE_EXPIRED', before, { nonce, address: wallet.address });
  });

  it.each([
    ['a body that is not JSON', 'not json'],
    ['an empty object', {}],
    ['a message that is not EIP-4361', 'HELLO'],
    ['a signature that is not hex', 'NOT_HEX'],
    ['a JSON array', [1, 2]],
  ])('refuses %s with BAD_REQUEST and writes nothing', async (_label, kind) => {
    const wallet = privateKeyToAccount(generatePrivateKey());
    const nonce = await newNonce();
    const good = await signed(wallet, nonce);
    const body =
      kind === 'HELLO'
        ? { message: 'hello', signature: good.signature }
        : kind === 'NOT_HEX'
          ? { message: good.message, signature: '0xzz' }
          : kind;
    const before = await snapshotTables(sql);
    await expectRefused(await verify(body), 400, 'BAD_REQUEST', before, { nonce, address: wallet.address });
  });

  it('answers /account with 401 UNAUTHORIZED without a token, with an unknown token, and after 24 h', async () => {
    for (const res of [await getAccount(), await getAccount('f'.repeat(64)), await getAccount('not-a-token')]) {
      expect(res.status).toBe(401);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('UNAUTHORIZED');
    }

    const wallet = privateKeyToAccount(generatePrivateKey());
    const res = await verify(await signed(wallet, await newNonce()));
    const { token } = (await res.json()) as { token: string };
    clock = later(24 * 60 * MINUTE - 1000);
    expect((await getAccount(token)).status).toBe(200);
    clock = later(2000);
    const expired = await getAccount(token);
    expect(expired.status).toBe(401);
    expect(((await expired.json()) as { error: { code: string } }).error.code).toBe('UNAUTHORIZED');
  });
  it('refuses a URI on another origin with WRONG_DOMAIN (the domain alone is not enough)', async () => {
    for (const uri of ['http://evil.example/login', 'https://127.0.0.1:5173', 'http://127.0.0.1:5174']) {
      const wallet = privateKeyToAccount(generatePrivateKey());
      const nonce = await newNonce();
      const body = await signed(wallet, nonce, { uri });
      const before = await snapshotTables(sql);
      await expectRefused(await verify(body), 400, 'WRONG_DOMAIN', before, { nonce, address: wallet.address });
    }
  });

  it('accepts the other allowed origin, with a path on it', async () => {
    const wallet = privateKeyToAccount(generatePrivateKey());
    const res = await verify(
      await signed(wallet, await newNonce(), { domain: 'localhost:5173', uri: 'http://localhost:5173/login' }),
    );
    expect(res.status).toBe(200);
  });

  it.each([
    ['a trailing newline', (m: string) => `${m}\n`],
    ['a leading space', (m: string) => ` ${m}`],
    ['a doubled blank line', (m: string) => m.replace('\n\n', '\n\n\n')],
    ['a space before a field value', (m: string) => m.replace('Version: 1', 'Version:  1')],
    ['a lower-case address', (m: string) => m.replace(/0x[0-9a-fA-F]{40}/, (a) => a.toLowerCase())],
    ['an extra field', (m: string) => m.replace('\nVersion: 1', '\nFoo: bar\nVersion: 1')],
    [
      'reordered fields',
      (m: string) => {
        const lines = m.split('\n');
        const v = lines.findIndex((l) => l.startsWith('Version:'));
        const c = lines.findIndex((l) => l.startsWith('Chain ID:'));
        [lines[v], lines[c]] = [lines[c]!, lines[v]!];
        return lines.join('\n');
      },
    ],
    ['a date in another format', (m: string) => m.replace(/(Issued At: \S+?)\.\d{3}Z/, '$1Z')],
  ])('refuses a message with %s (not the canonical text) with BAD_REQUEST, even signed', async (_label, change) => {
    const wallet = privateKeyToAccount(generatePrivateKey());
    const nonce = await newNonce();
    const text = change(message(wallet, nonce));
    expect(text).not.toBe(message(wallet, nonce));
    const body = { message: text, signature: await wallet.signMessage({ message: text }) };
    const before = await snapshotTables(sql);
    await expectRefused(await verify(body), 400, 'BAD_REQUEST', before, { nonce, address: wallet.address });
  });

  const signOut = (token?: string) =>
    app.request('/auth/sign-out', {
      method: 'POST',
      ...(token === undefined ? {} : { headers: { authorization: `Bearer ${token}` } }),
    });

  it('signs out: 204, the token no longer works, the session row is gone; again → 204; another session lives on', async () => {
    const wallet = privateKeyToAccount(generatePrivateKey());
    const { token } = (await (await verify(await signed(wallet, await newNonce()))).json()) as { token: string };
    const { token: other } = (await (await verify(await signed(wallet, await newNonce()))).json()) as { token: string };
    const sessionsBefore = (await snapshotTables(sql)).sessions.length;

    const res = await signOut(token);
    expect(res.status).toBe(204);
    expect(await res.text()).toBe('');
    const after = await getAccount(token);
    expect(after.status).toBe(401);
    expect(((await after.json()) as { error: { code: string } }).error.code).toBe('UNAUTHORIZED');
    expect((await snapshotTables(sql)).sessions.length).toBe(sessionsBefore - 1);

    expect((await signOut(token)).status).toBe(204);
    expect((await signOut('e'.repeat(64))).status).toBe(204);
    expect((await getAccount(other)).status).toBe(200);
  });

  it('refuses sign-out without a well-formed token with 401 UNAUTHORIZED and deletes nothing', async () => {
    const before = await snapshotTables(sql);
    for (const res of [await signOut(), await signOut('not-a-token')]) {
      expect(res.status).toBe(401);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('UNAUTHORIZED');
    }
    expect(await snapshotTables(sql)).toEqual(before);
  });

  it('purges expired nonces and sessions, keeps live ones, and a purged nonce stays refused', async () => {
    const wallet = privateKeyToAccount(generatePrivateKey());
    const used = await newNonce();
    const { token } = (await (await verify(await signed(wallet, used))).json()) as { token: string };
    const pending = await newNonce();
    clock = later(5 * MINUTE + 1);
    const fresh = await newNonce();

    const purged = await store.purgeExpired(clock);
    expect(purged.nonces).toBeGreaterThanOrEqual(2);
    const tables = await snapshotTables(sql);
    expect(tables.nonces.map((n) => n.nonce)).not.toContain(used);
    expect(tables.nonces.map((n) => n.nonce)).not.toContain(pending);
    expect(tables.nonces.map((n) => n.nonce)).toContain(fresh);
    expect((await getAccount(token)).status).toBe(200);

    const replay = await verify(await signed(wallet, used));
    expect(replay.status).toBe(401);
    expect(((await replay.json()) as { error: { code: string } }).error.code).toBe('NONCE_UNKNOWN');

    clock = later(24 * 60 * MINUTE);
    expect((await store.purgeExpired(clock)).sessions).toBeGreaterThanOrEqual(1);
    expect((await snapshotTables(sql)).sessions.every((s) => s.token_hash !== token)).toBe(true);
    expect((await snapshotTables(sql)).nonces.map((n) => n.nonce)).not.toContain(fresh);
  });
});

describe.each(BACKENDS)('the HTTP edge of sign-in on $name', (backend) => {
  const DOMAIN_ORIGINS = [`http://${DOMAIN}`];
  let sql: Sql;
  let store: AuthStore;
  let stopBackend: () => Promise<void>;
  let clock: number;
  let client: string;
  const logged: Array<{ requestId: string; error: unknown }> = [];

  const build = (s: AuthStore) =>
    createHttpApp({ corsOrigins: DOMAIN_ORIGINS, log: (e) => logged.push(e) }).route(
      '/',
      createAuthApp({
        store: s,
        registry,
        domains: [DOMAIN],
        origins: DOMAIN_ORIGINS,
        chainId: CHAIN_ID,
        clientKey: () => client,
        rateLimit: { burst: 3, refillMs: 10_000 },
        now: () => new Date(clock),
      }),
    );

  beforeAll(async () => {
    const opened = await backend.open();
    sql = opened.sql;
    stopBackend = opened.stop;
    store = await createAuthStore(sql);
  });
  afterAll(async () => {
    await store?.close().catch(() => undefined);
    await stopBackend?.();
  });
  beforeEach(() => {
    clock = Date.parse('2030-01-01T00:00:00Z');
    client = `203.0.113.${Math.floor(Math.random() * 250)}-${Math.random()}`;
  });

  /** A body stream of `total` bytes in 64 KiB chunks that counts how much of it was read. */
  function countedBody(total: number) {
    const chunk = new Uint8Array(64 * 1024).fill(0x7b);
    const counter = { pulled: 0 };
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (counter.pulled >= total) return controller.close();
        counter.pulled += chunk.length;
        controller.enqueue(chunk);
      },
    });
    return { stream, counter };
  }

  async function expectError(res: Response, status: number, code: ErrorCode) {
    expect(res.status).toBe(status);
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(await res.json()).toEqual(errorBody(code));
  }

  it('refuses a declared 50 MB body with 413 PAYLOAD_TOO_LARGE without reading any of it, writing nothing', async () => {
    const app = build(store);
    const before = await snapshotTables(sql);
    const { stream, counter } = countedBody(50 * 1024 * 1024);
    const res = await app.request('/auth/verify', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': String(50 * 1024 * 1024) },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    await expectError(res, 413, 'PAYLOAD_TOO_LARGE');
    expect(counter.pulled).toBeLessThanOrEqual(64 * 1024);
    expect(await snapshotTables(sql)).toEqual(before);
  });

  it('refuses a chunked 50 MB body with 413 after reading just past the limit', async () => {
    const app = build(store);
    const { stream, counter } = countedBody(50 * 1024 * 1024);
    const res = await app.request('/auth/verify', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    await expectError(res, 413, 'PAYLOAD_TOO_LARGE');
    expect(counter.pulled).toBeLessThanOrEqual(16 * 1024 + 2 * 64 * 1024);
  });

  it('still reads a chunked body under the limit', async () => {
    const app = build(store);
    const res = await app.request('/auth/verify', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
      body: new ReadableStream({
        start(controller) {
          controller.enqueue(new TextEncoder().encode(JSON.stringify({ message: 'x' })));
          controller.close();
        },
      }),
      duplex: 'half',
    } as RequestInit);
    await expectError(res, 400, 'BAD_REQUEST');
  });

  it('rate-limits POST /auth/nonce per client: 429 RATE_LIMITED with Retry-After, no row written; others unaffected; refills', async () => {
    const app = build(store);
    const nonce = () => app.request('/auth/nonce', { method: 'POST' });
    for (let i = 0; i < 3; i++) expect((await nonce()).status).toBe(200);
    const before = await snapshotTables(sql);
    const limited = await nonce();
    expect(limited.headers.get('retry-after')).toBe('10');
    await expectError(limited, 429, 'RATE_LIMITED');
    expect(await snapshotTables(sql)).toEqual(before);

    const me = client;
    client = '198.51.100.7';
    expect((await nonce()).status).toBe(200);
    client = me;

    clock += 4_000;
    expect((await nonce()).headers.get('retry-after')).toBe('6');
    clock += 6_000;
    expect((await nonce()).status).toBe(200);
    expect((await nonce()).status).toBe(429);
  });

  it('rate-limits POST /auth/verify per client', async () => {
    const app = build(store);
    const verify = () =>
      app.request('/auth/verify', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    for (let i = 0; i < 3; i++) expect((await verify()).status).toBe(400);
    await expectError(await verify(), 429, 'RATE_LIMITED');
  });

  it('answers an unknown route with 404 NOT_FOUND', async () => {
    await expectError(await build(store).request('/nope'), 404, 'NOT_FOUND');
  });

  it('answers a broken database with 500 INTERNAL and a request id (body, header, log), never the cause', async () => {
    const opened = await backend.open();
    const broken = await createAuthStore(opened.sql);
    await broken.close();
    await opened.stop();
    const app = build(broken);
    logged.length = 0;
    const res = await app.request('/auth/nonce', { method: 'POST' });
    expect(res.status).toBe(500);
    const id = res.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({ error: { ...errorBody('INTERNAL').error, requestId: id } });
    expect(text).not.toMatch(/127\.0\.0\.1|ECONNREFUSED|postgres|pglite|closed|\/|\bat\b/i);
    expect(logged).toHaveLength(1);
    expect(logged[0]!.requestId).toBe(id);
    expect(logged[0]!.error).toBeInstanceOf(Error);
  });
});
