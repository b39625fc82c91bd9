import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { processShare, rateLimit } from './rateLimit.ts';

describe('processShare', () => {
  it('splits the burst and slows the pace by the number of API processes', () => {
    expect(processShare({ burst: 20, refillMs: 3_000 }, 1)).toEqual({ burst: 20, refillMs: 3_000 });
    expect(processShare({ burst: 20, refillMs: 3_000 }, 2)).toEqual({ burst: 10, refillMs: 6_000 });
    expect(processShare({ burst: 40, refillMs: 2_000 }, 3)).toEqual({ burst: 13, refillMs: 6_000 });
    // Never a bucket that refuses everything.
    expect(processShare({ burst: 2, refillMs: 1_000 }, 5)).toEqual({ burst: 1, refillMs: 5_000 });
  });

  it('refuses a count that is not a positive integer', () => {
    for (const bad of [0, -1, 1.5, Number.NaN]) expect(() => processShare({ burst: 20, refillMs: 1 }, bad)).toThrow();
  });

  it('N processes behind round-robin grant one client at most the budget of one process, in burst and in pace', async () => {
    let t = 0;
    const processes = 4;
    const limit = { burst: 20, refillMs: 1_000 };
    const apps = Array.from({ length: processes }, () =>
      new Hono()
        .use(rateLimit({ ...processShare(limit, processes), clientKey: () => 'one client', now: () => t }))
        .get('/', (c) => c.text('ok')),
    );
    let next = 0;
    const ask = async () => (await apps[next++ % processes]!.request('/')).status;
    const burst = await Promise.all(Array.from({ length: 40 }, ask));
    expect(burst.filter((s) => s === 200)).toHaveLength(limit.burst);
    // One minute later, asked every 100 ms: about one per refillMs across all of them.
    let granted = 0;
    for (t = 60_000; t < 120_000; t += 100) if ((await ask()) === 200) granted += 1;
    expect(granted).toBeLessThanOrEqual(limit.burst + 60_000 / limit.refillMs);
    expect(granted).toBeGreaterThanOrEqual(60_000 / limit.refillMs);
  });
});
