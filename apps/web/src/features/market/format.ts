import { formatAmount, formatTokenAmount } from '@eterno/protocol/amount';

/** An amount of EUSD or USDT with the token's display digits, grouped. */
export function marketAmount(value: bigint, symbol: 'EUSD' | 'USDT'): string {
  return formatTokenAmount(value, symbol, { grouping: true });
}

/** A rate in basis points as a percentage number: 300 → "3". */
export function bpsText(bps: bigint | number): string {
  return formatAmount(BigInt(bps), 2, { digits: 2 });
}
