/**
 * The swap panel's pure figures, bigint only (the ETRO price is `pairPrice` of ../pair.ts): the price
 * impact of a trade (mid price vs execution price) and the minimum received for a slippage
 * tolerance. See docs/decisions/swap-and-vesting.md.
 */

/** 100 % in basis points. */
export const BPS = 10_000n;

export type Reserves = { readonly usdt: bigint; readonly etro: bigint };

/**
 * How much worse the execution price of a trade is than the pool's mid price, in basis points,
 * rounded UP (never understated): `1 − amountOut / (amountIn × reserveOut / reserveIn)`.
 * `amountIn` is what reaches the pool (a buy's USDT after the swap's own fee, which the panel shows
 * apart); the pool's 0.3 % fee is part of the impact, as in Uniswap V2's SDK. 0 for an empty
 * trade or an output at or above the mid price.
 */
export function priceImpactBps(args: {
  amountIn: bigint;
  amountOut: bigint;
  reserveIn: bigint;
  reserveOut: bigint;
}): bigint {
  const { amountIn, amountOut, reserveIn, reserveOut } = args;
  if (amountIn < 0n || amountOut < 0n) throw new RangeError('priceImpactBps: amounts must not be negative');
  if (reserveIn <= 0n || reserveOut <= 0n) throw new RangeError('priceImpactBps: the pair has no liquidity');
  if (amountIn === 0n) return 0n;
  // amountOut / (amountIn × reserveOut / reserveIn) = amountOut × reserveIn / (amountIn × reserveOut)
  const ideal = amountIn * reserveOut;
  const actual = amountOut * reserveIn;
  if (actual >= ideal) return 0n;
  const shortfall = (ideal - actual) * BPS;
  return (shortfall + ideal - 1n) / ideal;
}

/** Checks a slippage tolerance in basis points: an integer from 0 to 10 000. */
export function assertSlippageBps(slippageBps: bigint): void {
  if (slippageBps < 0n || slippageBps > BPS) {
    throw new RangeError(`slippage must be 0–10000 basis points, got ${slippageBps}`);
  }
}

/**
 * The least output a trade quoted at `amountOut` may pay with a tolerance of `slippageBps`:
 * `amountOut × (10 000 − slippageBps) / 10 000`, rounded down. This is the `minOut` sent to the
 * contract, which reverts `InsufficientOutput` below it.
 */
export function minimumReceived(amountOut: bigint, slippageBps: bigint): bigint {
  assertSlippageBps(slippageBps);
  if (amountOut < 0n) throw new RangeError('minimumReceived: amountOut must not be negative');
  return (amountOut * (BPS - slippageBps)) / BPS;
}
