import { DISPLAY_DIGITS, formatAmount, formatTokenAmount } from '@eterno/protocol/amount';
import { TOKEN_DECIMALS } from '@eterno/protocol/domain';

/** Basis points as a percentage with 2 decimals, truncated: 12,589,221 → "125,892.21%". */
export function formatBps(bps: bigint): string {
  return `${formatAmount(bps, 2, { digits: 2, grouping: true })}%`;
}

/** An LP amount (EULP or ELP, 18 decimals) with the LP display digits, grouped. */
export function formatLp(value: bigint): string {
  return formatAmount(value, TOKEN_DECIMALS, { digits: DISPLAY_DIGITS.EULP, grouping: true });
}

export function formatEtro(value: bigint): string {
  return formatTokenAmount(value, 'ETRO', { grouping: true });
}

export function formatUsdt(value: bigint): string {
  return formatTokenAmount(value, 'USDT', { grouping: true });
}

/** A block number with thousands separators. */
export function formatBlock(block: bigint): string {
  return formatAmount(block, 0, { grouping: true });
}
