/**
 * The list and buy sheets' validation, before anything is simulated or signed (spec §5): each problem
 * is a typed code the web shows in the user's language, on the field it concerns, in the order a user
 * fixes them (the unit price, then the quantity).
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
  | { readonly ok: false; readonly field: MarketField; readonly problem: MarketProblem };

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
  if (!price.ok) return { ok: false, field: 'unitPrice', problem: price.problem };
  if (price.value > limits.maxUnitPrice) return { ok: false, field: 'unitPrice', problem: 'BID_TOO_HIGH' };
  const quantity = checkQuantityText(input.quantity);
  if (!quantity.ok) return { ok: false, field: 'quantity', problem: quantity.problem };
  if (quantity.value > limits.eusdBalance) return { ok: false, field: 'quantity', problem: 'INSUFFICIENT_BALANCE' };
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
  if (!quantity.ok) return { ok: false, field: 'quantity', problem: quantity.problem };
  if (quantity.value > order.remaining) return { ok: false, field: 'quantity', problem: 'EXCEEDS_REMAINING' };
  const cost = marketCost(quantity.value, order.unitPrice);
  if (cost > usdtBalance) return { ok: false, field: 'quantity', problem: 'INSUFFICIENT_BALANCE' };
  return { ok: true, quantity: quantity.value, cost };
}
