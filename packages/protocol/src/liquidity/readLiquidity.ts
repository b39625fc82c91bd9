import { erc20Abi, type Address } from 'viem';
import { uniswapV2PairAbi } from '../generated/abis.ts';
import { aggregateStrict, blockNumberRead, blockTimestampRead, viewRead, type CallClient } from '../multicall.ts';
import { orderReserves } from '../pair.ts';
import { LIQUIDITY_PAIRS, type LiquidityContracts, type LiquidityPair } from './pairs.ts';
import type { PairState } from './quoteAdd.ts';
import type { PairHoldings } from './quoteRemove.ts';

export { MulticallCallError, MulticallUnavailableError, type CallClient } from '../multicall.ts';
export { PairMismatchError } from '../pair.ts';

/** The user's amount of token A, token B and the LP token, in that order of fields. */
export type PairAmounts = { readonly A: bigint; readonly B: bigint; readonly LP: bigint };

export type LiquidityRead = {
  readonly pair: LiquidityPair;
  readonly blockNumber: bigint;
  /** The block's timestamp (unix seconds): the deadline counts from it or the clock, the later. */
  readonly blockTimestamp: bigint;
  /** `getReserves`, ordered A/B, and the LP supply: what an add is quoted on. */
  readonly state: PairState;
  /** What the pair holds of A and B, and the LP supply: what a remove is quoted on. */
  readonly holdings: PairHoldings;
  /** The account's balances of A, B and the LP token. */
  readonly balances: PairAmounts;
  /** The account's allowances of A, B and the LP token to the router. */
  readonly allowances: PairAmounts;
};

/**
 * Everything the liquidity screen shows for one pair, in ONE `eth_call` to Multicall3: the pair's
 * reserves, token0 and token1 (checked against the tokens the deployments name: `PairMismatchError`),
 * LP supply and token holdings, the account's balances of both tokens and the LP and their allowances
 * to the router, the block number and timestamp. Throws `MulticallCallError` if any sub-call fails.
 */
export async function readLiquidity(
  client: CallClient,
  args: { contracts: LiquidityContracts; account: Address; pair: LiquidityPair },
): Promise<LiquidityRead> {
  const { contracts: c, account, pair } = args;
  const names = LIQUIDITY_PAIRS[pair];
  const lp = c[names.lp];
  const tokenA = c[names.tokenA];
  const tokenB = c[names.tokenB];
  const router = c.UniswapV2Router02;
  const balanceOf = (label: string, token: Address, owner: Address) =>
    viewRead(`${label}.balanceOf`, token, erc20Abi, 'balanceOf', [owner]);
  const allowance = (label: string, token: Address) =>
    viewRead(`${label}.allowance`, token, erc20Abi, 'allowance', [account, router]);
  const r = await aggregateStrict(client, c.Multicall3, {
    reserves: viewRead(`${pair}.getReserves`, lp, uniswapV2PairAbi, 'getReserves', []),
    token0: viewRead(`${pair}.token0`, lp, uniswapV2PairAbi, 'token0', []),
    token1: viewRead(`${pair}.token1`, lp, uniswapV2PairAbi, 'token1', []),
    totalSupply: viewRead(`${pair}.totalSupply`, lp, uniswapV2PairAbi, 'totalSupply', []),
    pairA: balanceOf(names.tokenA, tokenA, lp),
    pairB: balanceOf(names.tokenB, tokenB, lp),
    balanceA: balanceOf(names.tokenA, tokenA, account),
    balanceB: balanceOf(names.tokenB, tokenB, account),
    balanceLp: balanceOf(pair, lp, account),
    allowanceA: allowance(names.tokenA, tokenA),
    allowanceB: allowance(names.tokenB, tokenB),
    allowanceLp: allowance(pair, lp),
    blockNumber: blockNumberRead(c.Multicall3),
    blockTimestamp: blockTimestampRead(c.Multicall3),
  });
  const ordered = orderReserves(pair, lp, r.reserves, r, { usdt: tokenB, other: tokenA });
  return {
    pair,
    blockNumber: r.blockNumber,
    blockTimestamp: r.blockTimestamp,
    state: { reserveA: ordered.other, reserveB: ordered.usdt, totalSupply: r.totalSupply },
    holdings: { balanceA: r.pairA, balanceB: r.pairB, totalSupply: r.totalSupply },
    balances: { A: r.balanceA, B: r.balanceB, LP: r.balanceLp },
    allowances: { A: r.allowanceA, B: r.allowanceB, LP: r.allowanceLp },
  };
}
