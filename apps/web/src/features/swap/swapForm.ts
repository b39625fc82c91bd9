import { AmountError, parseAmount } from '@eterno/protocol/amount';
import { TOKEN_DECIMALS } from '@eterno/protocol/domain';
import { minimumReceived } from '@eterno/protocol/swap/quoteMath';
import {
  MAX_QUOTE_INPUT,
  swapTokens,
  type SwapDirection,
  type SwapQuote,
  type SwapToken,
} from '@eterno/protocol/swap/readSwap';
import { tradePolicy, type TradePolicy } from '@eterno/protocol/swap/slippage';
import { checkSwapAmount, withQuote, type SwapAmountProblem } from '@eterno/protocol/swap/swapAmount';
import type { SwapView } from './useSwapRead.ts';

/** The amount to quote for a typed text: a positive number the contract can quote, else null (no quote asked). */
export function quoteAmount(text: string): bigint | null {
  try {
    const amount = parseAmount(text, TOKEN_DECIMALS);
    return amount > 0n && amount <= MAX_QUOTE_INPUT ? amount : null;
  } catch (error) {
    if (error instanceof AmountError) return null;
    throw error;
  }
}

/** What the submit button does / says. */
export type SubmitState =
  | { kind: 'loading' }
  | { kind: 'enterAmount' }
  | { kind: 'invalid'; problem: SwapAmountProblem }
  | { kind: 'quoting' }
  | { kind: 'refused'; policy: TradePolicy }
  | { kind: 'ready'; needsApproval: boolean; confirm: boolean };

export type SwapForm = {
  input: SwapToken;
  output: SwapToken;
  /** The input token's balance (null until read). */
  balance: bigint | null;
  /** The amount's problem to show under the input (an empty field shows none). */
  problem: SwapAmountProblem | null;
  /** The quote for exactly this direction and amount (null while none matches). */
  quote: SwapQuote | null;
  minOut: bigint | null;
  policy: TradePolicy | null;
  submit: SubmitState;
};

/**
 * The panel's state from what the user typed and the last read: pure, so every branch is tested.
 * A quote is used only when it was read for this very direction and amount; the minimum received
 * comes from that quote and the tolerance.
 */
export function swapForm(args: {
  text: string;
  direction: SwapDirection;
  slippageBps: bigint;
  data: SwapView | undefined;
}): SwapForm {
  const { text, direction, slippageBps, data } = args;
  const { input, output } = swapTokens(direction);
  const current = data !== undefined && data.direction === direction ? data : undefined;
  const balance = current ? current.balances[input] : null;
  const parsed = checkSwapAmount(text, balance);
  const quote =
    current?.quote &&
    parsed.amount !== null &&
    current.quote.amountIn === parsed.amount &&
    current.quote.direction === direction
      ? current.quote
      : null;
  const check = withQuote(parsed, quote?.amountOut ?? null);
  const minOut = quote ? minimumReceived(quote.amountOut, slippageBps) : null;
  const policy = quote
    ? tradePolicy({ slippageBps, priceImpactBps: quote.priceImpactBps })
    : tradePolicy({ slippageBps, priceImpactBps: null });
  const problem = check.ok || check.problem === 'EMPTY' ? null : check.problem;

  let submit: SubmitState;
  if (!current) submit = { kind: 'loading' };
  else if (!check.ok && check.problem === 'EMPTY') submit = { kind: 'enterAmount' };
  else if (!check.ok) submit = { kind: 'invalid', problem: check.problem };
  else if (policy.level === 'refuse') submit = { kind: 'refused', policy };
  else if (!quote) submit = { kind: 'quoting' };
  else submit = { kind: 'ready', needsApproval: current.allowance < check.amount, confirm: policy.level === 'confirm' };

  return {
    input,
    output,
    balance,
    problem,
    quote,
    minOut,
    policy: quote || policy.level !== 'ok' ? policy : null,
    submit,
  };
}
