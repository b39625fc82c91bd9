/**
 * CORS for the web origins. Answers preflights for allowed origins, and gives other origins no
 * `Access-Control-Allow-Origin` — inside Ponder its server wraps every route in
 * `cors({ origin: "*" })`, so the header it prepared is removed again. Headers are set through
 * `c.header` before the handler runs, so every answer made through `c` carries them.
 */
import type { MiddlewareHandler } from 'hono';

const ALLOW_METHODS = 'GET,POST,OPTIONS';
const ALLOW_HEADERS = 'Authorization,Content-Type';
const MAX_AGE = '600';

export function corsFor(origins: readonly string[]): MiddlewareHandler {
  const allowed = new Set(origins.map((o) => o.toLowerCase()));
  return async (c, next) => {
    const origin = c.req.header('origin');
    const ok = origin !== undefined && allowed.has(origin.toLowerCase());
    c.header('Access-Control-Allow-Origin', ok ? origin : undefined);
    c.header('Vary', 'Origin', { append: true });

    if (c.req.method === 'OPTIONS' && c.req.header('access-control-request-method')) {
      if (ok) {
        c.header('Access-Control-Allow-Methods', ALLOW_METHODS);
        c.header('Access-Control-Allow-Headers', ALLOW_HEADERS);
        c.header('Access-Control-Max-Age', MAX_AGE);
      }
      return c.body(null, 204);
    }
    await next();
  };
}
