/**
 * A TCP relay the outage tests put between the server and a dependency (the chain's RPC): while `cut`,
 * every open connection is reset and new ones are refused at once, as when the dependency's host is
 * unreachable; `restore` lets connections through again. The dependency itself keeps running.
 */
import { createConnection, createServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

export type TcpRelay = {
  /** `target` with the relay's host and port. */
  url: string;
  cut(): void;
  restore(): void;
  stop(): Promise<void>;
};

export async function startTcpRelay(target: string): Promise<TcpRelay> {
  const to = new URL(target);
  const open = new Set<Socket>();
  let isCut = false;
  const server = createServer((client) => {
    if (isCut) {
      client.resetAndDestroy();
      return;
    }
    const upstream = createConnection({ host: to.hostname, port: Number(to.port) });
    for (const s of [client, upstream]) {
      open.add(s);
      s.on('close', () => open.delete(s));
      s.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = new URL(target);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  return {
    url: url.toString().replace(/\/$/, ''),
    cut() {
      isCut = true;
      for (const s of open) s.resetAndDestroy();
      open.clear();
    },
    restore() {
      isCut = false;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        for (const s of open) s.destroy();
        server.close(() => resolve());
      }),
  };
}
