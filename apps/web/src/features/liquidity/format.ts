import { formatTokenAmount } from '@eterno/protocol/amount';
import type { TokenSymbol } from '@eterno/protocol/domain';
import type { LiquidityPair, LiquidityToken } from '@eterno/protocol/liquidity/pairs';
import { percentText } from '../swap/format.ts';

/** A token or LP amount with its display digits, grouped. */
export function amountText(value: bigint, symbol: LiquidityToken | LiquidityPair): string {
  return formatTokenAmount(value, (symbol === 'ELP' ? 'EULP' : symbol) satisfies TokenSymbol, { grouping: true });
}

/** A pool share in basis points: "0.25" (the caller adds " %"), or null for a positive share under 0.01 %. */
export function shareText(bps: bigint, positive: boolean): string | null {
  return bps === 0n && positive ? null : percentText(bps);
}
