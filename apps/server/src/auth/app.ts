/**
 * The sign-in routes as a Hono sub-app, free of Ponder so tests call `app.request(...)`.
 *
 *   POST /auth/nonce     → { nonce, expiresAt }                       (rate-limited per client)
 *   POST /auth/verify    { message, signature } → { token, address, expiresAt, account } (rate-limited)
 *   GET  /account        Authorization: Bearer <token> → AccountInfo (the registry's figures)
 *   POST /auth/sign-out  Authorization: Bearer <token> → 204, the session ended on the server
 *
 * Errors are thrown as ApiError and answered by the parent app's handler (src/http/app.ts).
 */
import { Hono } from 'hono';
import type { ClientKey } from '../http/clientKey.ts';
import { ApiError } from '../http/errors.ts';
import { rateLimit, type RateLimitSetting } from '../http/rateLimit.ts';
import type { AuthStore } from '../store/authStore.ts';
import { accountForToken, type RegistryRead } from './account.ts';
import { issueNonce } from './nonce.ts';
import { signIn } from './signIn.ts';
import { bearerToken, hashToken } from './token.ts';

/**
 * Per client and route: 20 at once, then one every 3 s (20 a minute). A person signs in a few
 * times a day; with nonces living 5 minutes, one client keeps at most ~120 nonce rows alive.
 */
export const SIGN_IN_RATE_LIMIT: RateLimitSetting = { burst: 20, refillMs: 3_000 };

export type AuthAppOptions = {
  store: AuthStore;
  /** The indexed referral registry, for the account info (`id`, inviter, service level, ep). */
  registry: RegistryRead;
  /** Allowed SIWE domains, `host[:port]`. */
  domains: readonly string[];
  /** Allowed origins of the SIWE URI (the web app's origins). */
  origins: readonly string[];
  chainId: number;
  /** Who a request comes from, for the rate limits. */
  clientKey: ClientKey;
  /** Limits of `POST /auth/nonce` and `POST /auth/verify` (each its own buckets). */
  rateLimit?: RateLimitSetting;
  now?: () => Date;
};

export function createAuthApp({
  store,
  registry,
  domains,
  origins,
  chainId,
  clientKey,
  rateLimit: limit = SIGN_IN_RATE_LIMIT,
  now = () => new Date(),
}: AuthAppOptions): Hono {
  const allowedDomains = domains.map((d) => d.toLowerCase());
  const allowedOrigins = origins.map((o) => o.toLowerCase());
  const limited = () => rateLimit({ ...limit, clientKey, now: () => now().getTime() });
  const app = new Hono();

  app.post('/auth/nonce', limited(), async (c) => c.json(await issueNonce(store, now())));

  app.post('/auth/verify', limited(), async (c) => {
    let body: unknown;
    try {
      body = await c.req.json();
    } catch {
      throw new ApiError('BAD_REQUEST');
    }
    const result = await signIn(
      { store, registry, domains: allowedDomains, origins: allowedOrigins, chainId, now: now() },
      body,
    );
    return c.json(result);
  });

  app.get('/account', async (c) =>
    c.json(await accountForToken(store, registry, bearerToken(c.req.header('authorization')), now())),
  );

  // Idempotent: a well-formed token that is unknown or already ended also answers 204 (the
  // answer says nothing about which tokens exist); no or a malformed token is 401.
  app.post('/auth/sign-out', async (c) => {
    const token = bearerToken(c.req.header('authorization'));
    if (token === null) throw new ApiError('UNAUTHORIZED');
    await store.deleteSession(hashToken(token));
    return c.body(null, 204);
  });

  return app;
}
