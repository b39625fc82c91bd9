import { EternoError } from '../errors.ts';

/**
 * The swap's transaction deadline (docs/decisions/swap-and-vesting.md): `EtroSwap.swap` / `sell`
 * take a unix time after which the trade reverts (`DeadlineExpired`), so a trade left waiting in a
 * wallet or a mempool cannot execute long after the user saw its quote. The user sets how many
 * minutes a trade may wait — whole minutes, 1 to 4,320 (3 days), default 20, as on Uniswap.
 */

export const DEFAULT_DEADLINE_MINUTES = 20n;
export const MIN_DEADLINE_MINUTES = 1n;
export const MAX_DEADLINE_MINUTES = 4_320n;

export type DeadlineErrorCode = 'DEADLINE_INVALID' | 'DEADLINE_OUT_OF_RANGE';

/** A deadline setting the panel cannot use: not a whole number of minutes, or outside 1–4,320. */
export class DeadlineError extends EternoError<DeadlineErrorCode> {
  constructor(code: DeadlineErrorCode) {
    super(
      code,
      code === 'DEADLINE_INVALID'
        ? 'Enter the deadline as a whole number of minutes'
        : `The deadline must be between ${MIN_DEADLINE_MINUTES} and ${MAX_DEADLINE_MINUTES} minutes`,
    );
  }
}

/** Whether `minutes` is a deadline setting the panel accepts. */
export function isDeadlineMinutes(minutes: bigint): boolean {
  return minutes >= MIN_DEADLINE_MINUTES && minutes <= MAX_DEADLINE_MINUTES;
}

/** Parses a deadline typed in minutes ("20", " 45 "). Throws `DeadlineError`. */
export function parseDeadlineMinutes(text: string): bigint {
  const trimmed = text.trim();
  if (!/^\d{1,9}$/.test(trimmed)) throw new DeadlineError('DEADLINE_INVALID');
  const minutes = BigInt(trimmed);
  if (!isDeadlineMinutes(minutes)) throw new DeadlineError('DEADLINE_OUT_OF_RANGE');
  return minutes;
}

/**
 * The deadline (unix seconds) of a trade sent now: `minutes` after the later of the chain's time
 * (the timestamp of the block the quote was read at) and the device's clock. The chain's time
 * counts when it runs ahead of the clock (a test chain moved forward); the clock counts when no
 * block has been mined for a while (the next block takes the time it is mined at).
 */
export function tradeDeadline(args: { blockTimestamp: bigint; nowSeconds: bigint; minutes: bigint }): bigint {
  const { blockTimestamp, nowSeconds, minutes } = args;
  if (!isDeadlineMinutes(minutes)) throw new DeadlineError('DEADLINE_OUT_OF_RANGE');
  if (blockTimestamp < 0n || nowSeconds < 0n) throw new RangeError('tradeDeadline: times must not be negative');
  const base = blockTimestamp > nowSeconds ? blockTimestamp : nowSeconds;
  return base + minutes * 60n;
}

/** The device's clock in unix seconds. */
export function nowInSeconds(): bigint {
  return BigInt(Math.floor(Date.now() / 1000));
}
