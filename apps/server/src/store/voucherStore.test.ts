import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from '../../test/backends.ts';
import type { Sql } from './sql.ts';
import type { Address } from 'viem';
import { createVoucherStore, type NewVoucher, type VoucherRow, type VoucherStore } from './voucherStore.ts';

const ALICE = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';
const BOB = '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc';
const USDT = '0x5fbdb2315678afecb367f032d93f642f64180aa3';

const voucher = (over: Partial<NewVoucher> = {}): NewVoucher => ({
  user: ALICE,
  token: USDT,
  amount: 10n ** 30n,
  nonce: 0n,
  deadline: 2_000n,
  signedAt: 200n,
  r: `0x${'1'.repeat(64)}`,
  s: `0x${'2'.repeat(64)}`,
  v: 27,
  ...over,
});

const count = async (sql: Sql): Promise<number> =>
  Number(
    (await sql.query<{ n: string }>('SELECT count(*)::text AS n FROM eterno_offchain.withdrawal_voucher', [])).rows[0]!
      .n,
  );

describe.each(BACKENDS)('voucher store on $name', (backend) => {
  let sql: Sql;
  let store: VoucherStore;
  let stopBackend: () => Promise<void>;

  beforeAll(async () => {
    const opened = await backend.open();
    sql = opened.sql;
    stopBackend = opened.stop;
    store = await createVoucherStore(sql);
  });

  afterAll(async () => {
    await sql?.close();
    await stopBackend?.();
  });

  it('stores a voucher with uint256 amounts exactly and lists it newest first', async () => {
    const first = await store.withUserLock(ALICE, (tx) => tx.insert(voucher()));
    const second = await store.withUserLock(ALICE, (tx) => tx.insert(voucher({ nonce: 1n, amount: 2n ** 256n - 1n })));
    expect(first).toMatchObject({ user: ALICE, token: USDT, amount: 10n ** 30n, nonce: 0n, state: 'signed', v: 27 });
    expect(second.id > first.id).toBe(true);
    expect((await store.listOf(ALICE, 10)).map((r) => r.id)).toEqual([second.id, first.id]);
    expect((await store.listOf(ALICE, 10, second.id)).map((r) => r.id)).toEqual([first.id]);
    expect((await store.listOf(ALICE, 1)).map((r) => r.amount)).toEqual([2n ** 256n - 1n]);
    expect(await store.listOf(BOB, 10)).toEqual([]);
  });

  it('orders by the numeric id, not its text: newest first past id 9, 99, … (lists and pages)', async () => {
    const mia = '0x8626f6940e2eb28930efb4cef49b2d1f2c9c1199';
    for (let i = 0; i < 12; i++)
      await store.withUserLock(mia, (tx) => tx.insert(voucher({ user: mia, nonce: BigInt(i) })));
    const ids = (await store.listOf(mia, 20)).map((r) => r.id);
    expect(ids).toEqual([...ids].sort((a, b) => (a > b ? -1 : a < b ? 1 : 0)));
    expect((await store.signedOf(mia)).map((r) => r.id)).toEqual(ids);
    expect((await store.listOf(mia, 5, ids[4])).map((r) => r.id)).toEqual(ids.slice(5, 10));
    const since = (await store.liveSince(0n)).map((r) => r.id);
    expect(since).toEqual([...since].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });

  it('rolls the whole transaction back when it throws: nothing is written', async () => {
    const before = await count(sql);
    await expect(
      store.withUserLock(BOB, async (tx) => {
        await tx.insert(voucher({ user: BOB }));
        throw new Error('crash before commit');
      }),
    ).rejects.toThrow('crash before commit');
    expect(await count(sql)).toBe(before);
    expect(await store.signedOf(BOB)).toEqual([]);
  });

  it('commitWith: the text and COMMIT in one round trip; a throw after it keeps the row; nothing runs after it', async () => {
    const frank = '0x976ea74026e726554db657fa54763abd0c3a0aa9';
    const insert = (nonce: number) =>
      `INSERT INTO eterno_offchain.withdrawal_voucher ("user", token, amount, nonce, deadline, signed_at, r, s, v, state)
       VALUES ('${frank}', '${USDT}', 1, ${nonce}, 2000, 200, '0x${'1'.repeat(64)}', '0x${'2'.repeat(64)}', 27, 'signed')
       RETURNING nonce::text AS nonce`;
    expect(await sql.transaction((tx) => tx.commitWith(insert(5)))).toEqual({ rows: [{ nonce: '5' }] });
    const before = await count(sql);
    await expect(
      sql.transaction(async (tx) => {
        await tx.commitWith(insert(6));
        throw new Error('crash after commit');
      }),
    ).rejects.toThrow('crash after commit');
    expect(await count(sql)).toBe(before + 1);
    await expect(
      sql.transaction(async (tx) => {
        await tx.commitWith(insert(7));
        return tx.query('SELECT 1', []);
      }),
    ).rejects.toThrow('already committed');
    expect((await store.listOf(frank, 10)).map((r) => r.nonce)).toEqual([7n, 6n, 5n]);
  });

  it('refuses values that are not what their columns hold before sending anything (they are written into the SQL)', async () => {
    const grace = '0x14dc79964da2c08b23698b3d3cc7ca32193d9955';
    const before = await count(sql);
    for (const bad of [
      { user: "0x'; DROP TABLE x; --" },
      { token: `${USDT}'` },
      { r: `0x${'1'.repeat(63)}'` },
      { s: `0x${'G'.repeat(64)}` },
      { amount: -1n },
      { v: 1 },
    ] as Array<Partial<NewVoucher>>)
      await expect(store.request(grace, async () => voucher({ user: grace, ...bad }))).rejects.toThrow(/voucher store/);
    expect(await count(sql)).toBe(before);
  });

  it('runs one locked request per user at a time: 20 racing check-then-insert write exactly one', async () => {
    const carol = '0x90f79bf6eb2c4f870365e785982e1f101e93b906';
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () =>
        store.withUserLock(carol, async (tx) => {
          if ((await tx.signedOf(carol)).length > 0) throw new Error('open');
          await new Promise((r) => setTimeout(r, 50));
          return tx.insert(voucher({ user: carol }));
        }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(await store.signedOf(carol)).toHaveLength(1);
  });

  it('gives each locked request the signed vouchers read after the lock: 20 racing on them write exactly one', async () => {
    const erin = '0xa0ee7a142d267c1f36714e4a8f75612f20a79720';
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () =>
        store.withUserLock(erin, async (tx, signed) => {
          if (signed.length > 0) throw new Error('open');
          await new Promise((r) => setTimeout(r, 50));
          return tx.insert(voucher({ user: erin }));
        }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const [row] = await store.signedOf(erin);
    expect(await store.withUserLock(erin, async (_tx, signed) => signed)).toEqual([row]);
  });

  it('group commit: one transaction for several users; each decides on its own rows; a refusal or a bad value writes nothing for it only', async () => {
    const [henry, ivan, judy, kate] = [
      '0x23618e81e3f5cdf7f54c3d65f7fbc0abf5b21e8f',
      '0xa0ee7a142d267c1f36714e4a8f75612f20a79721',
      '0xbcd4042de499d14e55001ccbb24a551f3b954096',
      '0x71be63f3384f5fb98995898a86b02fb2426c5788',
    ] as const;
    const existing = await store.withUserLock(henry, (tx) => tx.insert(voucher({ user: henry })));
    const before = await count(sql);
    const seen = new Map<string, bigint[]>();
    const results = await store.insertGroup([
      {
        user: henry,
        decide: async (signed) => {
          seen.set(
            henry,
            signed.map((r) => r.id),
          );
          return voucher({ user: henry, nonce: 1n });
        },
      },
      {
        user: ivan,
        decide: async (signed) => {
          seen.set(
            ivan,
            signed.map((r) => r.id),
          );
          throw new Error('refused');
        },
      },
      { user: judy, decide: async () => voucher({ user: judy, r: `0x${'1'.repeat(63)}'` }) },
      { user: kate, decide: async () => voucher({ user: kate, amount: 2n ** 256n - 1n, v: 28 }) },
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'rejected', 'fulfilled']);
    expect(seen).toEqual(
      new Map([
        [henry, [existing.id]],
        [ivan, []],
      ]),
    );
    expect(String((results[1] as PromiseRejectedResult).reason)).toContain('refused');
    expect(String((results[2] as PromiseRejectedResult).reason)).toContain('not 32-byte lower-case hex');
    const [henryRow, kateRow] = [results[0], results[3]].map((r) => (r as PromiseFulfilledResult<VoucherRow>).value);
    expect(henryRow).toMatchObject({ user: henry, nonce: 1n, state: 'signed' });
    expect(kateRow).toMatchObject({ user: kate, amount: 2n ** 256n - 1n, v: 28, state: 'signed' });
    expect(await count(sql)).toBe(before + 2);
    expect(await store.signedOf(henry)).toEqual([henryRow, existing]);
    expect(await store.signedOf(ivan)).toEqual([]);
    expect(await store.signedOf(judy)).toEqual([]);
    // A group of one user twice is refused before anything is sent.
    await expect(
      store.insertGroup([
        { user: ivan, decide: async () => voucher({ user: ivan }) },
        { user: ivan, decide: async () => voucher({ user: ivan }) },
      ]),
    ).rejects.toThrow('one request per user');
    // A voucher decided for another user than the request's is refused.
    const [other] = await store.insertGroup([{ user: ivan, decide: async () => voucher({ user: judy }) }]);
    expect(other?.status).toBe('rejected');
    expect(await count(sql)).toBe(before + 2);
  });

  it('a group whose transaction fails answers every request with the failure and writes nothing', async () => {
    const before = await count(sql);
    const decided: string[] = [];
    const results = await store.insertGroup([
      { user: ALICE, decide: async () => (decided.push(ALICE), voucher()) },
      { user: "0x'; DROP TABLE x; --" as never, decide: async () => voucher() },
    ]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(String((results[0] as PromiseRejectedResult).reason)).toContain('not a lower-case address');
    expect(decided).toEqual([]);
    expect(await count(sql)).toBe(before);
  });

  it('request: requests of 20 users arriving together share one group (their decisions run at once)', async () => {
    const users = Array.from({ length: 20 }, (_, i) => `0x${(0x5000 + i).toString(16).padStart(40, '0')}` as Address);
    let running = 0;
    let most = 0;
    const rows = await Promise.all(
      users.map((user, i) =>
        store.request(user, async (signed) => {
          expect(signed).toEqual([]);
          running += 1;
          most = Math.max(most, running);
          await new Promise((r) => setTimeout(r, 20));
          running -= 1;
          return voucher({ user, nonce: BigInt(i) });
        }),
      ),
    );
    expect(most).toBe(20);
    expect(rows.map((r) => [r.user, r.nonce])).toEqual(users.map((u, i) => [u, BigInt(i)]));
    for (const user of users) expect(await store.signedOf(user)).toHaveLength(1);
  });

  it('request: 20 racing requests of one user write exactly one; each later one sees it (one group each)', async () => {
    const liz = '0x2546bcd3c84621e976d8185a91a922ae77ecec30';
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () =>
        store.request(liz, async (signed) => {
          if (signed.length > 0) throw new Error('open');
          await new Promise((r) => setTimeout(r, 20));
          return voucher({ user: liz });
        }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(
      results.filter((r) => r.status === 'rejected').map((r) => String((r as PromiseRejectedResult).reason)),
    ).toEqual(Array(19).fill('Error: open'));
    expect(await store.signedOf(liz)).toHaveLength(1);
  });

  it('refuses to lock for a text that is not a lower-case address (it is written into the SQL)', async () => {
    await expect(store.withUserLock("0x'; DROP TABLE x; --" as never, async () => 1)).rejects.toThrow(
      'not a lower-case address',
    );
  });

  it("cancels only the user's own signed voucher, once", async () => {
    const dave = '0x15d34aaf54267db7d7c367839aaf71a00a2c6a65';
    const row = await store.withUserLock(dave, (tx) => tx.insert(voucher({ user: dave })));
    expect(await store.withUserLock(BOB, (tx) => tx.cancel(BOB, row.id, 300n))).toBeNull();
    expect((await store.withUserLock(dave, (tx) => tx.cancel(dave, row.id, 300n)))?.state).toBe('cancelled');
    expect(await store.withUserLock(dave, (tx) => tx.cancel(dave, row.id, 301n))).toBeNull();
    expect(await store.signedOf(dave)).toEqual([]);
  });

  it('lists the vouchers of every user from a deadline on, cancelled ones too (their signatures exist)', async () => {
    const rows = await store.liveSince(2_000n);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.deadline >= 2_000n)).toBe(true);
    expect(rows.some((r) => r.state === 'cancelled')).toBe(true);
    expect(await store.liveSince(2_001n)).toEqual([]);
  });

  it("lists a user's live vouchers: the signed ones, and the cancelled ones whose deadline has not passed", async () => {
    const erin = '0x00000000000000000000000000000000000e5e1e';
    const old = await store.withUserLock(erin, (tx) => tx.insert(voucher({ user: erin, deadline: 1_000n })));
    const recent = await store.withUserLock(erin, (tx) => tx.insert(voucher({ user: erin, nonce: 1n })));
    for (const row of [old, recent]) await store.withUserLock(erin, (tx) => tx.cancel(erin, row.id, 500n));
    const open = await store.withUserLock(erin, (tx) => tx.insert(voucher({ user: erin, nonce: 2n, deadline: 900n })));
    expect((await store.liveOf(erin, 1_500n)).map((r) => r.id)).toEqual([open.id, recent.id]);
    expect((await store.liveOf(erin, 0n)).map((r) => r.id)).toEqual([open.id, recent.id, old.id]);
    // The group's lock reads the same rows for its decision.
    const seen: bigint[][] = [];
    await expect(
      store.request(
        erin,
        async (rows) => {
          seen.push(rows.map((r) => r.id));
          throw new Error('refused');
        },
        1_500n,
      ),
    ).rejects.toThrow('refused');
    expect(seen).toEqual([[open.id, recent.id]]);
  });

  it('runs its migrations again without touching the data', async () => {
    const before = await store.listOf(ALICE, 10);
    await createVoucherStore(sql);
    expect(await store.listOf(ALICE, 10)).toEqual(before);
  });
});
