/**
 * A response cache that never serves data older than the indexer's last commit.
 *
 * Each GET first reads the indexer's current version (a value that changes with every indexed
 * block and every reorg: reader/indexerDb.ts) with a read that STARTED after the request
 * arrived — concurrent requests share such a read, so 50 connections cost one small query per
 * round trip, not 50. A 200 answer is kept with the version it was computed at and served
 * again only while the version is exactly the same; any change misses.
 */
import type { MiddlewareHandler } from 'hono';

export type ReadVersion = () => Promise<string>;

/**
 * Wraps `read` so each call gets a value read after the call: it joins the read that is about to
 * start, never one already in flight (that one may predate the caller's request).
 */
export function freshReads(read: ReadVersion): ReadVersion {
  let running: Promise<string> | null = null;
  let queued: Promise<string> | null = null;
  const run = (): Promise<string> => {
    const p = read().finally(() => {
      if (running === p) running = null;
    });
    running = p;
    return p;
  };
  return () => {
    if (running === null) return run();
    if (queued === null) {
      queued = running
        .then(
          () => undefined,
          () => undefined,
        )
        .then(() => {
          queued = null;
          return run();
        });
    }
    return queued;
  };
}

/** The body as text: @hono/node-server writes a string body straight to the socket. */
type Entry = { version: string; headers: [string, string][]; body: string };

export type FreshCacheOptions = {
  /** The indexer's version; wrapped with `freshReads` here. */
  version: ReadVersion;
  /** Entries kept at most (distinct URLs); past it the cache starts over. */
  maxEntries?: number;
};

export function freshCache({ version, maxEntries = 10_000 }: FreshCacheOptions): MiddlewareHandler {
  const current = freshReads(version);
  const entries = new Map<string, Entry>();
  return async (c, next) => {
    // Only public reads: a request that names a user (a token, a cookie) is never cached.
    if (c.req.method !== 'GET' || c.req.header('authorization') !== undefined || c.req.header('cookie') !== undefined)
      return next();
    const key = c.req.url;
    const at = await current();
    const hit = entries.get(key);
    if (hit !== undefined && hit.version === at) {
      return c.body(hit.body, { status: 200, headers: Object.fromEntries(hit.headers) });
    }
    await next();
    if (c.res.status !== 200) return;
    const body = await c.res.clone().text();
    const headers: [string, string][] = [];
    c.res.headers.forEach((value, name) => {
      // Per-response headers (request id, CORS) are set again by the outer middleware.
      if (name !== 'x-request-id' && name !== 'access-control-allow-origin' && name !== 'vary')
        headers.push([name, value]);
    });
    if (entries.size >= maxEntries) entries.clear();
    entries.set(key, { version: at, headers, body });
  };
}
