/**
 * The maths of a Uniswap V2 pair with USDT on one side: its reserves ordered by `token0` (and
 * checked against the tokens the deployments name), the price of the other side in USDT, the LP
 * stats, and a value at a price. bigint only, 18-decimal fixed point, truncated. Used by the Home
 * read (market.ts), the swap and the farm.
 */
import { isAddressEqual, type Address } from 'viem';
import { EternoError } from './errors.ts';

/** Fixed-point scale of prices and per-LP ratios: 18 decimals, like every ETERNO token. */
export const PRICE_SCALE = 10n ** 18n;

/** A figure that needs a pair's price: absent (not 0, not a division by zero) while the pair is empty. */
export type Priced<T> = { readonly kind: 'value'; readonly value: T } | { readonly kind: 'noLiquidity' };

export const NO_LIQUIDITY: Priced<never> = { kind: 'noLiquidity' };

export const priced = <T>(value: T): Priced<T> => ({ kind: 'value', value });

/** A Uniswap V2 pair with USDT on one side: both reserves, ordered by the pair's `token0`. */
export type UsdtPairReserves = { readonly usdt: bigint; readonly other: bigint };

/** Token per LP token and the LP supply of the ETRO/USDT pair (spec §3 "Lp stats"). */
export type LpStats = {
  readonly totalSupply: bigint;
  readonly usdtReserve: bigint;
  readonly etroReserve: bigint;
  /** ETRO behind one EULP, 18-decimal fixed point; noLiquidity while no EULP exists. */
  readonly etroPerLp: Priced<bigint>;
};

/** A pair named by the deployments does not hold the tokens it should. */
export class PairMismatchError extends EternoError<'PAIR_MISMATCH'> {
  readonly pair: Address;
  readonly token0: Address;
  readonly token1: Address;
  constructor(label: string, pair: Address, tokens: { token0: Address; token1: Address }) {
    super(
      'PAIR_MISMATCH',
      `${label} at ${pair} holds ${tokens.token0} and ${tokens.token1}, not the tokens the deployments name`,
    );
    this.pair = pair;
    this.token0 = tokens.token0;
    this.token1 = tokens.token1;
  }
}

/**
 * Orders a USDT pair's reserves by its `token0`; throws `PairMismatchError` unless the pair's two
 * tokens are exactly USDT and the expected other token.
 */
export function orderReserves(
  label: string,
  pair: Address,
  reserves: readonly [bigint, bigint, number],
  tokens: { token0: Address; token1: Address },
  expected: { usdt: Address; other: Address },
): UsdtPairReserves {
  const [r0, r1] = reserves;
  const is = (a: Address, b: Address) => isAddressEqual(a, b);
  if (is(tokens.token0, expected.usdt) && is(tokens.token1, expected.other)) return { usdt: r0, other: r1 };
  if (is(tokens.token0, expected.other) && is(tokens.token1, expected.usdt)) return { usdt: r1, other: r0 };
  throw new PairMismatchError(label, pair, tokens);
}

/** USDT per one token of the pair's other side, 18-decimal fixed point, truncated; noLiquidity when a reserve is 0. */
export function pairPrice(reserves: UsdtPairReserves): Priced<bigint> {
  if (reserves.usdt === 0n || reserves.other === 0n) return NO_LIQUIDITY;
  return priced((reserves.usdt * PRICE_SCALE) / reserves.other);
}

/** The ETRO/USDT pair's LP stats; etroPerLp is truncated and absent while no LP exists. */
export function lpStats(reserves: UsdtPairReserves, totalSupply: bigint): LpStats {
  return {
    totalSupply,
    usdtReserve: reserves.usdt,
    etroReserve: reserves.other,
    etroPerLp: totalSupply === 0n ? NO_LIQUIDITY : priced((reserves.other * PRICE_SCALE) / totalSupply),
  };
}

/** The USDT value of `amount` tokens at `price` (both 18 decimals), truncated. */
export function valueAt(amount: bigint, price: bigint): bigint {
  return (amount * price) / PRICE_SCALE;
}
