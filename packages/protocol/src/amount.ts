import { EternoError } from './errors.ts';
import { TOKEN_DECIMALS, type TokenSymbol } from './domain.ts';

/**
 * Token amounts as bigint base units, parsed from and formatted to decimal strings with integer
 * arithmetic only: a float never touches an amount. See docs/decisions/amount-display.md.
 */

const MAX_UINT256 = 2n ** 256n - 1n;

export const AMOUNT_ERROR_MESSAGES = {
  EMPTY: 'Please enter an amount',
  NOT_A_NUMBER: 'The amount is not a number',
  NEGATIVE: 'The amount cannot be negative',
  TOO_MANY_DECIMALS: 'The amount has too many decimal places',
  TOO_LARGE: 'The amount is too large',
} as const;

export type AmountErrorCode = keyof typeof AMOUNT_ERROR_MESSAGES;

export class AmountError extends EternoError<AmountErrorCode> {
  constructor(code: AmountErrorCode) {
    super(code, AMOUNT_ERROR_MESSAGES[code]);
  }
}

function checkDecimals(decimals: number): void {
  if (!Number.isSafeInteger(decimals) || decimals < 0 || decimals > 77) {
    throw new RangeError(`decimals must be an integer from 0 to 77, got ${decimals}`);
  }
}

const UNSIGNED_DECIMAL = /^(\d*)(?:\.(\d*))?$/;

/**
 * Parses a decimal string typed by a user ("12", "0.5", ".5", "5.") into base units of a token with
 * `decimals` decimals. Surrounding spaces are ignored; signs, exponents, grouping separators and
 * anything else are refused. Trailing zeros beyond `decimals` are accepted ("1.50" with 1 decimal),
 * other extra digits are refused rather than rounded. Throws `AmountError`.
 */
export function parseAmount(input: string, decimals: number): bigint {
  checkDecimals(decimals);
  const text = input.trim();
  if (text === '') throw new AmountError('EMPTY');
  const negative = text.startsWith('-');
  const match = UNSIGNED_DECIMAL.exec(negative ? text.slice(1) : text);
  if (match === null) throw new AmountError('NOT_A_NUMBER');
  const whole = match[1] ?? '';
  const fraction = (match[2] ?? '').replace(/0+$/, '');
  if (whole === '' && (match[2] ?? '') === '') throw new AmountError('NOT_A_NUMBER');
  if (negative) throw new AmountError('NEGATIVE');
  if (fraction.length > decimals) throw new AmountError('TOO_MANY_DECIMALS');
  const value = BigInt(`${whole || '0'}${fraction.padEnd(decimals, '0')}`);
  if (value > MAX_UINT256) throw new AmountError('TOO_LARGE');
  return value;
}

export type FormatAmountOptions = {
  /** Fraction digits kept at most (default 8); the rest is cut off, never rounded up. */
  digits?: number;
  /** Group the whole part by thousands with "," (default false). */
  grouping?: boolean;
};

/**
 * Formats base units as a decimal string. The fraction is truncated to `digits` digits (rounded
 * down in magnitude, so a balance is never shown larger than it is) and trailing zeros are
 * trimmed: 1.239999999 FON with 8 digits shows "1.23999999", 2.5 shows "2.5", 3 shows "3".
 */
export function formatAmount(value: bigint, decimals: number, opts: FormatAmountOptions = {}): string {
  checkDecimals(decimals);
  const digits = opts.digits ?? 8;
  if (!Number.isSafeInteger(digits) || digits < 0) {
    throw new RangeError(`digits must be a non-negative integer, got ${digits}`);
  }
  const magnitude = value < 0n ? -value : value;
  const base = 10n ** BigInt(decimals);
  const whole = magnitude / base;
  const fraction = (magnitude % base)
    .toString()
    .padStart(decimals, '0')
    .slice(0, Math.min(digits, decimals))
    .replace(/0+$/, '');
  const wholeText = opts.grouping ? groupThousands(whole.toString()) : whole.toString();
  const text = fraction === '' ? wholeText : `${wholeText}.${fraction}`;
  return value < 0n && /[1-9]/.test(text) ? `-${text}` : text;
}

/** An amount as typed back into an input: every decimal, no grouping (what "Max" fills in). */
export function formatInputAmount(value: bigint, decimals: number): string {
  return formatAmount(value, decimals, { digits: decimals });
}

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+$)/g, ',');
}

/**
 * The spec's 12-digit display (§9 "12 for the 1e12-scaled variant"): for small per-unit
 * quantities such as prices and per-LP ratios, which 8 digits would show as 0.
 */
export function formatScaled12(
  value: bigint,
  decimals: number = TOKEN_DECIMALS,
  opts: Pick<FormatAmountOptions, 'grouping'> = {},
): string {
  return formatAmount(value, decimals, { ...opts, digits: 12 });
}

/** Fraction digits shown per token (spec §9: 8 by default, 6 for USDT). */
export const DISPLAY_DIGITS: Readonly<Record<TokenSymbol, number>> = {
  UNITS: 8,
  EULP: 8,
  ETRO: 8,
  EUSD: 8,
  PUSD: 8,
  FON: 8,
  USDT: 6,
};

/** Formats an on-chain amount (18 decimals) of `token` with the token's display digits. */
export function formatTokenAmount(
  value: bigint,
  token: TokenSymbol,
  opts: Pick<FormatAmountOptions, 'grouping'> = {},
): string {
  return formatAmount(value, TOKEN_DECIMALS, { ...opts, digits: DISPLAY_DIGITS[token] });
}

/**
 * Whether `value` (base units) is a whole multiple of `wholeTokens` tokens, e.g. the spec's
 * 'Trading multiples of 10': `isMultipleOf(parseAmount('30', 18), 10)` is true, 25 and 10.5 are not.
 * Zero is a multiple; callers check a positive amount separately.
 */
export function isMultipleOf(value: bigint, wholeTokens: bigint | number, decimals: number = TOKEN_DECIMALS): boolean {
  checkDecimals(decimals);
  const step = BigInt(wholeTokens);
  if (step <= 0n) throw new RangeError(`wholeTokens must be positive, got ${wholeTokens}`);
  return value % (step * 10n ** BigInt(decimals)) === 0n;
}
