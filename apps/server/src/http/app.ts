/**
 * The HTTP pieces every ETERNO API app shares, in order: a request id, the request observer (the
 * request log and metrics, when given), CORS for the web origins,
 * the body limit, and the error shape (`{ error: { code, message } }`; 500 adds `requestId`) for
 * thrown errors and unknown routes. Route sub-apps are mounted on it with `app.route("/", sub)`.
 */
import { Hono, type MiddlewareHandler } from 'hono';
import { bodyLimit, MAX_BODY_BYTES } from './bodyLimit.ts';
import { corsFor } from './cors.ts';
import { consoleErrorLog, errorResponse, onApiError, type ErrorLog } from './errors.ts';
import { requestId } from './requestId.ts';

export type HttpAppOptions = {
  corsOrigins: readonly string[];
  maxBodyBytes?: number;
  log?: ErrorLog;
  /** Watches every request (the request log and metrics, src/ops/open.ts); runs right after the id. */
  observe?: MiddlewareHandler;
};

export function createHttpApp({
  corsOrigins,
  maxBodyBytes = MAX_BODY_BYTES,
  log = consoleErrorLog,
  observe,
}: HttpAppOptions): Hono {
  const app = new Hono();
  app.use(requestId());
  if (observe) app.use(observe);
  app.use(corsFor(corsOrigins));
  app.use(bodyLimit(maxBodyBytes));
  app.onError(onApiError(log));
  app.notFound((c) => errorResponse(c, 'NOT_FOUND'));
  return app;
}
