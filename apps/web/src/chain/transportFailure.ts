import { ApiError } from '../session/ApiError.ts';

/** Which service a failed read could not reach: the ETERNO server, or the chain (its RPC node). */
export type Unreachable = 'server' | 'chain';

/** viem's errors for an RPC node that did not answer (matched by name: this module loads no viem). */
const CHAIN_TRANSPORT_ERRORS = new Set([
  'HttpRequestError',
  'TimeoutError',
  'WebSocketRequestError',
  'SocketClosedError',
]);

/** Gateway statuses: a proxy answered for a server that did not. */
const GATEWAY_STATUSES = new Set([502, 503, 504]);

/**
 * The service `error` shows to be out of reach, or null for any other failure (a refusal, a revert,
 * a bug). The server names its own outages (`DATABASE_UNAVAILABLE`) and its chain's
 * (`CHAIN_UNAVAILABLE`); a request with no answer is the server out of reach; viem's transport
 * errors, wrapped at any depth, are the chain's.
 */
export function transportFailure(error: unknown): Unreachable | null {
  if (error instanceof ApiError) {
    if (error.code === 'CHAIN_UNAVAILABLE') return 'chain';
    if (error.code === 'NETWORK_ERROR' || error.code === 'DATABASE_UNAVAILABLE') return 'server';
    if (error.code === 'SERVER_ERROR' && GATEWAY_STATUSES.has(error.status)) return 'server';
    return null;
  }
  const seen = new Set<unknown>();
  for (let item: unknown = error; typeof item === 'object' && item !== null && !seen.has(item); ) {
    seen.add(item);
    const { name, cause } = item as { name?: unknown; cause?: unknown };
    if (typeof name === 'string' && CHAIN_TRANSPORT_ERRORS.has(name)) return 'chain';
    item = cause;
  }
  return null;
}
