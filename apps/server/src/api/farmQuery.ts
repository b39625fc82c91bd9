import { FARM_EVENT_KINDS, type FarmEventJson } from "@eterno/protocol/indexerApi";
import type { Address } from "viem";
import type { farmEvent } from "../../ponder.schema.ts";
import { known, parseAccount, parseEventCursor, parseLimit, type EventCursor } from "./page.ts";

export type FarmQuery = { account: Address; limit: number; before: EventCursor | undefined };

/** Validates `GET /farm?account=0x…&limit=&before=`. */
export function parseFarmQuery(query: { account?: string; limit?: string; before?: string }): FarmQuery {
  return { account: parseAccount(query.account), limit: parseLimit(query.limit), before: parseEventCursor(query.before) };
}

export function farmEventJson(row: typeof farmEvent.$inferSelect): FarmEventJson {
  return {
    id: row.id,
    kind: known(FARM_EVENT_KINDS, row.kind, "farm_event.kind"),
    user: row.user,
    pid: row.pid.toString(),
    amount: row.amount.toString(),
    blockNumber: row.blockNumber.toString(),
    timestamp: row.timestamp.toString(),
    txHash: row.txHash,
    logIndex: row.logIndex,
  };
}
