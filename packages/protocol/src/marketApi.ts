/**
 * The wire format of the EUSD market's read API (apps/server: GET /market/orders, /market/my-orders,
 * /market/fills), shared by the server, which writes it, and the web client, which parses it. Same
 * conventions as `indexerApi.ts`: uint256 values and unix times are decimal strings, addresses and
 * hashes lower-case hex, `limit` 1–100 (default 20). docs/decisions/market.md.
 *
 * Pages: the open book is best price first (unit price ascending, then the older order first); its
 * cursor `nextAfter` is `<unitPrice>:<orderId>` of the page's last order (orders strictly after it in
 * that order). A user's orders are newest first (cursor `nextBefore` = the last order id); fills are
 * newest first by event (cursor `<blockNumber>:<logIndex>`).
 */
import type { EventPlaceJson } from './indexerApi.ts';

/** An order's state: `open` while it holds EUSD, `filled` once bought out, `cancelled` by its seller. */
export const MARKET_ORDER_STATUSES = ['open', 'filled', 'cancelled'] as const;
export type MarketOrderStatus = (typeof MARKET_ORDER_STATUSES)[number];

/** One order, from its `Listed` event, updated by its `Filled` and `Cancelled` events. */
export interface MarketOrderJson {
  orderId: string;
  seller: `0x${string}`;
  /** USDT base units per whole EUSD. */
  unitPrice: string;
  /** The EUSD listed. */
  quantity: string;
  /** The EUSD it still holds (0 once filled or cancelled). */
  remaining: string;
  /** The EUSD a cancel returned to the seller (0 unless cancelled): quantity − refunded was sold. */
  refunded: string;
  /** The seller fee rate fixed at listing, in basis points. */
  feeBps: number;
  status: MarketOrderStatus;
  /** Where it was listed. */
  blockNumber: string;
  timestamp: string;
  txHash: `0x${string}`;
  logIndex: number;
}

/** One `Filled` event: `cost` USDT paid by the buyer, `fee` of it kept, `reward` EUSD to the buyer. */
export interface MarketFillJson extends EventPlaceJson {
  orderId: string;
  buyer: `0x${string}`;
  seller: `0x${string}`;
  quantity: string;
  unitPrice: string;
  cost: string;
  fee: string;
  reward: string;
  /** What the order held after the fill. */
  remaining: string;
}

export interface MarketOrdersResponseJson {
  orders: MarketOrderJson[];
  nextAfter: string | null;
}

export interface MyMarketOrdersResponseJson {
  orders: MarketOrderJson[];
  nextBefore: string | null;
}

export interface MarketFillsResponseJson {
  fills: MarketFillJson[];
  nextBefore: string | null;
}
