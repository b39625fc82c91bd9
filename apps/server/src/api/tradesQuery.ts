import type { TradeJson } from "@eterno/protocol/indexerApi";
import type { Address } from "viem";
import type { trade } from "../../ponder.schema.ts";
import { parseAccount, parseEventCursor, parseLimit, type EventCursor } from "./page.ts";

export type TradesQuery = { account: Address | undefined; limit: number; before: EventCursor | undefined };

/** Validates `GET /trades?account=0x…&limit=&before=` (account optional: everyone's trades). */
export function parseTradesQuery(query: { account?: string; limit?: string; before?: string }): TradesQuery {
  return {
    account: query.account === undefined ? undefined : parseAccount(query.account),
    limit: parseLimit(query.limit),
    before: parseEventCursor(query.before),
  };
}

export function tradeJson(row: typeof trade.$inferSelect): TradeJson {
  return {
    id: row.id,
    trader: row.trader,
    isBuy: row.isBuy,
    amountIn: row.amountIn.toString(),
    amountOut: row.amountOut.toString(),
    fee: row.fee.toString(),
    blockNumber: row.blockNumber.toString(),
    timestamp: row.timestamp.toString(),
    txHash: row.txHash,
    logIndex: row.logIndex,
  };
}
