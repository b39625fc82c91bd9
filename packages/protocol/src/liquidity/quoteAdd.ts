/**
 * Adding liquidity to a Uniswap V2 pair, as `UniswapV2Router02.addLiquidity` and `UniswapV2Pair.mint`
 * compute it (docs/decisions/liquidity.md), bigint only: the other token's amount at the pair's
 * ratio, the amounts the router will really take, the LP tokens minted and the share of the pool
 * they are. The pairs' fee switch is off (`feeTo` = 0, renounced at deploy), so `mint` adds no
 * protocol fee LP before the user's.
 */
import { BPS } from '../swap/quoteMath.ts';

/** The LP tokens the pair locks forever at its first mint (`MINIMUM_LIQUIDITY`). */
export const MINIMUM_LIQUIDITY = 1_000n;

/** A pair's reserves, ordered as the form names its tokens (A, then B), and its LP supply. */
export type PairState = { readonly reserveA: bigint; readonly reserveB: bigint; readonly totalSupply: bigint };

export type AddQuote = {
  /** The pool is empty: the amounts set its price, the router takes them as they are. */
  readonly firstLiquidity: boolean;
  /** What the router takes (and the exact approvals). */
  readonly amountA: bigint;
  readonly amountB: bigint;
  /** The LP tokens minted to the user. 0 or less: the pair would revert `INSUFFICIENT_LIQUIDITY_MINTED`. */
  readonly liquidity: bigint;
  /** `liquidity` over the LP supply after the mint, basis points, rounded down. */
  readonly shareBps: bigint;
};

/** floor(√n), by Newton's method (the pair's `Math.sqrt` gives the same). */
export function isqrt(n: bigint): bigint {
  if (n < 0n) throw new RangeError('isqrt: negative');
  if (n < 2n) return n;
  let x = n;
  let y = (x + 1n) / 2n;
  while (y < x) {
    x = y;
    y = (x + n / x) / 2n;
  }
  return x;
}

/** `UniswapV2Library.quote`: `amount` of one side in the other at the reserves' ratio, rounded down. */
export function quote(amount: bigint, reserveIn: bigint, reserveOut: bigint): bigint {
  if (amount < 0n) throw new RangeError('quote: the amount must not be negative');
  if (reserveIn <= 0n || reserveOut <= 0n) throw new RangeError('quote: the pair has no liquidity');
  return (amount * reserveOut) / reserveIn;
}

/** The pair is empty: the router takes both amounts as the user sets them (the first liquidity sets the price). */
export function isFirstLiquidity(pair: PairState): boolean {
  return pair.reserveA === 0n && pair.reserveB === 0n;
}

/**
 * The other side's amount for `amount` typed on `side`, at the pair's ratio (the Uniswap interface's
 * dependent field); null for an empty pair, where the user types both.
 */
export function pairedAmount(pair: PairState, side: 'A' | 'B', amount: bigint): bigint | null {
  if (isFirstLiquidity(pair)) return null;
  return side === 'A' ? quote(amount, pair.reserveA, pair.reserveB) : quote(amount, pair.reserveB, pair.reserveA);
}

/**
 * What `addLiquidity(amountADesired, amountBDesired)` does: on an empty pair both amounts, else the
 * router's optimal pair of amounts (all of A and B at the ratio, or all of B and A at the ratio), the
 * LP minted (`√(a·b) − 1,000` at the first mint, else the smaller of `a·supply/reserveA` and
 * `b·supply/reserveB`) and its share of the supply after the mint.
 */
export function quoteAddLiquidity(pair: PairState, desired: { amountA: bigint; amountB: bigint }): AddQuote {
  const { reserveA, reserveB, totalSupply } = pair;
  if (desired.amountA < 0n || desired.amountB < 0n) throw new RangeError('quoteAddLiquidity: negative amount');
  const firstLiquidity = isFirstLiquidity(pair);
  let amountA = desired.amountA;
  let amountB = desired.amountB;
  if (!firstLiquidity) {
    const optimalB = quote(desired.amountA, reserveA, reserveB);
    if (optimalB <= desired.amountB) amountB = optimalB;
    else amountA = quote(desired.amountB, reserveB, reserveA);
  }
  let liquidity: bigint;
  let supplyAfter: bigint;
  if (totalSupply === 0n) {
    liquidity = isqrt(amountA * amountB) - MINIMUM_LIQUIDITY;
    supplyAfter = liquidity + MINIMUM_LIQUIDITY;
  } else if (reserveA === 0n || reserveB === 0n) {
    // LP exists but a reserve is empty: the pair's mint would divide by zero.
    liquidity = 0n;
    supplyAfter = totalSupply;
  } else {
    const byA = (amountA * totalSupply) / reserveA;
    const byB = (amountB * totalSupply) / reserveB;
    liquidity = byA < byB ? byA : byB;
    supplyAfter = totalSupply + liquidity;
  }
  const shareBps = liquidity > 0n && supplyAfter > 0n ? (liquidity * BPS) / supplyAfter : 0n;
  return { firstLiquidity, amountA, amountB, liquidity, shareBps };
}
