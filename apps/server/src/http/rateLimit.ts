/**
 * A per-client token bucket: `burst` requests at once, then one every `refillMs`; past it, 429
 * RATE_LIMITED with `Retry-After` (whole seconds until the next request is allowed). In memory,
 * per process: the limit guards one server's database from one client's flood. With N API processes
 * behind one proxy each enforces its share (`processShare`), so a client's budget across all of them
 * stays the documented one (docs/decisions/api-process.md).
 */
import type { MiddlewareHandler } from 'hono';
import type { ClientKey } from './clientKey.ts';
import { errorResponse } from './errors.ts';

export type RateLimitOptions = {
  burst: number;
  refillMs: number;
  clientKey: ClientKey;
  now?: () => number;
  /** Buckets kept at most; past it the ones that are full again are dropped, then the oldest. */
  maxClients?: number;
};

/** A bucket's size and pace: `burst` requests at once, then one every `refillMs`. */
export type RateLimitSetting = { burst: number; refillMs: number };

/**
 * One process's share of `limit` when `processes` API processes serve behind one proxy: the burst split
 * (rounded down, at least 1) and the pace slowed by the same factor. Round-robin spreads a client's
 * requests evenly, so the client gets at most `limit` across all of them; a proxy that keeps a client on
 * one process gives it less, never more.
 */
export function processShare(limit: RateLimitSetting, processes: number): RateLimitSetting {
  if (!Number.isInteger(processes) || processes < 1) throw new Error(`processShare: ${processes} processes`);
  return { burst: Math.max(1, Math.floor(limit.burst / processes)), refillMs: limit.refillMs * processes };
}

type Bucket = { tokens: number; at: number };

export function rateLimit({
  burst,
  refillMs,
  clientKey,
  now = Date.now,
  maxClients = 100_000,
}: RateLimitOptions): MiddlewareHandler {
  const buckets = new Map<string, Bucket>();

  const refill = (bucket: Bucket, t: number): number => Math.min(burst, bucket.tokens + (t - bucket.at) / refillMs);

  const evict = (t: number): void => {
    for (const [key, bucket] of buckets) if (refill(bucket, t) >= burst) buckets.delete(key);
    // Still full of live buckets: drop the oldest (Map keeps insertion order).
    for (const key of buckets.keys()) {
      if (buckets.size < maxClients) break;
      buckets.delete(key);
    }
  };

  return async (c, next) => {
    const t = now();
    const key = clientKey(c);
    const bucket = buckets.get(key);
    const tokens = bucket === undefined ? burst : refill(bucket, t);
    if (tokens < 1) {
      const retryAfter = Math.max(1, Math.ceil(((1 - tokens) * refillMs) / 1000));
      return errorResponse(c, 'RATE_LIMITED', { 'Retry-After': String(retryAfter) });
    }
    if (bucket === undefined && buckets.size >= maxClients) evict(t);
    buckets.delete(key);
    buckets.set(key, { tokens: tokens - 1, at: t });
    await next();
  };
}
