/**
 * The HTTP API served by Ponder: sign-in (src/auth) and the indexed transfers.
 * Ponder itself answers /health, /ready, /status and /metrics.
 */
import { ETERNO_CHAIN_ID } from "@eterno/protocol/chain";
import { Hono } from "hono";
import { desc, eq, or } from "ponder";
import { db } from "ponder:api";
import { transfer } from "ponder:schema";
import { createAuthApp } from "../auth/app.ts";
import { corsFor } from "../auth/cors.ts";
import { ApiError, errorBody } from "../auth/errors.ts";
import { openSql } from "../auth/sql.ts";
import { createAuthStore } from "../auth/store.ts";
import { readServerEnv } from "./env.ts";
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

app.onError((err, c) => {
  if (err instanceof ApiError) return c.json(errorBody(err.code), err.status);
  throw err;
});

export default app;
