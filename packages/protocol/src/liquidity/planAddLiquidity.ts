import type { Address } from 'viem';
import { uniswapV2Router02Abi } from '../generated/abis.ts';
import { planWrite, type TxStep } from '../tx/steps.ts';
import { LIQUIDITY_PAIRS, type LiquidityContracts, type LiquidityPair } from './pairs.ts';
import type { PairAmounts } from './readLiquidity.ts';

/**
 * The steps of an add: `[approve A?, approve B?, addLiquidity]` on `UniswapV2Router02`, each approval
 * for exactly the amount the router takes and only when the allowance read with the quote is below it;
 * `addLiquidity(tokenA, tokenB, amountA, amountB, amountAMin, amountBMin, to, deadline)`. Throws
 * `InsufficientBalanceError` when either amount is above its balance (nothing is sent).
 */
export function planAddLiquidity(args: {
  contracts: Pick<LiquidityContracts, 'UniswapV2Router02' | 'USDT' | 'ETRO' | 'EUSD'>;
  pair: LiquidityPair;
  amountA: bigint;
  amountB: bigint;
  amountAMin: bigint;
  amountBMin: bigint;
  /** Who receives the LP: the user. */
  to: Address;
  /** Unix time after which the router reverts (`tradeDeadline` of ../swap/deadline.ts). */
  deadline: bigint;
  balances: Pick<PairAmounts, 'A' | 'B'>;
  allowances: Pick<PairAmounts, 'A' | 'B'>;
}): TxStep[] {
  const { contracts: c, pair, amountA, amountB, amountAMin, amountBMin, deadline } = args;
  if (amountAMin < 0n || amountBMin < 0n) throw new RangeError('planAddLiquidity: negative minimum');
  if (amountAMin > amountA || amountBMin > amountB) throw new RangeError('planAddLiquidity: minimum above the amount');
  if (deadline <= 0n) throw new RangeError('planAddLiquidity: deadline must be a unix time');
  const names = LIQUIDITY_PAIRS[pair];
  const router = c.UniswapV2Router02;
  const tokenA = c[names.tokenA];
  const tokenB = c[names.tokenB];
  return planWrite({
    action: 'liquidity.add',
    call: {
      address: router,
      abi: uniswapV2Router02Abi,
      functionName: 'addLiquidity',
      args: [tokenA, tokenB, amountA, amountB, amountAMin, amountBMin, args.to, deadline],
    },
    spends: [
      {
        token: tokenA,
        symbol: names.tokenA,
        spender: router,
        amount: amountA,
        balance: args.balances.A,
        allowance: args.allowances.A,
      },
      {
        token: tokenB,
        symbol: names.tokenB,
        spender: router,
        amount: amountB,
        balance: args.balances.B,
        allowance: args.allowances.B,
      },
    ],
  });
}
