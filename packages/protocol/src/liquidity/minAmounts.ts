/**
 * The minimum amounts sent with an add or a remove (`amountAMin`, `amountBMin`): below them the router
 * reverts, so a price that moved more than the user's slippage tolerance between the quote and the
 * block cannot take or pay worse amounts. On an empty pair the amounts set the price and the router
 * takes them exactly, so the minimums are the amounts (the Uniswap interface does the same).
 */
import { minimumReceived } from '../swap/quoteMath.ts';

export type Minimums = { readonly amountAMin: bigint; readonly amountBMin: bigint };

export function liquidityMinimums(
  amounts: { readonly amountA: bigint; readonly amountB: bigint },
  slippageBps: bigint,
  firstLiquidity = false,
): Minimums {
  if (firstLiquidity) {
    if (amounts.amountA < 0n || amounts.amountB < 0n) throw new RangeError('liquidityMinimums: negative amount');
    return { amountAMin: amounts.amountA, amountBMin: amounts.amountB };
  }
  return {
    amountAMin: minimumReceived(amounts.amountA, slippageBps),
    amountBMin: minimumReceived(amounts.amountB, slippageBps),
  };
}
