/**
 * A JSON-RPC pass-through proxy that counts HTTP requests (a batch is one request) and the
 * methods inside them. Benchmarks put it between the web app and anvil to count what a page
 * really asks of the RPC.
 */
import { createServer, type IncomingMessage } from 'node:http';

export type RpcCounter = {
  url: string;
  /** HTTP requests since the last reset. */
  requests(): number;
  /** JSON-RPC methods seen since the last reset, in order. */
  methods(): string[];
  reset(): void;
  stop(): Promise<void>;
};

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((res, rej) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => res(Buffer.concat(chunks)));
    req.on('error', rej);
  });
}

export async function startRpcCounter(targetUrl: string): Promise<RpcCounter> {
  let count = 0;
  let seen: string[] = [];
  const server = createServer(async (req, res) => {
    const cors = {
      'access-control-allow-origin': '*',
      'access-control-allow-headers': 'content-type',
      'access-control-allow-methods': 'POST, OPTIONS',
    };
    if (req.method === 'OPTIONS') {
      res.writeHead(204, cors).end();
      return;
    }
    const body = await readBody(req);
    count += 1;
    try {
      const parsed: unknown = JSON.parse(body.toString('utf8'));
      const list = Array.isArray(parsed) ? parsed : [parsed];
      for (const m of list) seen.push(String((m as { method?: unknown }).method));
    } catch {
      seen.push('<unparsable>');
    }
    const upstream = await fetch(targetUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: new Uint8Array(body),
    });
    res.writeHead(upstream.status, { ...cors, 'content-type': 'application/json' });
    res.end(Buffer.from(await upstream.arrayBuffer()));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const addr = server.address();
  if (addr === null || typeof addr === 'string') throw new Error('rpc counter did not bind');
  return {
    url: `http://127.0.0.1:${addr.port}`,
    requests: () => count,
    methods: () => [...seen],
    reset: () => {
      count = 0;
      seen = [];
    },
    stop: () => new Promise<void>((r) => server.close(() => r())),
  };
}
