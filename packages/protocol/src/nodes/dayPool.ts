/**
 * The node reward pool of one UTC day (ECONOMY §9): `poolBps` of the day's package payments
 * (rounded down once, on the day's total), plus what earlier days could not pay (`carryIn`: the
 * rounding dust of the splits and the pool of a day without node power). USDT base units, bigint
 * only. Rules: docs/decisions/nodes.md ("Node rewards").
 */
import { BPS } from '../finance/rules.ts';

export function dayPool(payments: bigint, poolBps: number, carryIn: bigint): bigint {
  if (!Number.isSafeInteger(poolBps) || poolBps < 0 || poolBps > 10_000)
    throw new RangeError(`poolBps must be an integer from 0 to 10000, got ${poolBps}`);
  if (payments < 0n) throw new RangeError(`payments must not be negative, got ${payments}`);
  if (carryIn < 0n) throw new RangeError(`carryIn must not be negative, got ${carryIn}`);
  return (payments * BigInt(poolBps)) / BPS + carryIn;
}
