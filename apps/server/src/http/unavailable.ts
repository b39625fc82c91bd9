/**
 * Which outside service a failed request shows to be out of reach: the chain's RPC node or the
 * database. The API answers such a failure 503 with its code (`CHAIN_UNAVAILABLE`,
 * `DATABASE_UNAVAILABLE`, and `Retry-After`) instead of 500 INTERNAL: the request stopped at the read
 * or write that failed, so nothing was signed, written or sent, and the client can simply try again
 * (docs/operations.md, "Outages").
 */

/** The chain's RPC node did not answer (refused, reset, timed out, or a gateway's 5xx). */
export class ChainUnavailableError extends Error {
  override name = 'ChainUnavailableError';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

export type UnavailableCode = 'CHAIN_UNAVAILABLE' | 'DATABASE_UNAVAILABLE';

/** Errors of the chain's transports: ours (vault/rpcTransport.ts) and viem's http and WebSocket ones. */
const CHAIN_ERROR_NAMES = new Set([
  'ChainUnavailableError',
  'HttpRequestError',
  'TimeoutError',
  'WebSocketRequestError',
  'SocketClosedError',
]);

/**
 * PostgreSQL's SQLSTATEs for a connection that failed or a server going away: class 08 (connection
 * exception), 57P01–57P03 (admin or crash shutdown, cannot connect now) and 53300 (too many connections).
 */
const DATABASE_STATE = /^(08[0-9A-Z]{3}|57P0[1-3]|53300)$/;

/** node-postgres's messages for a pool or client that lost its server (they carry no code). */
const DATABASE_MESSAGE =
  /Connection terminated|Client has encountered a connection error|timeout exceeded when trying to connect|Client was closed/i;

/** Socket errors: the API's only other remote is the database once the chain's are named above. */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH']);

type ErrorLike = { name?: unknown; code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };

/** The unreachable service behind `error` (its causes walked), or null when it is some other failure. */
export function unavailableService(error: unknown): UnavailableCode | null {
  const seen = new Set<unknown>();
  const queue: unknown[] = [error];
  let socket = false;
  while (queue.length > 0) {
    const item = queue.shift();
    if (typeof item !== 'object' || item === null || seen.has(item)) continue;
    seen.add(item);
    const { name, code, message, cause, errors } = item as ErrorLike;
    if (typeof name === 'string' && CHAIN_ERROR_NAMES.has(name)) return 'CHAIN_UNAVAILABLE';
    if (typeof code === 'string' && DATABASE_STATE.test(code)) return 'DATABASE_UNAVAILABLE';
    if (typeof message === 'string' && DATABASE_MESSAGE.test(message)) return 'DATABASE_UNAVAILABLE';
    if (typeof code === 'string' && SOCKET_CODES.has(code)) socket = true;
    queue.push(cause);
    if (Array.isArray(errors)) queue.push(...(errors as unknown[]));
  }
  return socket ? 'DATABASE_UNAVAILABLE' : null;
}
