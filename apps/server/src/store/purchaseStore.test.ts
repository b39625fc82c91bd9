import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from '../../test/backends.ts';
import { createPurchaseStore, type NewPurchase, type PurchaseStore } from './purchaseStore.ts';
import type { Sql } from './sql.ts';

const ALICE = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';
const BOB = '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc';
const USDT = '0x5fbdb2315678afecb367f032d93f642f64180aa3';

const purchase = (over: Partial<NewPurchase> = {}): NewPurchase => ({
  user: ALICE,
  kind: 'package',
  productId: 3,
  token: USDT,
  amount: 10n ** 21n,
  custom: 3n,
  custom1: 1n,
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
    (await sql.query<{ n: string }>('SELECT count(*)::text AS n FROM eterno_offchain.purchase_authorisation', []))
      .rows[0]!.n,
  );

describe.each(BACKENDS)('purchase store on $name', (backend) => {
  let sql: Sql;
  let store: PurchaseStore;
  let stopBackend: () => Promise<void>;

  beforeAll(async () => {
    const opened = await backend.open();
    sql = opened.sql;
    stopBackend = opened.stop;
    store = await createPurchaseStore(sql);
  });

  afterAll(async () => {
    await sql?.close();
    await stopBackend?.();
  });

  it('stores an authorisation with uint256 figures exactly and lists the live ones newest first', async () => {
    const first = await store.withUserLock(ALICE, (tx) => tx.insert(purchase()));
    const second = await store.withUserLock(ALICE, (tx) =>
      tx.insert(
        purchase({
          kind: 'regular',
          productId: 104,
          custom: 104n,
          custom1: 0n,
          amount: 2n ** 256n - 1n,
          deadline: 3_000n,
        }),
      ),
    );
    expect(first).toMatchObject({
      user: ALICE,
      kind: 'package',
      productId: 3,
      custom: 3n,
      custom1: 1n,
      nonce: 0n,
      v: 27,
    });
    expect(second).toMatchObject({ kind: 'regular', productId: 104, amount: 2n ** 256n - 1n });
    expect((await store.liveOf(ALICE, 2_000n)).map((r) => r.id)).toEqual([second.id, first.id]);
    expect((await store.liveOf(ALICE, 2_001n)).map((r) => r.id)).toEqual([second.id]);
    expect(await store.liveOf(BOB, 0n)).toEqual([]);
  });

  it('rolls the whole transaction back when it throws: nothing is written', async () => {
    const before = await count(sql);
    await expect(
      store.withUserLock(BOB, async (tx) => {
        await tx.insert(purchase({ user: BOB }));
        throw new Error('crash before commit');
      }),
    ).rejects.toThrow('crash before commit');
    expect(await count(sql)).toBe(before);
    expect(await store.liveOf(BOB, 0n)).toEqual([]);
  });

  it('runs one locked request per user at a time: 20 racing check-then-insert write exactly one', async () => {
    const carol = '0x90f79bf6eb2c4f870365e785982e1f101e93b906';
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () =>
        store.withUserLock(carol, async (tx) => {
          if ((await tx.liveOf(carol, 0n)).length > 0) throw new Error('open');
          await new Promise((r) => setTimeout(r, 50));
          return tx.insert(purchase({ user: carol }));
        }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(await store.liveOf(carol, 0n)).toHaveLength(1);
  });

  it('runs its migrations again without touching the data', async () => {
    const before = await store.liveOf(ALICE, 0n);
    await createPurchaseStore(sql);
    expect(await store.liveOf(ALICE, 0n)).toEqual(before);
  });
});
