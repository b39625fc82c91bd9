/**
 * Ports for the servers that tests and `npm start` run.
 *
 * A port is picked at random BELOW the kernel's ephemeral range (`ip_local_port_range`,
 * 32768–60999 by default), then checked by binding it on 127.0.0.1. The kernel hands out
 * ephemeral ports to every outgoing connection and to every `listen(0)`. A port taken from that
 * range with `listen(0)` and closed again is therefore free for the next client socket. Between
 * that check and the server's own `listen` (half a minute while the stack starts), a fetch could
 * take it, and CI saw EADDRINUSE. Below the range, only another pick of the same port could
 * collide: about 1 in 20,000 per pair of picks inside the same few seconds.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

const LOWEST = 10_000;
const FALLBACK_EPHEMERAL_START = 32_768;

/** The first port of the kernel's ephemeral range (Linux), else the IANA default. */
export function ephemeralStart(rangeFile = '/proc/sys/net/ipv4/ip_local_port_range'): number {
  try {
    const first = Number(readFileSync(rangeFile, 'utf8').trim().split(/\s+/)[0]);
    return Number.isInteger(first) && first > 0 && first <= 65_535 ? first : FALLBACK_EPHEMERAL_START;
  } catch {
    return FALLBACK_EPHEMERAL_START;
  }
}

/** Whether `port` can be bound on 127.0.0.1 right now. */
export function canBind(port: number): Promise<boolean> {
  return new Promise((res) => {
    const srv = createServer();
    srv.unref();
    srv.once('error', () => res(false));
    srv.listen({ port, host: '127.0.0.1', exclusive: true }, () => srv.close(() => res(true)));
  });
}

/** A port the kernel picks (`listen(0)`): the fallback when there is no room below its range. */
function kernelPort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      if (addr === null || typeof addr === 'string') {
        srv.close();
        reject(new Error('could not read the port'));
        return;
      }
      srv.close(() => resolvePort(addr.port));
    });
  });
}

const handedOut = new Set<number>();

/** A TCP port on 127.0.0.1, free a moment ago, outside the range the kernel gives clients. */
export async function freePort(): Promise<number> {
  const end = ephemeralStart();
  if (end - LOWEST < 1_000) return kernelPort();
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = LOWEST + Math.floor(Math.random() * (end - LOWEST));
    if (handedOut.has(port)) continue;
    if (await canBind(port)) {
      handedOut.add(port);
      return port;
    }
  }
  return kernelPort();
}

/** `port` when it can be bound on 127.0.0.1, else a free one. */
export async function portOrFree(port: number): Promise<number> {
  return (await canBind(port)) ? port : freePort();
}
