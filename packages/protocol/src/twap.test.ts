import { describe, expect, it } from 'vitest';
import { twapEtroInUsdt, type PairSync } from './twap.ts';

const e18 = (n: bigint) => n * 10n ** 18n;
let place = 0;
/** A sync at `timestamp` with ETRO/USDT reserves (ETRO as token0). */
const sync = (timestamp: bigint, etro: bigint, usdt: bigint): PairSync => ({
  reserve0: e18(etro),
  reserve1: e18(usdt),
  timestamp,
  blockNumber: BigInt(++place),
  logIndex: 0,
});

describe('twapEtroInUsdt', () => {
  it('is the spot price when one sync before the window holds throughout', () => {
    expect(twapEtroInUsdt([sync(0n, 1000n, 500n)], 1800n, 10_000n, true)).toBe(e18(1n) / 2n);
  });

  it('weights each price by how long it held inside the window (the part before the window is cut)', () => {
    // 0.5 from before the window until 1,200 s into it, then 2.0 for the last 600 s.
    const syncs = [sync(100n, 1000n, 500n), sync(10_000n - 600n, 1000n, 2000n)];
    const expected = (e18(1n) / 2n) * 1200n + e18(2n) * 600n;
    expect(twapEtroInUsdt(syncs, 1800n, 10_000n, true)).toBe(expected / 1800n);
  });

  it('is not moved by a spike that lasted one second at the end of the window', () => {
    const syncs = [sync(0n, 1000n, 500n), sync(9_999n, 1000n, 50_000n)];
    const twap = twapEtroInUsdt(syncs, 1800n, 10_000n, true)!;
    expect(twap).toBe(((e18(1n) / 2n) * 1799n + e18(50n)) / 1800n);
    expect(twap < e18(1n)).toBe(true);
  });

  it('reads the reserves the other way round when ETRO is token1', () => {
    expect(twapEtroInUsdt([sync(0n, 500n, 1000n)], 1800n, 10_000n, false)).toBe(e18(1n) / 2n);
  });

  it('averages from the first sync when the pair is younger than the window', () => {
    const syncs = [sync(9_000n, 1000n, 1000n), sync(9_500n, 1000n, 3000n)];
    expect(twapEtroInUsdt(syncs, 1800n, 10_000n, true)).toBe((e18(1n) * 500n + e18(3n) * 500n) / 1000n);
  });

  it('takes the latest reserves when every sync is at the window end, and the last of one block', () => {
    const a = sync(10_000n, 1000n, 1000n);
    const b = { ...sync(10_000n, 1000n, 4000n), blockNumber: a.blockNumber, logIndex: 1 };
    expect(twapEtroInUsdt([b, a], 1800n, 10_000n, true)).toBe(e18(4n));
  });

  it('is null without a sync or with an empty reserve', () => {
    expect(twapEtroInUsdt([], 1800n, 10_000n, true)).toBeNull();
    expect(twapEtroInUsdt([sync(0n, 0n, 10n)], 1800n, 10_000n, true)).toBeNull();
  });
});
