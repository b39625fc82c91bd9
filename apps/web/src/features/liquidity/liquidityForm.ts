import { DISPLAY_DIGITS, formatAmount, formatInputAmount } from '@eterno/protocol/amount';
import { atMost, checkAmount, type AmountCheck, type AmountProblem } from '@eterno/protocol/amountCheck';
import { TOKEN_DECIMALS } from '@eterno/protocol/domain';
import { liquidityMinimums, type Minimums } from '@eterno/protocol/liquidity/minAmounts';
import { isFirstLiquidity, pairedAmount, quoteAddLiquidity, type AddQuote } from '@eterno/protocol/liquidity/quoteAdd';
import { quoteRemoveLiquidity, type RemoveQuote } from '@eterno/protocol/liquidity/quoteRemove';
import type { LiquidityRead } from '@eterno/protocol/liquidity/readLiquidity';
import { slippageLevel } from '@eterno/protocol/swap/slippage';

/**
 * The liquidity screen's two forms as pure state (docs/decisions/liquidity.md): what each field shows,
 * its problem, the quote, the minimums with the user's slippage tolerance and what the button does.
 * Nothing is sent unless `submit.kind` is 'ready'.
 */

export type Side = 'A' | 'B';

export type SubmitState =
  | { kind: 'loading' }
  | { kind: 'enterAmount' }
  | { kind: 'invalid' }
  | { kind: 'refused' }
  | { kind: 'ready'; approvals: number; confirm: boolean };

const problemOf = (check: AmountCheck<AmountProblem>): AmountProblem | null =>
  check.ok || check.problem === 'EMPTY' ? null : check.problem;

export type AddFormInput = {
  /** What the user typed in each field. */
  readonly textA: string;
  readonly textB: string;
  /** The field typed last: on a pool with liquidity the other one follows at the pool's ratio. */
  readonly last: Side;
  readonly slippageBps: bigint;
  readonly data: LiquidityRead | undefined;
};

export type AddForm = {
  /** The field texts to show (the dependent one computed). */
  readonly textA: string;
  readonly textB: string;
  readonly problemA: AmountProblem | null;
  readonly problemB: AmountProblem | null;
  readonly firstLiquidity: boolean;
  readonly quote: AddQuote | null;
  readonly minimums: Minimums | null;
  readonly submit: SubmitState;
};

/**
 * The add form. On a pool with liquidity the last-typed field is checked (text, zero, balance) and the
 * other is its amount at the pool's ratio, checked against its balance; on an empty pool both are typed.
 * An amount whose pair rounds to 0 or that mints no LP is `TOO_SMALL`.
 */
export function addForm({ textA, textB, last, slippageBps, data }: AddFormInput): AddForm {
  if (!data) {
    return {
      textA,
      textB,
      problemA: null,
      problemB: null,
      firstLiquidity: false,
      quote: null,
      minimums: null,
      submit: { kind: 'loading' },
    };
  }
  const first = isFirstLiquidity(data.state);
  const checkSide = (text: string, side: Side) =>
    checkAmount(text, [atMost(data.balances[side], 'INSUFFICIENT_BALANCE')]);
  let checkA: AmountCheck<AmountProblem>;
  let checkB: AmountCheck<AmountProblem>;
  let shownA = textA;
  let shownB = textB;
  if (first) {
    checkA = checkSide(textA, 'A');
    checkB = checkSide(textB, 'B');
  } else {
    const typed = checkSide(last === 'A' ? textA : textB, last);
    const other: Side = last === 'A' ? 'B' : 'A';
    let dependent: AmountCheck<AmountProblem> = { ok: false, problem: 'EMPTY', amount: null };
    let dependentText = '';
    if (typed.amount !== null && typed.amount > 0n) {
      const paired = pairedAmount(data.state, last, typed.amount) ?? 0n;
      dependentText = formatInputAmount(paired, TOKEN_DECIMALS);
      dependent =
        paired === 0n
          ? { ok: false, problem: 'TOO_SMALL', amount: paired }
          : paired > data.balances[other]
            ? { ok: false, problem: 'INSUFFICIENT_BALANCE', amount: paired }
            : { ok: true, amount: paired };
    }
    if (last === 'A') {
      checkA = typed;
      checkB = dependent;
      shownB = dependentText;
    } else {
      checkB = typed;
      checkA = dependent;
      shownA = dependentText;
    }
  }

  let quote: AddQuote | null = null;
  if (checkA.ok && checkB.ok) {
    quote = quoteAddLiquidity(data.state, { amountA: checkA.amount, amountB: checkB.amount });
    if (quote.liquidity <= 0n) {
      const side = first || last === 'A' ? 'A' : 'B';
      const tooSmall = { ok: false, problem: 'TOO_SMALL', amount: null } as const;
      if (side === 'A') checkA = tooSmall;
      else checkB = tooSmall;
      quote = null;
    }
  }
  const minimums = quote ? liquidityMinimums(quote, slippageBps, quote.firstLiquidity) : null;
  // The swap's slippage policy: 'refuse' blocks, 'confirm' asks first.
  const level = slippageLevel(slippageBps);
  const empty = (c: AmountCheck<AmountProblem>) => !c.ok && c.problem === 'EMPTY';

  let submit: SubmitState;
  if (first ? empty(checkA) && empty(checkB) : empty(last === 'A' ? checkA : checkB)) submit = { kind: 'enterAmount' };
  else if (!quote || !checkA.ok || !checkB.ok)
    submit = { kind: first && (empty(checkA) || empty(checkB)) ? 'enterAmount' : 'invalid' };
  else if (level === 'refuse' && !quote.firstLiquidity) submit = { kind: 'refused' };
  else {
    const approvals = Number(data.allowances.A < quote.amountA) + Number(data.allowances.B < quote.amountB);
    submit = { kind: 'ready', approvals, confirm: level === 'confirm' && !quote.firstLiquidity };
  }

  return {
    textA: shownA,
    textB: shownB,
    problemA: problemOf(checkA),
    problemB: problemOf(checkB),
    firstLiquidity: first,
    quote,
    minimums,
    submit,
  };
}

export type RemoveForm = {
  readonly problem: AmountProblem | null;
  readonly quote: RemoveQuote | null;
  readonly minimums: Minimums | null;
  readonly submit: SubmitState;
};

/** The remove form: the LP amount checked against the LP in the wallet; what it pays and the minimums. */
export function removeForm(args: { text: string; slippageBps: bigint; data: LiquidityRead | undefined }): RemoveForm {
  const { text, slippageBps, data } = args;
  if (!data) return { problem: null, quote: null, minimums: null, submit: { kind: 'loading' } };
  let check: AmountCheck<AmountProblem> = checkAmount(text, [atMost(data.balances.LP, 'INSUFFICIENT_BALANCE')]);
  let quote = check.ok ? quoteRemoveLiquidity(data.holdings, check.amount) : null;
  if (check.ok && quote && quote.amountA === 0n && quote.amountB === 0n) {
    check = { ok: false, problem: 'TOO_SMALL', amount: check.amount };
    quote = null;
  }
  const minimums = quote ? liquidityMinimums(quote, slippageBps) : null;
  const level = slippageLevel(slippageBps);
  let submit: SubmitState;
  if (!check.ok && check.problem === 'EMPTY') submit = { kind: 'enterAmount' };
  else if (!check.ok || !quote) submit = { kind: 'invalid' };
  else if (level === 'refuse') submit = { kind: 'refused' };
  else
    submit = { kind: 'ready', approvals: Number(data.allowances.LP < quote.liquidity), confirm: level === 'confirm' };
  return { problem: problemOf(check), quote, minimums, submit };
}

/**
 * `percent` % of `balance`, as typed into the LP field (25 / 50 / 75 / 100 % buttons): 100 % is the
 * exact balance (everything can be removed); a part is cut to the LP's display digits, so the field
 * shows a number that fits.
 */
export function percentOf(balance: bigint, percent: bigint): string {
  if (percent >= 100n) return formatInputAmount(balance, TOKEN_DECIMALS);
  return formatAmount((balance * percent) / 100n, TOKEN_DECIMALS, { digits: DISPLAY_DIGITS.EULP });
}
