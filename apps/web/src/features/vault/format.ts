import { formatAmount, formatTokenAmount } from '@eterno/protocol/amount';
import { isTokenSymbol, TOKEN_DECIMALS } from '@eterno/protocol/domain';

/** An amount of a token named by the API ("USDT"), grouped, with the token's display digits (8 for a symbol the app does not know). */
export function amountText(value: bigint, symbol: string): string {
  if (isTokenSymbol(symbol)) return formatTokenAmount(value, symbol, { grouping: true });
  return formatAmount(value, TOKEN_DECIMALS, { grouping: true, digits: 8 });
}
