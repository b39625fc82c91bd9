/**
 * The HTTP API served by Ponder: sign-in (src/auth), the indexed transfers and the DeFi records
 * (GET /trades, /stakes, /locks, /farm; wire format in `@eterno/protocol/indexerApi`).
 * Ponder itself answers /health, /ready, /status and /metrics.
 */
import { ETERNO_CHAIN_ID } from "@eterno/protocol/chain";
import { Hono } from "hono";
import type {
  FarmResponseJson,
  StakesResponseJson,
  TradesResponseJson,
} from "@eterno/protocol/indexerApi";
import { and, desc, eq, lt, or } from "ponder";
import { db } from "ponder:api";
import { farmEvent, lockClaim, lockEntry, lockRevoke, stakeOrder, trade, transfer } from "ponder:schema";
import { createAuthApp } from "../auth/app.ts";
import { corsFor } from "../auth/cors.ts";
import { ApiError, errorBody } from "../auth/errors.ts";
import { openSql } from "../auth/sql.ts";
import { createAuthStore } from "../auth/store.ts";
import { readServerEnv } from "./env.ts";
import { farmEventJson, parseFarmQuery } from "./farmQuery.ts";
import { mergeLockRecords, parseLocksQuery } from "./locksQuery.ts";
import { cutPage, formatEventCursor, type EventCursor } from "./page.ts";
import { parseStakesQuery, stakeOrderJson } from "./stakesQuery.ts";
import { parseTradesQuery, tradeJson } from "./tradesQuery.ts";
import { parseTransfersQuery } from "./transfersQuery.ts";

const env = readServerEnv(process.env);
const store = await createAuthStore(await openSql(env));
const closeStore = () => void store.close().catch(() => undefined);
process.once("SIGTERM", closeStore);
process.once("SIGINT", closeStore);

const app = new Hono();

app.use(corsFor(env.corsOrigins));

app.route("/", createAuthApp({ store, domains: env.siweDomains, chainId: ETERNO_CHAIN_ID }));

app.get("/transfers", async (c) => {
  const query = parseTransfersQuery(c.req.query());
  const rows = await db
    .select()
    .from(transfer)
    .where(or(eq(transfer.from, query.address), eq(transfer.to, query.address)))
    .orderBy(desc(transfer.blockNumber), desc(transfer.id))
    .limit(query.limit);
  return c.json({
    transfers: rows.map((r) => ({
      id: r.id,
      token: r.token,
      from: r.from,
      to: r.to,
      value: r.value.toString(),
      blockNumber: r.blockNumber.toString(),
      timestamp: r.timestamp.toString(),
      txHash: r.txHash,
    })),
  });
});

type EventTable = typeof trade | typeof lockEntry | typeof lockClaim | typeof lockRevoke | typeof farmEvent;

/** Rows strictly older than the cursor in the (blockNumber, logIndex) order; no condition without one. */
function olderThan(table: EventTable, before: EventCursor | undefined): ReturnType<typeof and> {
  if (before === undefined) return undefined;
  return or(
    lt(table.blockNumber, before.blockNumber),
    and(eq(table.blockNumber, before.blockNumber), lt(table.logIndex, before.logIndex)),
  );
}

app.get("/trades", async (c) => {
  const query = parseTradesQuery(c.req.query());
  const rows = await db
    .select()
    .from(trade)
    .where(and(query.account === undefined ? undefined : eq(trade.trader, query.account), olderThan(trade, query.before)))
    .orderBy(desc(trade.blockNumber), desc(trade.logIndex))
    .limit(query.limit + 1);
  const page = cutPage(rows, query.limit, formatEventCursor);
  return c.json({ trades: page.items.map(tradeJson), nextBefore: page.nextBefore } satisfies TradesResponseJson);
});

app.get("/stakes", async (c) => {
  const query = parseStakesQuery(c.req.query());
  const rows = await db
    .select()
    .from(stakeOrder)
    .where(
      and(
        eq(stakeOrder.owner, query.account),
        eq(stakeOrder.pool, query.pool),
        query.before === undefined ? undefined : lt(stakeOrder.orderId, query.before),
      ),
    )
    .orderBy(desc(stakeOrder.orderId))
    .limit(query.limit + 1);
  const page = cutPage(rows, query.limit, (r) => r.orderId.toString());
  return c.json({ stakes: page.items.map(stakeOrderJson), nextBefore: page.nextBefore } satisfies StakesResponseJson);
});

app.get("/locks", async (c) => {
  const query = parseLocksQuery(c.req.query());
  const [credits, claims, revokes] = await Promise.all([
    db
      .select()
      .from(lockEntry)
      .where(and(eq(lockEntry.user, query.account), olderThan(lockEntry, query.before)))
      .orderBy(desc(lockEntry.blockNumber), desc(lockEntry.logIndex))
      .limit(query.limit + 1),
    db
      .select()
      .from(lockClaim)
      .where(and(eq(lockClaim.user, query.account), olderThan(lockClaim, query.before)))
      .orderBy(desc(lockClaim.blockNumber), desc(lockClaim.logIndex))
      .limit(query.limit + 1),
    db
      .select()
      .from(lockRevoke)
      .where(and(eq(lockRevoke.user, query.account), olderThan(lockRevoke, query.before)))
      .orderBy(desc(lockRevoke.blockNumber), desc(lockRevoke.logIndex))
      .limit(query.limit + 1),
  ]);
  return c.json(mergeLockRecords(credits, claims, revokes, query.limit));
});

app.get("/farm", async (c) => {
  const query = parseFarmQuery(c.req.query());
  const rows = await db
    .select()
    .from(farmEvent)
    .where(and(eq(farmEvent.user, query.account), olderThan(farmEvent, query.before)))
    .orderBy(desc(farmEvent.blockNumber), desc(farmEvent.logIndex))
    .limit(query.limit + 1);
  const page = cutPage(rows, query.limit, formatEventCursor);
  return c.json({ events: page.items.map(farmEventJson), nextBefore: page.nextBefore } satisfies FarmResponseJson);
});

app.onError((err, c) => {
  if (err instanceof ApiError) return c.json(errorBody(err.code), err.status);
  throw err;
});

export default app;
