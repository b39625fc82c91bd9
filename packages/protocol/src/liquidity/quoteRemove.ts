/**
 * Removing liquidity from a Uniswap V2 pair, as `UniswapV2Pair.burn` pays it, bigint only: each token
 * is `liquidity × balance / supply`, rounded down, where `balance` is what the pair holds of the token
 * (its `balanceOf`, which `burn` reads; equal to the reserve unless someone sent tokens to the pair).
 */
import { BPS } from '../swap/quoteMath.ts';

/** What the pair holds of each token (A, B as the form names them) and its LP supply. */
export type PairHoldings = { readonly balanceA: bigint; readonly balanceB: bigint; readonly totalSupply: bigint };

export type RemoveQuote = {
  readonly liquidity: bigint;
  readonly amountA: bigint;
  readonly amountB: bigint;
  /** `liquidity` over the LP supply, basis points, rounded down. */
  readonly shareBps: bigint;
};

/** The tokens `liquidity` LP is worth (what burning it pays now). 0 LP is worth nothing. */
export function quoteRemoveLiquidity(pair: PairHoldings, liquidity: bigint): RemoveQuote {
  const { balanceA, balanceB, totalSupply } = pair;
  if (liquidity < 0n) throw new RangeError('quoteRemoveLiquidity: negative liquidity');
  if (liquidity > totalSupply) throw new RangeError('quoteRemoveLiquidity: more LP than exists');
  if (liquidity === 0n) return { liquidity, amountA: 0n, amountB: 0n, shareBps: 0n };
  return {
    liquidity,
    amountA: (liquidity * balanceA) / totalSupply,
    amountB: (liquidity * balanceB) / totalSupply,
    shareBps: (liquidity * BPS) / totalSupply,
  };
}
