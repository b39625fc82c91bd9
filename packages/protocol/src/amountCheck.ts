import { AmountError, parseAmount, type AmountErrorCode } from './amount.ts';
import { TOKEN_DECIMALS } from './domain.ts';

/**
 * Everything that can be wrong with an amount typed into a form, one code set for every form
 * (swap, stake, farm): the text (`parseAmount`'s codes: empty, not a number, negative, too many
 * decimals, too large), zero, then the form's own limits.
 */
export type AmountProblem =
  | AmountErrorCode
  | 'ZERO'
  | 'BELOW_MINIMUM'
  | 'INSUFFICIENT_BALANCE'
  | 'EXCEEDS_STAKED'
  | 'RESERVE_EXCEEDED'
  | 'TOO_MANY_RUNNING_ORDERS'
  | 'TOO_SMALL'
  | 'ABOVE_TX_CAP'
  | 'ABOVE_DAY_LIMIT'
  | 'OUT_OF_RANGE';

/** The problems every form shares: the text's and zero. */
export type AmountErrorCodeOrZero = AmountErrorCode | 'ZERO';

/** One limit of a form: the problem it reports and when a (positive, parsed) amount breaks it. */
export type AmountRule<P extends AmountProblem = AmountProblem> = {
  readonly problem: P;
  readonly fails: (amount: bigint) => boolean;
};

export type AmountCheck<P extends AmountProblem = AmountProblem> =
  | { readonly ok: true; readonly amount: bigint }
  /** `amount` is the parsed amount when the text was a number (a quote can still be shown), else null. */
  | { readonly ok: false; readonly problem: P; readonly amount: bigint | null };

/** A minimum (`BELOW_MINIMUM` under it). */
export function atLeast(minimum: bigint): AmountRule<'BELOW_MINIMUM'> {
  return { problem: 'BELOW_MINIMUM', fails: (amount) => amount < minimum };
}

/** Inclusive bounds (`OUT_OF_RANGE` outside them): a fixed-term deposit's minimum and maximum. */
export function between(minimum: bigint, maximum: bigint): AmountRule<'OUT_OF_RANGE'> {
  return { problem: 'OUT_OF_RANGE', fails: (amount) => amount < minimum || amount > maximum };
}

/** A maximum, reported as `problem` above it (the balance, the staked amount, …). */
export function atMost<P extends AmountProblem>(maximum: bigint, problem: P): AmountRule<P> {
  return { problem, fails: (amount) => amount > maximum };
}

/**
 * Parses `text` (18 decimals, like every ETERNO token) and checks it in the order a user fixes
 * them: the text, zero, then each rule in the order given. Nothing is sent unless this says ok.
 */
export function checkAmount<P extends AmountProblem = never>(
  text: string,
  rules: readonly AmountRule<P>[] = [],
): AmountCheck<AmountErrorCodeOrZero | P> {
  let amount: bigint;
  try {
    amount = parseAmount(text, TOKEN_DECIMALS);
  } catch (error) {
    if (error instanceof AmountError) return { ok: false, problem: error.code, amount: null };
    throw error;
  }
  if (amount === 0n) return { ok: false, problem: 'ZERO', amount };
  const broken = rules.find((rule) => rule.fails(amount));
  if (broken) return { ok: false, problem: broken.problem, amount };
  return { ok: true, amount };
}
