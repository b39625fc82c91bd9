import type { TFunction } from 'i18next';
import { formatAmount, formatTokenAmount } from '@eterno/protocol/amount';
import type { SwapToken } from '@eterno/protocol/swap/readSwap';

/** A token amount as the panel shows it: the token's display digits, grouped. */
export function tokenText(value: bigint, symbol: SwapToken): string {
  return formatTokenAmount(value, symbol, { grouping: true });
}

/** Basis points as a percentage number, 2 decimals, truncated: 49 → "0.49", 600 → "6". */
export function percentText(bps: bigint): string {
  return formatAmount(bps, 2, { digits: 2 });
}

/** A duration in seconds as "24 h" / "90 min" / "45 s" (the largest unit that divides it). */
export function durationText(t: TFunction<'swap'>, seconds: bigint): string {
  if (seconds > 0n && seconds % 3_600n === 0n) return t('duration.h', { n: (seconds / 3_600n).toString() });
  if (seconds > 0n && seconds % 60n === 0n) return t('duration.min', { n: (seconds / 60n).toString() });
  return t('duration.s', { n: seconds.toString() });
}
