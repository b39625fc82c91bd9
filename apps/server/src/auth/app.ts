/**
 * The sign-in routes as a Hono sub-app, free of Ponder so tests call `app.request(...)`.
 *
 *   POST /auth/nonce   → { nonce, expiresAt }
 *   POST /auth/verify  { message, signature } → { token, address, expiresAt, account }
 *   GET  /account      Authorization: Bearer <token> → AccountInfo
 *
 * Errors are `{ error: { code, message } }` with a 4xx status.
 */
import { Hono } from "hono";
import { accountForToken } from "./account.ts";
import { ApiError, errorBody } from "./errors.ts";
import { issueNonce } from "./nonce.ts";
import { signIn } from "./signIn.ts";
import type { AuthStore } from "./store.ts";
import { bearerToken } from "./token.ts";

export type AuthAppOptions = {
  store: AuthStore;
  /** Allowed SIWE domains, `host[:port]`. */
  domains: readonly string[];
  chainId: number;
  now?: () => Date;
};

export function createAuthApp({ store, domains, chainId, now = () => new Date() }: AuthAppOptions): Hono {
  const allowed = domains.map((d) => d.toLowerCase());
  const app = new Hono();

  app.post("/auth/nonce", async (c) => c.json(await issueNonce(store, now())));

  app.post("/auth/verify", async (c) => {
    let body: unknown;
    try {
      body = await c.req.json();
    } catch {
      throw new ApiError("BAD_REQUEST");
    }
    const result = await signIn({ store, domains: allowed, chainId, now: now() }, body);
    return c.json(result);
  });

  app.get("/account", async (c) =>
    c.json(await accountForToken(store, bearerToken(c.req.header("authorization")), now())),
  );

  app.onError((err, c) => {
    if (err instanceof ApiError) return c.json(errorBody(err.code), err.status);
    throw err;
  });

  return app;
}
