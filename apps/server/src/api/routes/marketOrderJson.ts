/** The wire form of a `market_order` row (`@eterno/protocol/marketApi`), shared by the market's order routes. */
import { MARKET_ORDER_STATUSES, type MarketOrderJson } from '@eterno/protocol/marketApi';
import type { marketOrder } from '../../../ponder.schema.ts';
import { known } from './page.ts';

export function marketOrderJson(row: typeof marketOrder.$inferSelect): MarketOrderJson {
  return {
    orderId: row.orderId.toString(),
    seller: row.seller,
    unitPrice: row.unitPrice.toString(),
    quantity: row.quantity.toString(),
    remaining: row.remaining.toString(),
    refunded: row.refunded.toString(),
    feeBps: row.feeBps,
    status: known(MARKET_ORDER_STATUSES, row.status, 'market_order.status'),
    blockNumber: row.blockNumber.toString(),
    timestamp: row.timestamp.toString(),
    txHash: row.txHash,
    logIndex: row.logIndex,
  };
}
