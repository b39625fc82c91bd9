/**
 * The restore guard (./restoreGuard.ts) on an in-memory PGlite store: a clean stop and start writes no
 * hold; a run left open (what a backup taken while the server ran holds, or a crash) makes the next start
 * hold quotes until max(now, the chain's time) + the quote lifetime; the hold stays through a clean restart.
 * The restore itself, against a live stack on PostgreSQL: test/storeRestore.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { startPostgres } from '../../scripts/postgres.ts';
import { holdRunLock, openRestoreGuard } from './restoreGuard.ts';
import { openPglite, openPostgres } from './sql.ts';

describe('restore guard', () => {
  it('a clean stop and start hold nothing and do not read the chain', async () => {
    const sql = await openPglite();
    const noChain = async (): Promise<bigint> => {
      throw new Error('the chain was read');
    };
    const first = await openRestoreGuard(sql, { now: 1000n, chainTime: noChain, quoteLifetime: 120 });
    expect(first).toMatchObject({ restored: false, quotesHeldUntil: null });
    await first.stop();
    const second = await openRestoreGuard(sql, { now: 2000n, chainTime: noChain, quoteLifetime: 120 });
    expect(second).toMatchObject({ restored: false, quotesHeldUntil: null });
    await sql.close();
  });

  it('a run left open holds quotes until max(now, chain time) + the lifetime, also through a clean restart', async () => {
    const sql = await openPglite();
    await openRestoreGuard(sql, { now: 1000n, chainTime: async () => 0n, quoteLifetime: 120 }); // never stopped
    const ahead = await openRestoreGuard(sql, { now: 5000n, chainTime: async () => 8600n, quoteLifetime: 120 });
    expect(ahead).toMatchObject({ restored: true, quotesHeldUntil: 8720n });
    await ahead.stop();
    const again = await openRestoreGuard(sql, { now: 5010n, chainTime: async () => 8610n, quoteLifetime: 120 });
    expect(again).toMatchObject({ restored: false, quotesHeldUntil: 8720n });
    // The server's clock ahead of the chain's: the later of the two.
    await openRestoreGuard(sql, { now: 9000n, chainTime: async () => 8700n, quoteLifetime: 120 }).then(() => undefined);
    const later = await openRestoreGuard(sql, { now: 9100n, chainTime: async () => 8800n, quoteLifetime: 120 });
    expect(later).toMatchObject({ restored: true, quotesHeldUntil: 9220n });
    await sql.close();
  });

  it('on PostgreSQL, an open run whose process holds its lock is a live peer (several API processes), not a restore; once its lock is gone it is', async () => {
    const server = await startPostgres();
    const sql = openPostgres(server.url);
    const noChain = async (): Promise<bigint> => {
      throw new Error('the chain was read');
    };
    try {
      const a = await openRestoreGuard(sql, { now: 1000n, chainTime: noChain, quoteLifetime: 120 });
      const aLock = holdRunLock(server.url, a.runId);
      await aLock.ready;
      // A second process starting beside the first: no hold, the first's row stays open.
      const b = await openRestoreGuard(sql, { now: 1001n, chainTime: noChain, quoteLifetime: 120 });
      const bLock = holdRunLock(server.url, b.runId);
      await bLock.ready;
      expect(b).toMatchObject({ restored: false, quotesHeldUntil: null });
      const open = await sql.query<{ n: string }>(
        'SELECT count(*)::text AS n FROM eterno_offchain.api_run WHERE stopped_at IS NULL',
        [],
      );
      expect(open.rows[0]!.n).toBe('2');
      // The first dies without closing its row (its lock goes with its connection): the next start holds.
      await aLock.stop();
      const c = await openRestoreGuard(sql, { now: 1002n, chainTime: async () => 5000n, quoteLifetime: 120 });
      expect(c).toMatchObject({ restored: true, quotesHeldUntil: 5120n });
      // b is alive: its row stays open; a's is closed.
      const rows = await sql.query<{ id: string; stopped: boolean }>(
        'SELECT id::text AS id, stopped_at IS NOT NULL AS stopped FROM eterno_offchain.api_run ORDER BY id',
        [],
      );
      expect(rows.rows.map((r) => [r.id, r.stopped])).toEqual([
        [a.runId, true],
        [b.runId, false],
        [c.runId, false],
      ]);
      await bLock.stop();
    } finally {
      await sql.close();
      await server.stop();
    }
  });
});
