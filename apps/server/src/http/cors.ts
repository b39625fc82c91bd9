/**
 * CORS for the web origins. Answers preflights for allowed origins, and strips
 * `Access-Control-Allow-Origin` from responses to other origins — Ponder's own server wraps every
 * route in `cors({ origin: "*" })`, so removing the header is what keeps other origins out.
 */
import type { MiddlewareHandler } from "hono";

const ALLOW_METHODS = "GET,POST,OPTIONS";
const ALLOW_HEADERS = "Authorization,Content-Type";
const MAX_AGE = "600";

export function corsFor(origins: readonly string[]): MiddlewareHandler {
  const allowed = new Set(origins.map((o) => o.toLowerCase()));
  return async (c, next) => {
    const origin = c.req.header("origin");
    const ok = origin !== undefined && allowed.has(origin.toLowerCase());

    if (c.req.method === "OPTIONS" && c.req.header("access-control-request-method")) {
      const headers = new Headers({ Vary: "Origin" });
      if (ok) {
        headers.set("Access-Control-Allow-Origin", origin);
        headers.set("Access-Control-Allow-Methods", ALLOW_METHODS);
        headers.set("Access-Control-Allow-Headers", ALLOW_HEADERS);
        headers.set("Access-Control-Max-Age", MAX_AGE);
      }
      return new Response(null, { status: 204, headers });
    }

    await next();
    if (ok) c.res.headers.set("Access-Control-Allow-Origin", origin);
    else c.res.headers.delete("Access-Control-Allow-Origin");
    c.res.headers.append("Vary", "Origin");
  };
}
