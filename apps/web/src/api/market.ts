/**
 * Typed client of the EUSD market's read API (GET /market/orders, /market/my-orders, /market/fills;
 * wire format `@eterno/protocol/marketApi`, docs/decisions/market.md). Amounts and ids as bigint, times
 * as unix seconds, addresses checksummed; a malformed answer throws IndexerResponseError.
 */
import type { Address, Hash } from 'viem';
import { MARKET_ORDER_STATUSES, type MarketOrderStatus } from '@eterno/protocol/marketApi';
import type { ApiDeps } from '../session/api.ts';
import { Reader, readPublic, type Page, type PageQuery } from './indexer.ts';

export type { MarketOrderStatus };

export interface MarketOrder {
  readonly orderId: bigint;
  readonly seller: Address;
  /** USDT base units per whole EUSD. */
  readonly unitPrice: bigint;
  readonly quantity: bigint;
  readonly remaining: bigint;
  /** The EUSD a cancel returned to the seller (0 unless cancelled). */
  readonly refunded: bigint;
  readonly feeBps: number;
  readonly status: MarketOrderStatus;
  /** Unix seconds of the listing. */
  readonly timestamp: number;
  readonly txHash: Hash;
}

export interface MarketFill {
  readonly id: string;
  readonly orderId: bigint;
  readonly buyer: Address;
  readonly seller: Address;
  readonly quantity: bigint;
  readonly unitPrice: bigint;
  readonly cost: bigint;
  readonly fee: bigint;
  readonly reward: bigint;
  readonly remaining: bigint;
  readonly timestamp: number;
  readonly txHash: Hash;
}

/** The open book's page: pass `nextAfter` as `after` for the next (dearer) page, null on the last. */
export interface BookPage {
  readonly items: readonly MarketOrder[];
  readonly nextAfter: string | null;
}

function marketOrder(r: Reader): MarketOrder {
  return {
    orderId: r.bigint('orderId'),
    seller: r.address('seller'),
    unitPrice: r.bigint('unitPrice'),
    quantity: r.bigint('quantity'),
    remaining: r.bigint('remaining'),
    refunded: r.bigint('refunded'),
    feeBps: r.int('feeBps'),
    status: r.oneOf('status', MARKET_ORDER_STATUSES),
    timestamp: r.seconds('timestamp'),
    txHash: r.hash('txHash'),
  };
}

function marketFill(r: Reader): MarketFill {
  return {
    id: r.string('id'),
    orderId: r.bigint('orderId'),
    buyer: r.address('buyer'),
    seller: r.address('seller'),
    quantity: r.bigint('quantity'),
    unitPrice: r.bigint('unitPrice'),
    cost: r.bigint('cost'),
    fee: r.bigint('fee'),
    reward: r.bigint('reward'),
    remaining: r.bigint('remaining'),
    timestamp: r.seconds('timestamp'),
    txHash: r.hash('txHash'),
  };
}

/** GET /market/orders: the open orders, best price first. */
export async function fetchMarketBook(
  query: { readonly limit?: number; readonly after?: string } = {},
  deps: Partial<ApiDeps> = {},
): Promise<BookPage> {
  const root = await readPublic(deps, '/market/orders', { limit: query.limit, after: query.after });
  return {
    items: root.list('orders').map(marketOrder),
    nextAfter: root.isNull('nextAfter') ? null : root.string('nextAfter'),
  };
}

/** GET /market/my-orders: a seller's orders (every status), newest first. */
export async function fetchMyMarketOrders(
  query: PageQuery & { readonly account: string },
  deps: Partial<ApiDeps> = {},
): Promise<Page<MarketOrder>> {
  const root = await readPublic(deps, '/market/my-orders', {
    account: query.account,
    limit: query.limit,
    before: query.before,
  });
  return { items: root.list('orders').map(marketOrder), nextBefore: root.cursor() };
}

/** GET /market/fills: the fills where the account bought or sold, newest first. */
export async function fetchMarketFills(
  query: PageQuery & { readonly account: string },
  deps: Partial<ApiDeps> = {},
): Promise<Page<MarketFill>> {
  const root = await readPublic(deps, '/market/fills', {
    account: query.account,
    limit: query.limit,
    before: query.before,
  });
  return { items: root.list('fills').map(marketFill), nextBefore: root.cursor() };
}
