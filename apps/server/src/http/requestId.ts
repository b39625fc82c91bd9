/**
 * A request id for every request, sent back in `X-Request-Id` and written in the request's log line
 * and beside any unexpected error. A well-formed `X-Request-Id` of the request (1–128 of letters,
 * digits and `.`, `_`, `:`, `-`: a reverse proxy's id, a client's retry id) is kept, so one id
 * follows the request through the proxy's log and ours; any other value, or none, gets a fresh random
 * UUID. The id is a key to find log lines by, never an identity: a client choosing its own id can
 * only make its own lines harder to find (docs/decisions/operations.md).
 */
import { randomUUID } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';

declare module 'hono' {
  interface ContextVariableMap {
    requestId: string;
  }
}

export const REQUEST_ID_HEADER = 'X-Request-Id';

/** What a request's own id may be: no spaces, quotes or control characters (it goes into log lines). */
export const VALID_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** The id of this request: its valid `X-Request-Id`, else a random UUID (made on first use). */
export function requestIdOf(c: Context): string {
  let id = c.get('requestId');
  if (id === undefined) {
    const own = c.req.header(REQUEST_ID_HEADER);
    id = own !== undefined && VALID_REQUEST_ID.test(own) ? own : randomUUID();
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
