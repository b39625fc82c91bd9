import { formatAmount } from './amount.ts';
import { TOKEN_DECIMALS } from './domain.ts';

/**
 * Figures for a narrow screen: a short text that always fits, and the exact text a tap reveals
 * (docs/decisions/amount-display.md "Figures on a phone"). bigint only, no float.
 */

/** The app's two languages; the compact units differ (1.2 M in English, 120万 in Chinese). */
export type FigureLocale = 'en' | 'zh';

/** What a figure shows: `text` on screen, `exact` on tap; `shortened` when the two differ. */
export type FigureText = {
  readonly text: string;
  readonly exact: string;
  readonly shortened: boolean;
};

/** English units: thousand-based (the compact notation of Uniswap, Aave, CoinGecko). */
const EN_UNITS = [
  { exponent: 12, unit: 'T' },
  { exponent: 9, unit: 'B' },
  { exponent: 6, unit: 'M' },
] as const;

/** Chinese units: myriad-based (万 = 10^4, 亿 = 10^8, 万亿 = 10^12), as Chinese finance apps write them. */
const ZH_UNITS = [
  { exponent: 12, unit: '万亿' },
  { exponent: 8, unit: '亿' },
  { exponent: 4, unit: '万' },
] as const;

/** Where compaction starts, in both languages: a whole part of 7 digits (1,000,000 = 1.00 M = 100.00万). */
const COMPACT_FROM = 10n ** 6n;

/**
 * `value` (base units of `decimals`) in a compact form from a million on: 50,018,736.09 is
 * "50.01 M" in English and "5001.87万" in Chinese (no grouping before 万, as Chinese apps write it).
 * The mantissa keeps 2 fraction digits, truncated like every amount (never shown larger than it
 * is); below a million, null (the caller shows the amount itself).
 */
export function compactAmount(value: bigint, decimals: number, locale: FigureLocale): string | null {
  const magnitude = value < 0n ? -value : value;
  const whole = magnitude / 10n ** BigInt(decimals);
  if (whole < COMPACT_FROM) return null;
  const units = locale === 'en' ? EN_UNITS : ZH_UNITS;
  const found = units.find(({ exponent }) => whole >= 10n ** BigInt(exponent)) ?? units[units.length - 1]!;
  const mantissa = formatAmount(magnitude, decimals + found.exponent, { digits: 2, grouping: locale === 'en' });
  const sign = value < 0n ? '-' : '';
  return locale === 'en' ? `${sign}${mantissa} ${found.unit}` : `${sign}${mantissa}${found.unit}`;
}

export type FigureOptions = {
  /** Fraction digits of the exact text (the token's display digits). */
  readonly digits: number;
  /** Decimals of `value` (default 18). */
  readonly decimals?: number;
  /**
   * Fraction digits the short text keeps at most (default 2 for a whole part ≥ 1,000, else `digits`):
   * a total of thousands needs no 8 decimals to be read, and the exact value is a tap away.
   */
  readonly shortDigits?: number;
};

/**
 * A token amount for a figure that can be long (totals, reserves, values): grouped, with at most
 * 2 fraction digits once the whole part reaches 1,000, compacted (M/B/T, 万/亿) from a million;
 * `exact` is the token's full display (its display digits, grouped).
 */
export function figureAmount(value: bigint, locale: FigureLocale, opts: FigureOptions): FigureText {
  const decimals = opts.decimals ?? TOKEN_DECIMALS;
  const exact = formatAmount(value, decimals, { digits: opts.digits, grouping: true });
  const compact = compactAmount(value, decimals, locale);
  const magnitude = value < 0n ? -value : value;
  const large = magnitude / 10n ** BigInt(decimals) >= 1000n;
  const text =
    compact ?? formatAmount(value, decimals, { digits: opts.shortDigits ?? (large ? 2 : opts.digits), grouping: true });
  return { text, exact, shortened: text !== exact };
}

/**
 * A price or a per-unit ratio (18-decimal fixed point): 4 significant digits below 1 (0.5002,
 * 0.0001234), 4 fraction digits from 1 on (2.0413), rounded to nearest (half up) because a price
 * is read, never spent; `exact` is the 12-digit truncated form of formatScaled12 (more for a
 * price below 10^-8, so it never shows less than the short text).
 */
export function figurePrice(value: bigint, decimals: number = TOKEN_DECIMALS): FigureText {
  const magnitude = value < 0n ? -value : value;
  const base = 10n ** BigInt(decimals);
  let digits = 4;
  if (magnitude > 0n && magnitude < base) {
    // Leading zeros of the fraction: 0.000123 has 3, so 3 + 4 digits keep 4 significant ones.
    const fraction = magnitude.toString().padStart(decimals, '0');
    const zeros = fraction.length - fraction.replace(/^0+/, '').length;
    digits = Math.min(decimals, zeros + 4);
  }
  const step = 10n ** BigInt(Math.max(0, decimals - digits));
  const rounded = ((magnitude + step / 2n) / step) * step;
  const text = formatAmount(value < 0n ? -rounded : rounded, decimals, { digits, grouping: true });
  const exact = formatAmount(value, decimals, { digits: Math.max(12, digits), grouping: true });
  return { text, exact, shortened: text !== exact };
}
