import { formatAmount, formatTokenAmount } from '@eterno/protocol/amount';
import { isTokenSymbol, TOKEN_DECIMALS } from '@eterno/protocol/domain';

/**
 * An 18-decimal amount with thousands grouping and its token's display digits (6 for USDT, else 8)
 * when `symbol` is one of ours, 8 digits otherwise (a symbol the server names that the app does not know).
 */
export function tokenAmountText(value: bigint, symbol: string): string {
  return isTokenSymbol(symbol)
    ? formatTokenAmount(value, symbol, { grouping: true })
    : formatAmount(value, TOKEN_DECIMALS, { grouping: true });
}
