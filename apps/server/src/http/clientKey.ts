/**
 * Who a request comes from, for the rate limit: the TCP peer's address. Behind a reverse proxy
 * every request has the proxy's address, so an operator may opt in (`ETERNO_TRUSTED_PROXIES`, a
 * comma list of the proxies' addresses) to take the client from `X-Forwarded-For` — only when the
 * peer is one of those proxies, and then the right-most address that is not itself a trusted
 * proxy (the left part of the header is whatever the client wrote).
 */
import type { Context } from 'hono';

export type ClientKey = (c: Context) => string;

/** The peer address Node's HTTP server saw (`@hono/node-server` puts the request in `c.env.incoming`). */
export function socketAddress(c: Context): string | undefined {
  const env: unknown = c.env;
  if (typeof env !== 'object' || env === null || !('incoming' in env)) return undefined;
  const incoming: unknown = env.incoming;
  if (typeof incoming !== 'object' || incoming === null || !('socket' in incoming)) return undefined;
  const socket: unknown = incoming.socket;
  if (typeof socket !== 'object' || socket === null || !('remoteAddress' in socket)) return undefined;
  return typeof socket.remoteAddress === 'string' ? normalise(socket.remoteAddress) : undefined;
}

/** `::ffff:1.2.3.4` (IPv4 on a dual-stack socket) → `1.2.3.4`. */
const normalise = (address: string): string =>
  address
    .trim()
    .toLowerCase()
    .replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '');

/** The client key of a request; `trustedProxies` empty (the default) → the socket address only. */
export function clientKeyFrom(trustedProxies: readonly string[] = []): ClientKey {
  const trusted = new Set(trustedProxies.map(normalise));
  return (c) => {
    const peer = socketAddress(c) ?? 'unknown';
    if (!trusted.has(peer)) return peer;
    const hops = (c.req.header('x-forwarded-for') ?? '')
      .split(',')
      .map(normalise)
      .filter((h) => h.length > 0);
    for (let i = hops.length - 1; i >= 0; i--) {
      const hop = hops[i]!;
      if (!trusted.has(hop)) return hop;
    }
    return peer;
  };
}
