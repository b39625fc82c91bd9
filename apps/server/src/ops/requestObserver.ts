/**
 * Watches every request of the API: its id, method, route pattern, status, duration and the error code
 * of an error answer, handed once the answer is made to each sink (the request log ./accessLog.ts, the
 * metrics ./apiMetrics.ts). Installed first (after the request id), so its duration covers CORS, the
 * body limit, the handler and the error handler.
 */
import type { ApiErrorCode } from '../http/errors.ts';
import { requestIdOf } from '../http/requestId.ts';
import type { Context, MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';

export type RequestRecord = {
  requestId: string;
  method: string;
  /** The pattern of the route that answered (`/vault/withdrawals/:id/cancel`), never the URL. */
  route: string;
  status: number;
  durationMs: number;
  errorCode: ApiErrorCode | undefined;
};

export type RequestSink = (record: RequestRecord) => void;

/** The route of a request no route answered (404, a CORS preflight): one label for all of them. */
export const UNMATCHED_ROUTE = '(unmatched)';

/** The pattern of the last route (not a middleware on every path) the request matched. */
export function routePatternOf(c: Context): string {
  const routes = matchedRoutes(c);
  for (let i = routes.length - 1; i >= 0; i--) {
    const r = routes[i]!;
    if (r.method !== 'ALL' && r.path !== '/*' && r.path !== '*') return r.path;
  }
  return UNMATCHED_ROUTE;
}

export function observeRequests(
  sinks: readonly RequestSink[],
  now: () => number = performance.now.bind(performance),
): MiddlewareHandler {
  return async (c, next) => {
    const start = now();
    let thrown = false;
    try {
      await next();
    } catch (error) {
      thrown = true;
      throw error;
    } finally {
      const record: RequestRecord = {
        requestId: requestIdOf(c),
        method: c.req.method,
        route: routePatternOf(c),
        status: thrown ? 500 : c.res.status,
        durationMs: now() - start,
        errorCode: c.get('apiErrorCode'),
      };
      for (const sink of sinks) sink(record);
    }
  };
}
