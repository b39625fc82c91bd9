/**
 * Refuses a request body over `maxBytes` with 413 PAYLOAD_TOO_LARGE before reading it: a declared
 * `Content-Length` over the limit is refused unread; a chunked body is counted as it streams and
 * refused at the first chunk past the limit (the rest is never read).
 *
 * Served by @hono/node-server (the node request is in `c.env.incoming`), the body is read from
 * the node stream itself and handed to Hono's body cache as text: `c.req.json()` / `c.req.text()`
 * then parse it without building a Fetch `Request` and its web stream (docs/decisions/vouchers.md,
 * speed). Elsewhere (`app.request` in tests, another host) Hono's own body limit reads the
 * `Request`.
 */
import type { IncomingMessage } from 'node:http';
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit as honoBodyLimit } from 'hono/body-limit';
import { errorResponse } from './errors.ts';

/** 16 KiB: a sign-in body (an EIP-4361 message of at most 4,096 characters and a signature) is under 5 KiB. */
export const MAX_BODY_BYTES = 16 * 1024;

/** Methods whose requests carry no body (the Fetch API drops one): nothing to limit or read. */
const BODYLESS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The node request behind `c`, when @hono/node-server serves it. */
function incomingOf(c: Context): IncomingMessage | undefined {
  const incoming = (c.env as { incoming?: unknown } | undefined)?.incoming;
  return typeof incoming === 'object' && incoming !== null && typeof (incoming as IncomingMessage).on === 'function'
    ? (incoming as IncomingMessage)
    : undefined;
}

/** The body of `incoming` as UTF-8 text, or `null` as soon as it grows past `maxBytes` (reading stops there). */
function readLimited(incoming: IncomingMessage, maxBytes: number): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = () => {
      incoming.off('data', onData);
      incoming.off('end', onEnd);
      incoming.off('error', onError);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        done();
        incoming.pause();
        resolve(null);
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      done();
      resolve(chunks.length === 1 ? chunks[0]!.toString('utf8') : Buffer.concat(chunks, size).toString('utf8'));
    };
    const onError = (error: Error) => {
      done();
      reject(error);
    };
    incoming.on('data', onData);
    incoming.on('end', onEnd);
    incoming.on('error', onError);
  });
}

export function bodyLimit(maxBytes: number = MAX_BODY_BYTES): MiddlewareHandler {
  const limit = honoBodyLimit({ maxSize: maxBytes, onError: (c) => errorResponse(c, 'PAYLOAD_TOO_LARGE') });
  const tooLarge = (c: Context) => {
    // The rest of the body stays unread: the connection is closed after the answer.
    c.header('Connection', 'close');
    return errorResponse(c, 'PAYLOAD_TOO_LARGE');
  };
  return async (c, next) => {
    // Skipping bodyless methods also keeps @hono/node-server's light request object light.
    if (BODYLESS.has(c.req.method)) return next();
    const incoming = incomingOf(c);
    // Not served by @hono/node-server, or its stream already read by something before us.
    if (incoming === undefined || incoming.readableEnded || incoming.readableFlowing !== null) return limit(c, next);
    const declared = incoming.headers['content-length'];
    if (declared !== undefined && incoming.headers['transfer-encoding'] === undefined && Number(declared) > maxBytes)
      return tooLarge(c);
    const text = await readLimited(incoming, maxBytes);
    if (text === null) return tooLarge(c);
    // Hono keeps a promise per body kind (its type says the value: hono/dist/request.js #cachedBody).
    (c.req.bodyCache as Record<string, unknown>).text = Promise.resolve(text);
    return next();
  };
}
