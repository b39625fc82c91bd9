import { AmountError, parseAmount, type AmountErrorCode } from '../amount.ts';
import { TOKEN_DECIMALS } from '../domain.ts';

/**
 * What is wrong with the amount typed into the swap panel, in the order a user fixes them: the text
 * (`parseAmount`'s codes: empty, not a number, negative, too many decimals, too large), zero, then
 * the balance of the input token ('Insufficient balance'). `TOO_SMALL` is the quote's verdict: an
 * amount so small the pool pays nothing for it (the contract would revert).
 */
export type SwapAmountProblem = AmountErrorCode | 'ZERO' | 'INSUFFICIENT_BALANCE' | 'TOO_SMALL';

export type SwapAmountCheck =
  | { ok: true; amount: bigint }
  /** `amount` is the parsed amount when the text was a number (so a quote can still be shown). */
  | { ok: false; problem: SwapAmountProblem; amount: bigint | null };

/** Checks `text` against the input token's `balance` (null while it is not read yet: only the text is checked). */
export function checkSwapAmount(text: string, balance: bigint | null): SwapAmountCheck {
  let amount: bigint;
  try {
    amount = parseAmount(text, TOKEN_DECIMALS);
  } catch (error) {
    if (error instanceof AmountError) return { ok: false, problem: error.code, amount: null };
    throw error;
  }
  if (amount === 0n) return { ok: false, problem: 'ZERO', amount };
  if (balance !== null && amount > balance) return { ok: false, problem: 'INSUFFICIENT_BALANCE', amount };
  return { ok: true, amount };
}

/** The quote's verdict on a checked amount: a positive amount the pool pays nothing for is `TOO_SMALL`. */
export function withQuote(check: SwapAmountCheck, amountOut: bigint | null): SwapAmountCheck {
  if (check.ok && amountOut === 0n) return { ok: false, problem: 'TOO_SMALL', amount: check.amount };
  return check;
}
