/**
 * A round-robin reverse proxy for the tests of several API processes (test/apiProcesses.test.ts): each
 * request goes to the next upstream in turn, with the client's address appended to `X-Forwarded-For` (as
 * nginx's `$proxy_add_x_forwarded_for` does), and the answer carries `x-test-upstream: <index>` so a test
 * can tell which process answered. Plain node:http: what a load balancer does, nothing more.
 */
import { createServer, request, Agent, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export const UPSTREAM_HEADER = 'x-test-upstream';

export type RoundRobinProxy = {
  url: string;
  /** The upstream index of every request so far, in arrival order. */
  readonly served: readonly number[];
  stop(): Promise<void>;
};

export async function startRoundRobinProxy(upstreams: readonly string[]): Promise<RoundRobinProxy> {
  if (upstreams.length === 0) throw new Error('startRoundRobinProxy: no upstream');
  const targets = upstreams.map((u) => new URL(u));
  const agent = new Agent({ keepAlive: true });
  const served: number[] = [];
  const forward = (req: IncomingMessage, res: ServerResponse): void => {
    const index = served.length % targets.length;
    served.push(index);
    const target = targets[index]!;
    const peer = req.socket.remoteAddress?.replace(/^::ffff:/, '') ?? 'unknown';
    const forwardedFor = req.headers['x-forwarded-for'];
    const headers = {
      ...req.headers,
      host: target.host,
      'x-forwarded-for': forwardedFor === undefined ? peer : `${String(forwardedFor)}, ${peer}`,
    };
    const upstream = request(
      { host: target.hostname, port: target.port, method: req.method, path: req.url, headers, agent },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, { ...answer.headers, [UPSTREAM_HEADER]: String(index) });
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502, { [UPSTREAM_HEADER]: String(index) });
      res.end();
    });
    req.pipe(upstream);
  };
  const server = createServer(forward);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    served,
    stop: () =>
      new Promise<void>((resolve) => {
        agent.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
