/**
 * The list and buy sheets' validation, before anything is simulated or signed (spec §5): each problem
 * is a typed code the web shows in the user's language, on the field it concerns: every field's problem
 * at once (`problems`), and the first in the order a user fixes them (`field`, `problem`).
 */
import { AmountError, parseAmount, type AmountErrorCode } from '../amount.ts';
import { TOKEN_DECIMALS } from '../domain.ts';
import { isLotMultiple, marketCost } from './marketMath.ts';

/**
 * - `ENTER_UNIT_PRICE` / `ENTER_QUANTITY`: the field is empty ('enter the unit price', 'enter the quantity');
 * - `NOT_MULTIPLE_OF_10`: the quantity is not a multiple of 10 ('Trading multiples of 10');
 * - `BID_TOO_HIGH`: the unit price is above the maximum ('Your bid is too high, please do not exceed {price}!');
 * - `ZERO`, and the amount parser's codes (not a number, negative, too many decimals, too large);
 * - `INSUFFICIENT_BALANCE`: the EUSD to list or the USDT to pay is above the balance;
 * - `EXCEEDS_REMAINING`: a buy asks for more than the order holds.
 */
export type MarketProblem =
  | 'ENTER_UNIT_PRICE'
  | 'ENTER_QUANTITY'
  | 'NOT_MULTIPLE_OF_10'
  | 'BID_TOO_HIGH'
  | 'ZERO'
  | Exclude<AmountErrorCode, 'EMPTY'>
  | 'INSUFFICIENT_BALANCE'
  | 'EXCEEDS_REMAINING';

export type MarketField = 'unitPrice' | 'quantity';

export type MarketFormCheck<T> =
  | ({ readonly ok: true } & T)
  | {
      readonly ok: false;
      /** The first problem, in the order a user fixes them. */
      readonly field: MarketField;
      readonly problem: MarketProblem;
      /** Every field's own problem, all at once (a field's checks stop at its first). */
      readonly problems: Readonly<Partial<Record<MarketField, MarketProblem>>>;
    };

function failed(problems: Partial<Record<MarketField, MarketProblem>>): MarketFormCheck<never> {
  const field: MarketField = problems.unitPrice !== undefined ? 'unitPrice' : 'quantity';
  return { ok: false, field, problem: problems[field]!, problems };
}

type Parsed = { ok: true; value: bigint } | { ok: false; problem: MarketProblem };

function parseField(text: string, empty: 'ENTER_UNIT_PRICE' | 'ENTER_QUANTITY'): Parsed {
  if (text.trim() === '') return { ok: false, problem: empty };
  try {
    const value = parseAmount(text, TOKEN_DECIMALS);
    return value === 0n ? { ok: false, problem: 'ZERO' } : { ok: true, value };
  } catch (error) {
    if (!(error instanceof AmountError)) throw error;
    return { ok: false, problem: error.code === 'EMPTY' ? empty : error.code };
  }
}

/** The quantity's own checks: entered, a number, not zero, a multiple of 10. */
function checkQuantityText(text: string): Parsed {
  const parsed = parseField(text, 'ENTER_QUANTITY');
  if (parsed.ok && !isLotMultiple(parsed.value)) return { ok: false, problem: 'NOT_MULTIPLE_OF_10' };
  return parsed;
}

/**
 * The list sheet: a unit price in (0, maxUnitPrice] and a quantity, a multiple of 10 EUSD within the
 * EUSD balance. `maxUnitPrice` is the contract's, read with the form.
 */
export function checkListForm(
  input: { unitPrice: string; quantity: string },
  limits: { maxUnitPrice: bigint; eusdBalance: bigint },
): MarketFormCheck<{ unitPrice: bigint; quantity: bigint }> {
  const price = parseField(input.unitPrice, 'ENTER_UNIT_PRICE');
  const quantity = checkQuantityText(input.quantity);
  const problems: Partial<Record<MarketField, MarketProblem>> = {};
  if (!price.ok) problems.unitPrice = price.problem;
  else if (price.value > limits.maxUnitPrice) problems.unitPrice = 'BID_TOO_HIGH';
  if (!quantity.ok) problems.quantity = quantity.problem;
  else if (quantity.value > limits.eusdBalance) problems.quantity = 'INSUFFICIENT_BALANCE';
  if (!price.ok || !quantity.ok || problems.unitPrice || problems.quantity) return failed(problems);
  return { ok: true, unitPrice: price.value, quantity: quantity.value };
}

/**
 * The buy sheet: a quantity, a multiple of 10 EUSD, at most what the order holds, whose cost at the
 * order's unit price is within the USDT balance.
 */
export function checkBuyForm(
  input: { quantity: string },
  order: { unitPrice: bigint; remaining: bigint },
  usdtBalance: bigint,
): MarketFormCheck<{ quantity: bigint; cost: bigint }> {
  const quantity = checkQuantityText(input.quantity);
  if (!quantity.ok) return failed({ quantity: quantity.problem });
  if (quantity.value > order.remaining) return failed({ quantity: 'EXCEEDS_REMAINING' });
  const cost = marketCost(quantity.value, order.unitPrice);
  if (cost > usdtBalance) return failed({ quantity: 'INSUFFICIENT_BALANCE' });
  return { ok: true, quantity: quantity.value, cost };
}
