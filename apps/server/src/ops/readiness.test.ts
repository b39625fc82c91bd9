import { describe, expect, it } from 'vitest';
import { readiness } from './readiness.ts';

describe('readiness', () => {
  it('shares one check among the calls of its cache window, and checks again after it', async () => {
    let clock = 0;
    let reads = 0;
    const ready = readiness({
      indexedBlock: async () => {
        reads++;
        return 10n;
      },
      chainHead: async () => 10n,
      maxLagBlocks: 0,
      cacheMs: 1_000,
      now: () => clock,
    });
    await Promise.all([ready(), ready()]);
    clock = 999;
    await ready();
    expect(reads).toBe(1);
    clock = 1_000;
    expect(await ready()).toMatchObject({ ready: true, lagBlocks: 0 });
    expect(reads).toBe(2);
  });

  it('is not ready when the RPC node does not answer, and never reports a negative lag', async () => {
    const down = readiness({
      indexedBlock: async () => 10n,
      chainHead: () => Promise.reject(new Error('timeout')),
      maxLagBlocks: 5,
    });
    expect(await down()).toMatchObject({ ready: false, chainHead: null, error: { code: 'CHAIN_UNAVAILABLE' } });
    const ahead = readiness({ indexedBlock: async () => 12n, chainHead: async () => 10n, maxLagBlocks: 0 });
    expect(await ahead()).toMatchObject({ ready: true, lagBlocks: 0 });
  });
});
