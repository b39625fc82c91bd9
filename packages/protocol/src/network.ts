/**
 * Whether the chain is our own local one, from the deployments' network name and the RPC URL.
 * Apart from ./deployments.ts (which re-exports it) so that code needing only this check — the
 * web app's login page, gating the demo wallet — does not load the address checks.
 */
import type { Deployments } from './deployments.ts';

function isLoopbackHost(hostname: string): boolean {
  if (hostname === 'localhost' || hostname === '[::1]') return true;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname);
}

/**
 * True when `url` is an http(s) or ws(s) URL whose host is this machine: 127.0.0.0/8, localhost or
 * [::1] (in any spelling the URL parser normalises to those).
 */
export function isLoopbackUrl(url: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (!['http:', 'https:', 'ws:', 'wss:'].includes(parsed.protocol)) return false;
  return isLoopbackHost(parsed.hostname);
}

/**
 * True only for our own local chain: the deployments say `network: "local"` AND the RPC URL points
 * at this machine (`isLoopbackUrl`). Gates the demo wallet and local-only features.
 */
export function isLocalNetwork(deployments: Pick<Deployments, 'network'>, rpcUrl: string): boolean {
  return deployments.network === 'local' && isLoopbackUrl(rpcUrl);
}
