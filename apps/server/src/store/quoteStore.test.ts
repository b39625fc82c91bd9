import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Address } from 'viem';
import { BACKENDS } from '../../test/backends.ts';
import { createQuoteStore, type NewQuote, type QuoteStore } from './quoteStore.ts';
import type { Sql } from './sql.ts';

const USDT = '0x5fbdb2315678afecb367f032d93f642f64180aa3' as Address;
const EUSD = '0xe7f1725e7734ce288f8367e1bb143e90bb3f0512' as Address;
const user = (i: number) => `0x${i.toString(16).padStart(40, '0')}` as Address;

const quote = (over: Partial<NewQuote> = {}): NewQuote => ({
  user: user(1),
  tokenIn: EUSD,
  amountIn: 100n,
  tokenOut: USDT,
  amountOut: 97n,
  nonce: 0n,
  deadline: 1_000n,
  signedAt: 880n,
  r: `0x${'1'.repeat(64)}`,
  s: `0x${'2'.repeat(64)}`,
  v: 27,
  ...over,
});

const count = async (sql: Sql): Promise<number> =>
  Number(
    (await sql.query<{ n: string }>('SELECT count(*)::text AS n FROM eterno_offchain.exchange_quote', [])).rows[0]!.n,
  );

describe.each(BACKENDS)('quote store on $name', (backend) => {
  let sql: Sql;
  let store: QuoteStore;
  let stopBackend: () => Promise<void>;

  beforeAll(async () => {
    const opened = await backend.open();
    sql = opened.sql;
    stopBackend = opened.stop;
    store = await createQuoteStore(sql);
  });

  afterAll(async () => {
    await sql?.close();
    await stopBackend?.();
  });

  it('stores a quote exactly (uint256 amounts) and lists the live ones from a deadline on', async () => {
    const row = await store.signWithTokenLock(USDT, async () => quote({ amountIn: 2n ** 256n - 1n }));
    expect(row).toMatchObject({ user: user(1), tokenOut: USDT, amountIn: 2n ** 256n - 1n, amountOut: 97n, v: 27 });
    expect((await store.liveSince(1_000n)).map((q) => q.id)).toEqual([row.id]);
    expect(await store.liveSince(1_001n)).toEqual([]);
  });

  it('30 quotes of one token asked at once are judged one at a time: the reservations never overrun the cap', async () => {
    // Each decision reads the token's live quotes under the lock and signs only while they leave room.
    const cap = 1_000n;
    const asked = Array.from({ length: 30 }, (_, i) =>
      store.signWithTokenLock(EUSD, async (lock) => {
        const live = await lock.live(5_000n);
        const reserved = live.reduce((sum, q) => sum + q.amountOut, 0n);
        if (reserved + 97n > cap) throw new Error('RESERVE_TOO_LOW');
        return quote({ user: user(100 + i), tokenIn: USDT, tokenOut: EUSD, deadline: 5_000n });
      }),
    );
    const results = await Promise.allSettled(asked);
    const signed = results.filter((r) => r.status === 'fulfilled');
    expect(signed).toHaveLength(10);
    expect(results.filter((r) => r.status === 'rejected').map((r) => String(r.reason))).toEqual(
      Array(20).fill('Error: RESERVE_TOO_LOW'),
    );
    const live = (await store.liveSince(5_000n)).filter((q) => q.tokenOut === EUSD);
    expect(live.reduce((sum, q) => sum + q.amountOut, 0n)).toBe(970n);
  });

  it('writes nothing on a refusal, and refuses a quote of another token or a bad value', async () => {
    const before = await count(sql);
    await expect(
      store.signWithTokenLock(USDT, async () => {
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    await expect(store.signWithTokenLock(USDT, async () => quote({ tokenOut: EUSD }))).rejects.toThrow(
      "decided under 0x5fbdb2315678afecb367f032d93f642f64180aa3's lock",
    );
    await expect(store.signWithTokenLock(USDT, async () => quote({ r: '0x12' }))).rejects.toThrow(
      'not 32-byte lower-case hex',
    );
    await expect(store.signWithTokenLock(USDT, async () => quote({ amountOut: 0n }))).rejects.toThrow('amount 0');
    await expect(store.signWithTokenLock("0x0,'" as Address, async () => quote())).rejects.toThrow(
      'not a lower-case address',
    );
    expect(await count(sql)).toBe(before);
  });

  it('runs its migrations again without touching the data', async () => {
    const before = await store.liveSince(0n);
    await createQuoteStore(sql);
    expect(await store.liveSince(0n)).toEqual(before);
  });
});
