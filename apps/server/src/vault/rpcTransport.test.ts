import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { unavailableService } from '../http/unavailable.ts';
import { keepAliveHttp } from './rpcTransport.ts';

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

/** A local HTTP server answering every request with `status` and `body`; its URL. */
async function answering(status: number, body: string): Promise<string> {
  const server = createServer((_req, res) => {
    res.writeHead(status, { 'content-type': 'text/plain' });
    res.end(body);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const ask = (url: string) => keepAliveHttp(url)({}).request({ method: 'eth_blockNumber' });

describe('keepAliveHttp', () => {
  it('names the chain unreachable when nothing listens, or a gateway answers 5xx', async () => {
    const closed = await answering(200, '');
    await new Promise((resolve) => servers.pop()!.close(resolve));
    expect(unavailableService(await ask(closed).catch((e: unknown) => e))).toBe('CHAIN_UNAVAILABLE');
    const gateway = await answering(502, '<html>Bad Gateway</html>');
    expect(unavailableService(await ask(gateway).catch((e: unknown) => e))).toBe('CHAIN_UNAVAILABLE');
  });

  it("keeps a node's JSON-RPC error a JSON-RPC error", async () => {
    const node = await answering(
      200,
      JSON.stringify({ jsonrpc: '2.0', id: 1, error: { code: -32000, message: 'nope' } }),
    );
    const error = await ask(node).catch((e: unknown) => e);
    expect(unavailableService(error)).toBeNull();
    // viem maps the node's code (-32000) to its own error class; it is an answer, not an outage.
    expect((error as Error).name).toBe('InvalidInputRpcError');
  });
});
