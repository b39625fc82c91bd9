/**
 * Refuses a request body over `maxBytes` with 413 PAYLOAD_TOO_LARGE before reading it: a declared
 * `Content-Length` over the limit is refused unread; a chunked body is counted as it streams and
 * refused at the first chunk past the limit (the rest is never read).
 */
import type { MiddlewareHandler } from 'hono';
import { bodyLimit as honoBodyLimit } from 'hono/body-limit';
import { errorResponse } from './errors.ts';

/** 16 KiB: a sign-in body (an EIP-4361 message of at most 4,096 characters and a signature) is under 5 KiB. */
export const MAX_BODY_BYTES = 16 * 1024;

/** Methods whose requests carry no body (the Fetch API drops one): nothing to limit or read. */
const BODYLESS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function bodyLimit(maxBytes: number = MAX_BODY_BYTES): MiddlewareHandler {
  const limit = honoBodyLimit({ maxSize: maxBytes, onError: (c) => errorResponse(c, 'PAYLOAD_TOO_LARGE') });
  // Skipping bodyless methods also keeps @hono/node-server's light request object light.
  return (c, next) => (BODYLESS.has(c.req.method) ? next() : limit(c, next));
}
