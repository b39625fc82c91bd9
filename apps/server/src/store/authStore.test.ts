import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, snapshotTables } from '../../test/backends.ts';
import type { Sql } from './sql.ts';
import { createAuthStore, SESSION_CACHE_MS, type AuthStore } from './authStore.ts';

const ALICE = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

describe.each(BACKENDS)('sign-in store on $name', (backend) => {
  let sql: Sql;
  let store: AuthStore;
  let stopBackend: () => Promise<void>;
  const now = new Date('2030-01-01T00:00:00Z');
  const inFiveMinutes = new Date(now.getTime() + 5 * 60_000);
  const tomorrow = new Date(now.getTime() + 24 * 3600_000);

  beforeAll(async () => {
    const opened = await backend.open();
    sql = opened.sql;
    stopBackend = opened.stop;
    store = await createAuthStore(sql);
  });

  afterAll(async () => {
    await store?.close();
    await stopBackend?.();
  });

  it('runs its migrations again without touching the data', async () => {
    await store.insertNonce('migrationcheck0001', inFiveMinutes);
    const before = await snapshotTables(sql);
    await createAuthStore(sql);
    expect(await snapshotTables(sql)).toEqual(before);
  });

  it('consumes a nonce once even when many sign-ins race for it', async () => {
    await store.insertNonce('racenonce00000001', inFiveMinutes);
    const attempts = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        store.completeSignIn({
          nonce: 'racenonce00000001',
          address: ALICE,
          tokenHash: `race-token-${i}`,
          sessionExpiresAt: tomorrow,
          now,
        }),
      ),
    );
    expect(attempts.filter((a) => a !== null)).toHaveLength(1);
    const tables = await snapshotTables(sql);
    expect(tables.sessions.filter((s) => s.token_hash.startsWith('race-token-'))).toHaveLength(1);
    expect(tables.accounts.filter((a) => a.address === ALICE)).toHaveLength(1);
    expect((await store.findNonce('racenonce00000001'))?.usedAt?.toISOString()).toBe(now.toISOString());
  });

  it('does not consume an expired nonce and writes nothing', async () => {
    await store.insertNonce('expirednonce00001', now);
    const before = await snapshotTables(sql);
    const result = await store.completeSignIn({
      nonce: 'expirednonce00001',
      address: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC',
      tokenHash: 'expired-token',
      sessionExpiresAt: tomorrow,
      now,
    });
    expect(result).toBeNull();
    expect(await snapshotTables(sql)).toEqual(before);
  });

  it('finds the account of a session only until it expires', async () => {
    await store.insertNonce('sessionnonce00001', inFiveMinutes);
    const account = await store.completeSignIn({
      nonce: 'sessionnonce00001',
      address: ALICE,
      tokenHash: 'session-token',
      sessionExpiresAt: tomorrow,
      now,
    });
    expect(account?.address).toBe(ALICE);
    expect(await store.findSessionAccount('session-token', now)).toEqual(account);
    expect(await store.findSessionAccount('session-token', tomorrow)).toBeNull();
    expect(await store.findSessionAccount('other-token', now)).toBeNull();
  });

  it('keeps a found session in memory at most SESSION_CACHE_MS and never past its expiry; sign-out ends it at once', async () => {
    const signInAs = async (nonce: string, tokenHash: string, expiresAt: Date) => {
      await store.insertNonce(nonce, inFiveMinutes);
      return store.completeSignIn({ nonce, address: ALICE, tokenHash, sessionExpiresAt: expiresAt, now });
    };
    const account = await signInAs('cachenonce0000001', 'cached-token', tomorrow);
    expect(await store.findSessionAccount('cached-token', now)).toEqual(account);
    // The row gone behind the store's back: answered from memory within the bound, not after it.
    await sql.query(`DELETE FROM eterno_offchain.sessions WHERE token_hash = $1`, ['cached-token']);
    expect(await store.findSessionAccount('cached-token', new Date(now.getTime() + SESSION_CACHE_MS - 1))).toEqual(
      account,
    );
    expect(await store.findSessionAccount('cached-token', new Date(now.getTime() + SESSION_CACHE_MS))).toBeNull();

    // Sign-out through the store: the very next lookup is refused, though the session was cached.
    await signInAs('cachenonce0000002', 'signed-out-token', tomorrow);
    expect(await store.findSessionAccount('signed-out-token', now)).toEqual(account);
    expect(await store.deleteSession('signed-out-token')).toBe(true);
    expect(await store.findSessionAccount('signed-out-token', now)).toBeNull();

    // A lookup racing the sign-out does not put the session back.
    await signInAs('cachenonce0000003', 'raced-token', tomorrow);
    const [found, deleted] = await Promise.all([
      store.findSessionAccount('raced-token', now),
      store.deleteSession('raced-token'),
    ]);
    expect([found === null || found.address === ALICE, deleted]).toEqual([true, true]);
    expect(await store.findSessionAccount('raced-token', now)).toBeNull();

    // A cached session expires on time (the cache keeps its expiry, checked on every hit).
    const soon = new Date(now.getTime() + 1000);
    await signInAs('cachenonce0000004', 'short-token', soon);
    expect(await store.findSessionAccount('short-token', now)).toEqual(account);
    expect(await store.findSessionAccount('short-token', new Date(soon.getTime() - 1))).toEqual(account);
    expect(await store.findSessionAccount('short-token', soon)).toBeNull();
  });

  it('with sessionCacheMs 0 (several API processes) keeps no session: a sign-out through another process ends it at once', async () => {
    // Two stores on one database stand for two API processes: a sign-out through one, a lookup through the other.
    const other = await createAuthStore(sql, { sessionCacheMs: 0 });
    const signedOutElsewhere = await createAuthStore(sql, { sessionCacheMs: 0 });
    await store.insertNonce('nocachenonce00001', inFiveMinutes);
    const account = await store.completeSignIn({
      nonce: 'nocachenonce00001',
      address: ALICE,
      tokenHash: 'shared-token',
      sessionExpiresAt: tomorrow,
      now,
    });
    expect(await other.findSessionAccount('shared-token', now)).toEqual(account);
    expect(await signedOutElsewhere.deleteSession('shared-token')).toBe(true);
    expect(await other.findSessionAccount('shared-token', now)).toBeNull();
    // With the default cache the same sign-out elsewhere is seen only after SESSION_CACHE_MS: the option is
    // what makes the difference.
    const cached = await createAuthStore(sql);
    await store.insertNonce('nocachenonce00002', inFiveMinutes);
    await store.completeSignIn({
      nonce: 'nocachenonce00002',
      address: ALICE,
      tokenHash: 'cached-elsewhere',
      sessionExpiresAt: tomorrow,
      now,
    });
    expect(await cached.findSessionAccount('cached-elsewhere', now)).toEqual(account);
    expect(await signedOutElsewhere.deleteSession('cached-elsewhere')).toBe(true);
    expect(await cached.findSessionAccount('cached-elsewhere', now)).toEqual(account);
    await expect(createAuthStore(sql, { sessionCacheMs: -1 })).rejects.toThrow('sessionCacheMs');
  });
});
