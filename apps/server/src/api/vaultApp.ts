/**
 * The vault's routes as a Hono sub-app: per-user answers (session required) and the public config.
 * Mounted by Ponder's API entry and by the PostgreSQL API process, never behind the response cache.
 *
 * Each POST route (a deposit authorisation, a withdrawal voucher or its cancel, an exchange quote:
 * each signs or writes) is rate-limited per session (`http/rateLimit.ts`, as the sign-in routes per
 * client): past the limit, 429 RATE_LIMITED with `Retry-After`, before the session is even read.
 * A request without a well-formed bearer token counts for its client (the 401 it gets is cheap).
 */
import { Hono } from 'hono';
import { bearerToken, hashToken } from '../auth/token.ts';
import type { ClientKey } from '../http/clientKey.ts';
import { rateLimit, type RateLimitOptions } from '../http/rateLimit.ts';
import { billsRoute } from './routes/bills.ts';
import { vaultBalancesRoute } from './routes/vaultBalances.ts';
import { vaultConfigRoute } from './routes/vaultConfig.ts';
import type { VaultRouteDeps } from './routes/vaultDeps.ts';
import { vaultDepositsRoute } from './routes/vaultDeposits.ts';
import { vaultExchangeQuotesRoute } from './routes/vaultExchangeQuotes.ts';
import { vaultLimitsRoute } from './routes/vaultLimits.ts';
import { vaultWithdrawalsRoute } from './routes/vaultWithdrawals.ts';

export type VaultRateLimit = Pick<RateLimitOptions, 'burst' | 'refillMs'>;

/**
 * Per session and POST route: 40 at once, then one every 2 s (30 a minute). A person asks for a few
 * vouchers and quotes a day, and a burst of double taps and retries (20 racing requests of one
 * user are a tested case) still passes; a script looping on one session is held to a signature
 * every 2 s.
 */
export const VAULT_WRITE_RATE_LIMIT: VaultRateLimit = { burst: 40, refillMs: 2_000 };

export type VaultAppOptions = Omit<VaultRouteDeps, 'limited'> & {
  /** Who a request comes from when it has no session token. */
  clientKey: ClientKey;
  rateLimit?: VaultRateLimit;
  /** Milliseconds, for the buckets (tests). */
  now?: () => number;
};

/** The session (its token's hash) of a request, else its client. */
const sessionKey =
  (clientKey: ClientKey): ClientKey =>
  (c) => {
    const token = bearerToken(c.req.header('authorization'));
    return token === null ? `client ${clientKey(c)}` : `session ${hashToken(token)}`;
  };

export function createVaultApp({
  clientKey,
  rateLimit: limit = VAULT_WRITE_RATE_LIMIT,
  now,
  ...deps
}: VaultAppOptions): Hono {
  const key = sessionKey(clientKey);
  const routeDeps: VaultRouteDeps = {
    ...deps,
    limited: () => rateLimit({ ...limit, clientKey: key, ...(now ? { now } : {}) }),
  };
  return new Hono()
    .route('/', vaultConfigRoute(routeDeps.ctx))
    .route('/', vaultBalancesRoute(routeDeps))
    .route('/', vaultLimitsRoute(routeDeps))
    .route('/', vaultWithdrawalsRoute(routeDeps))
    .route('/', vaultDepositsRoute(routeDeps))
    .route('/', vaultExchangeQuotesRoute(routeDeps))
    .route('/', billsRoute(routeDeps));
}
