import { formatAmount, formatTokenAmount } from '@eterno/protocol/amount';
import type { MarketOrder } from '../../api/market.ts';

/** An amount of EUSD or USDT with the token's display digits, grouped. */
export function marketAmount(value: bigint, symbol: 'EUSD' | 'USDT'): string {
  return formatTokenAmount(value, symbol, { grouping: true });
}

/** A rate in basis points as a percentage number: 300 → "3". */
export function bpsText(bps: bigint | number): string {
  return formatAmount(BigInt(bps), 2, { digits: 2 });
}

/**
 * What became of a seller's order, for its one-line summary: sold so far, still for sale, and what
 * a cancel returned (sold = quantity − remaining − refunded; only a cancelled order has a refund).
 */
export function orderAmounts(order: Pick<MarketOrder, 'quantity' | 'remaining' | 'refunded'>): {
  sold: bigint;
  left: bigint;
  refunded: bigint;
} {
  return {
    sold: order.quantity - order.remaining - order.refunded,
    left: order.remaining,
    refunded: order.refunded,
  };
}
