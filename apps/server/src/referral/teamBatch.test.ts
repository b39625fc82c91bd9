import type { Hex } from 'viem';
import { describe, expect, it } from 'vitest';
import { teamReader } from './teamBatch.ts';
import type { TeamRow } from './teamSql.ts';

const wallet = (n: number): Hex => `0x${n.toString(16).padStart(40, '0')}`;
const rowOf = (w: Hex, version: number): TeamRow => ({
  wallet: w,
  id: version,
  ownVolume: 0n,
  directCount: 0,
  directVolume: 0n,
  sides: {
    0: { volume: '0', today: '0', members: 0, child: null, legEnd: w },
    1: { volume: '0', today: '0', members: 0, child: null, legEnd: w },
  },
  day: 0n,
});

/**
 * A fake database: each statement is recorded with the wallets it was sent with and answers
 * (with `id` = the statement's number) only when the test releases it; wallet 0xdead… is unknown.
 */
function fakeDb() {
  const statements: Array<{ wallets: Hex[]; release(): void; fail(e: Error): void }> = [];
  const read = (wallets: Hex[]) =>
    new Promise<TeamRow[]>((resolve, reject) => {
      const n = statements.length + 1;
      statements.push({
        wallets,
        release: () => resolve(wallets.filter((w) => !w.startsWith('0xdead')).map((w) => rowOf(w, n))),
        fail: reject,
      });
    });
  return { statements, read };
}

const turn = () => new Promise((r) => setImmediate(r));

describe('teamReader', () => {
  it('answers the accounts asked in one turn from one statement, each its own row (unknown: undefined)', async () => {
    const db = fakeDb();
    const team = teamReader(db.read);
    const asked = [team(wallet(1)), team(wallet(2)), team(wallet(1)), team(`0xdead${'0'.repeat(36)}`)];
    await turn();
    expect(db.statements.map((s) => s.wallets)).toEqual([[wallet(1), wallet(2), `0xdead${'0'.repeat(36)}`]]);
    db.statements[0]!.release();
    const [a, b, a2, unknown] = await Promise.all(asked);
    expect(a!.wallet).toBe(wallet(1));
    expect(b!.wallet).toBe(wallet(2));
    expect(a2).toBe(a);
    expect(unknown).toBeUndefined();
  });

  it('matches mixed-case input to the lower-case rows', async () => {
    const db = fakeDb();
    const team = teamReader(db.read);
    const mixed = `0x${'AB'.repeat(20)}` as Hex;
    const asked = team(mixed);
    await turn();
    expect(db.statements[0]!.wallets).toEqual([mixed.toLowerCase()]);
    db.statements[0]!.release();
    expect((await asked)!.wallet).toBe(mixed.toLowerCase());
  });

  it('never answers from a statement sent before the request: it waits for the next one', async () => {
    const db = fakeDb();
    const team = teamReader(db.read, { maxInFlight: 1 });
    const first = team(wallet(1));
    await turn();
    expect(db.statements).toHaveLength(1);
    // Asked while statement 1 (which also reads wallet 1) is running.
    const again = team(wallet(1));
    const other = team(wallet(2));
    await turn();
    expect(db.statements).toHaveLength(1);
    db.statements[0]!.release();
    expect((await first)!.id).toBe(1);
    await turn();
    expect(db.statements.map((s) => s.wallets)).toEqual([[wallet(1)], [wallet(1), wallet(2)]]);
    db.statements[1]!.release();
    expect((await again)!.id).toBe(2);
    expect((await other)!.id).toBe(2);
  });

  it('runs at most maxInFlight statements of at most maxBatch accounts', async () => {
    const db = fakeDb();
    const team = teamReader(db.read, { maxInFlight: 2, maxBatch: 3 });
    const asked = Array.from({ length: 8 }, (_, i) => team(wallet(i + 1)));
    await turn();
    expect(db.statements.map((s) => s.wallets.length)).toEqual([3, 3]);
    db.statements[0]!.release();
    await turn();
    expect(db.statements.map((s) => s.wallets.length)).toEqual([3, 3, 2]);
    db.statements[1]!.release();
    db.statements[2]!.release();
    const rows = await Promise.all(asked);
    expect(rows.map((r) => r!.wallet)).toEqual(Array.from({ length: 8 }, (_, i) => wallet(i + 1)));
    expect(rows.map((r) => r!.id)).toEqual([1, 1, 1, 2, 2, 2, 3, 3]);
  });

  it("rejects a failed statement's requests only, and keeps serving", async () => {
    const db = fakeDb();
    const team = teamReader(db.read, { maxInFlight: 1 });
    const failed = team(wallet(1));
    await turn();
    const later = team(wallet(2));
    db.statements[0]!.fail(new Error('connection lost'));
    await expect(failed).rejects.toThrow('connection lost');
    await turn();
    db.statements[1]!.release();
    expect((await later)!.wallet).toBe(wallet(2));
  });
});
