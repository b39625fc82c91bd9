import type { Address } from 'viem';
import { etroSwapAbi } from '../generated/abis.ts';
import { planWrite, type TxStep } from '../tx/steps.ts';
import { swapTokens, type SwapContracts, type SwapDirection } from './readSwap.ts';

/**
 * The steps of a trade on the swap panel: `[approve?, swap]` for a buy (`swap(amountIn, minOut,
 * deadline)`, USDT spent) or `[approve?, sell]` for a sell (`sell(amountIn, minOut, deadline)`, ETRO
 * spent), the approval exact and only when the allowance read with the quote is below `amountIn`.
 * `deadline` is the unix time after which the trade reverts (`tradeDeadline` in ./deadline.ts).
 * Throws `InsufficientBalanceError` when `amountIn` is above the balance (nothing is sent).
 */
export function planSwap(args: {
  contracts: Pick<SwapContracts, 'USDT' | 'ETRO' | 'EtroSwap'>;
  direction: SwapDirection;
  amountIn: bigint;
  minOut: bigint;
  deadline: bigint;
  balance: bigint;
  allowance: bigint;
}): TxStep[] {
  const { contracts, direction, amountIn, minOut, deadline } = args;
  if (minOut < 0n) throw new RangeError('planSwap: minOut must not be negative');
  if (deadline <= 0n) throw new RangeError('planSwap: deadline must be a unix time');
  const { input } = swapTokens(direction);
  const token: Address = contracts[input];
  return planWrite({
    action: direction === 'buy' ? 'swap.buy' : 'swap.sell',
    call: {
      address: contracts.EtroSwap,
      abi: etroSwapAbi,
      functionName: direction === 'buy' ? 'swap' : 'sell',
      args: [amountIn, minOut, deadline],
    },
    spend: {
      token,
      symbol: input,
      spender: contracts.EtroSwap,
      amount: amountIn,
      balance: args.balance,
      allowance: args.allowance,
    },
  });
}
