import type { Address } from 'viem';
import { uniswapV2Router02Abi } from '../generated/abis.ts';
import { planWrite, type TxStep } from '../tx/steps.ts';
import { LIQUIDITY_PAIRS, type LiquidityContracts, type LiquidityPair } from './pairs.ts';

/**
 * The steps of a remove: `[approve LP?, removeLiquidity]` on `UniswapV2Router02` (the router moves the
 * LP to the pair, which burns it), the approval for exactly `liquidity` and only when the allowance is
 * below it; `removeLiquidity(tokenA, tokenB, liquidity, amountAMin, amountBMin, to, deadline)`. Throws
 * `InsufficientBalanceError` when `liquidity` is above the LP balance (nothing is sent).
 */
export function planRemoveLiquidity(args: {
  contracts: Pick<LiquidityContracts, 'UniswapV2Router02' | 'USDT' | 'ETRO' | 'EUSD' | 'EULP' | 'ELP'>;
  pair: LiquidityPair;
  liquidity: bigint;
  amountAMin: bigint;
  amountBMin: bigint;
  /** Who receives the tokens: the user. */
  to: Address;
  deadline: bigint;
  /** The LP balance and its allowance to the router, read with the quote. */
  balance: bigint;
  allowance: bigint;
}): TxStep[] {
  const { contracts: c, pair, liquidity, amountAMin, amountBMin, deadline } = args;
  if (amountAMin < 0n || amountBMin < 0n) throw new RangeError('planRemoveLiquidity: negative minimum');
  if (deadline <= 0n) throw new RangeError('planRemoveLiquidity: deadline must be a unix time');
  const names = LIQUIDITY_PAIRS[pair];
  const router = c.UniswapV2Router02;
  return planWrite({
    action: 'liquidity.remove',
    call: {
      address: router,
      abi: uniswapV2Router02Abi,
      functionName: 'removeLiquidity',
      args: [c[names.tokenA], c[names.tokenB], liquidity, amountAMin, amountBMin, args.to, deadline],
    },
    spend: {
      token: c[names.lp],
      symbol: pair,
      spender: router,
      amount: liquidity,
      balance: args.balance,
      allowance: args.allowance,
    },
  });
}
