import { atMost, checkAmount, type AmountCheck, type AmountProblem } from '../amountCheck.ts';

/**
 * The swap panel's amount, checked by the one amount checker (`checkAmount`) in the order a user
 * fixes them: the text, zero, then the balance of the input token ('Insufficient balance').
 * `TOO_SMALL` is the quote's verdict: an amount so small the pool pays nothing for it (the
 * contract would revert).
 */
export type SwapAmountProblem = Exclude<AmountProblem, 'BELOW_MINIMUM' | 'EXCEEDS_STAKED' | 'RESERVE_EXCEEDED'>;

export type SwapAmountCheck = AmountCheck<SwapAmountProblem>;

/** Checks `text` against the input token's `balance` (null while it is not read yet: only the text is checked). */
export function checkSwapAmount(text: string, balance: bigint | null): SwapAmountCheck {
  return checkAmount(text, balance === null ? [] : [atMost(balance, 'INSUFFICIENT_BALANCE')]);
}

/** The quote's verdict on a checked amount: a positive amount the pool pays nothing for is `TOO_SMALL`. */
export function withQuote(check: SwapAmountCheck, amountOut: bigint | null): SwapAmountCheck {
  if (check.ok && amountOut === 0n) return { ok: false, problem: 'TOO_SMALL', amount: check.amount };
  return check;
}
