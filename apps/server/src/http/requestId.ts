/**
 * A request id for every request: a fresh random UUID (a client's own `X-Request-Id` is not
 * trusted — it would let one request pose as another in the log), sent back in `X-Request-Id` and
 * written beside any unexpected error in the server log.
 */
import { randomUUID } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';

declare module 'hono' {
  interface ContextVariableMap {
    requestId: string;
  }
}

export const REQUEST_ID_HEADER = 'X-Request-Id';

/** The id of this request (made on first use, e.g. when an error happens before the middleware). */
export function requestIdOf(c: Context): string {
  let id = c.get('requestId');
  if (id === undefined) {
    id = randomUUID();
    c.set('requestId', id);
  }
  return id;
}

/** Sets the header before the handler runs, so every answer made through `c` carries it. */
export function requestId(): MiddlewareHandler {
  return async (c, next) => {
    c.header(REQUEST_ID_HEADER, requestIdOf(c));
    await next();
  };
}
