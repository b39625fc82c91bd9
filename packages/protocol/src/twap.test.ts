import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { dayEtroPrice, twapEtroInUsdt, type PairSync } from './twap.ts';

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

describe('dayEtroPrice', () => {
  const T = 20n * 86_400n;
  const D = T - 86_400n;
  /** A sync with exact reserves (base units), ETRO as token0. */
  const raw = (timestamp: bigint, etro: bigint, usdt: bigint): PairSync => ({
    reserve0: etro,
    reserve1: usdt,
    timestamp,
    blockNumber: BigInt(++place),
    logIndex: 0,
  });

  it('is the seconds-weighted mean of the floored per-sync prices over the day, floored once', () => {
    // 3 ETRO : 1 USDT before the day (p = ⌊10¹⁸/3⌋), 7 : 2 from D + 36,000 (p = ⌊2·10¹⁸/7⌋).
    const before = raw(D - 5n, 3n, 1n);
    const during = raw(D + 36_000n, 7n, 2n);
    const p1 = 10n ** 18n / 3n;
    const p2 = (2n * 10n ** 18n) / 7n;
    expect(dayEtroPrice([before, during], T, true)).toBe((p1 * 36_000n + p2 * 50_400n) / 86_400n);
  });

  it('leaves out a sync at T: it held no second of the day', () => {
    const before = raw(D - 5n, 3n, 1n);
    const atT = raw(T, 1n, 1000n);
    expect(dayEtroPrice([before, atT], T, true)).toBe(10n ** 18n / 3n);
    // The pair's first sync at T: no price for the day (ETRO owed), not that sync's price.
    expect(dayEtroPrice([atT], T, true)).toBeNull();
  });

  it('averages a pair younger than the day over the seconds since its first sync', () => {
    const first = raw(T - 100n, 1n, 2n);
    const second = raw(T - 40n, 1n, 5n);
    expect(dayEtroPrice([first, second], T, true)).toBe((2n * 10n ** 18n * 60n + 5n * 10n ** 18n * 40n) / 100n);
  });

  it('equals the formula by hand for any syncs in the day, and lies between their prices', () => {
    const step = fc.record({
      dt: fc.bigInt({ min: 0n, max: 20_000n }),
      etro: fc.bigInt({ min: 1n, max: 10n ** 27n }),
      usdt: fc.bigInt({ min: 1n, max: 10n ** 27n }),
    });
    fc.assert(
      fc.property(step, fc.array(step, { maxLength: 8 }), (first, rest) => {
        const syncs = [raw(D - 1n, first.etro, first.usdt)];
        let t = D;
        for (const s of rest) {
          t += s.dt;
          if (t >= T) break;
          syncs.push(raw(t, s.etro, s.usdt));
        }
        const price = (s: PairSync) => (s.reserve1 * 10n ** 18n) / s.reserve0;
        let weighted = 0n;
        for (let i = 0; i < syncs.length; i++) {
          const from = syncs[i]!.timestamp < D ? D : syncs[i]!.timestamp;
          const to = syncs[i + 1]?.timestamp ?? T;
          weighted += price(syncs[i]!) * (to - from);
        }
        const got = dayEtroPrice(syncs, T, true)!;
        expect(got).toBe(weighted / 86_400n);
        const prices = syncs
          .filter((s, i) => (syncs[i + 1]?.timestamp ?? T) > (s.timestamp < D ? D : s.timestamp))
          .map(price);
        expect(got >= prices.reduce((a, b) => (a < b ? a : b))).toBe(true);
        expect(got <= prices.reduce((a, b) => (a > b ? a : b))).toBe(true);
      }),
    );
  });
});
