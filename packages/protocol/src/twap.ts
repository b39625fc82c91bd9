/**
 * The EULP pair's time-weighted average ETRO price from its `Sync` reserves, shared by the
 * exchange quotes (30-minute window) and the finance settlement (the settled day). Integer maths,
 * rounding down.
 */
import { DAY_SECONDS } from './finance/rules.ts';
import { PRICE_SCALE } from './pair.ts';

/** One `Sync` of the pair: its reserves from then on, and where it sits on chain. */
export type PairSync = { reserve0: bigint; reserve1: bigint; timestamp: bigint; blockNumber: bigint; logIndex: number };

/**
 * The time-weighted average of the ETRO price in USDT (18-decimal fixed point) over
 * [end − window, end], from the pair's syncs (`syncs` ordered oldest first; the first may be
 * before the window: the reserves at its start). Each sync's price holds until the next one.
 * When the pair is younger than the window, the average runs from its first sync. Null when no
 * sync is known or a reserve is zero.
 */
export function twapEtroInUsdt(
  syncs: readonly PairSync[],
  window: bigint,
  end: bigint,
  etroIsToken0: boolean,
): bigint | null {
  const priceOf = (s: PairSync): bigint | null => {
    const etro = etroIsToken0 ? s.reserve0 : s.reserve1;
    const usdt = etroIsToken0 ? s.reserve1 : s.reserve0;
    return etro === 0n || usdt === 0n ? null : (usdt * PRICE_SCALE) / etro;
  };
  const sorted = [...syncs].sort((a, b) =>
    a.blockNumber !== b.blockNumber ? (a.blockNumber < b.blockNumber ? -1 : 1) : a.logIndex - b.logIndex,
  );
  if (sorted.length === 0) return null;
  const start = end - window;
  let weighted = 0n;
  let total = 0n;
  for (let i = 0; i < sorted.length; i++) {
    const sync = sorted[i]!;
    const from = sync.timestamp > start ? sync.timestamp : start;
    const next = sorted[i + 1];
    const to = next === undefined ? end : next.timestamp < end ? next.timestamp : end;
    if (to <= from) continue;
    const price = priceOf(sync);
    if (price === null) return null;
    weighted += price * (to - from);
    total += to - from;
  }
  // All syncs at the window's end (or a zero window): the latest reserves are the price.
  if (total === 0n) return priceOf(sorted.at(-1)!);
  return weighted / total;
}

/**
 * The price of the day that ends at `T` (00:00 UTC), at which the settlement of that day pays ETRO
 * (ECONOMY §10), as an integer:
 *
 *   price(D) = ⌊ Σᵢ pᵢ · sᵢ / Σᵢ sᵢ ⌋,  pᵢ = ⌊ usdtᵢ · 10¹⁸ / etroᵢ ⌋
 *
 * over the pair's `Sync`s: pᵢ the price of the reserves a sync left (each floored on its own), sᵢ the
 * seconds of [T − 1 day, T) they held (until the next sync, or T); the reserves before the day's
 * first sync hold from the day's start. Floored once, at the end. A sync at T or later belongs to the
 * next day (it held no second of this one): it is left out, so the price never depends on whether
 * the settlement ran before or after it in the block at T. A pair younger than the day averages over
 * the seconds since its first sync; no sync before T, or an empty reserve, gives null (the ETRO is
 * then owed, docs/decisions/finance.md).
 */
export function dayEtroPrice(syncs: readonly PairSync[], T: bigint, etroIsToken0: boolean): bigint | null {
  return twapEtroInUsdt(
    syncs.filter((s) => s.timestamp < T),
    DAY_SECONDS,
    T,
    etroIsToken0,
  );
}
