import { createServer, type Server } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { AnvilStartError, listenerIsProcess, startAnvil, type Anvil } from './anvil.ts';

const started: Anvil[] = [];
afterAll(async () => {
  await Promise.all(started.map((a) => a.stop()));
});

function listen(): Promise<{ server: Server; port: number }> {
  return new Promise((res) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      if (address === null || typeof address === 'string') throw new Error('no port');
      res({ server, port: address.port });
    });
  });
}

describe('startAnvil', () => {
  it('knows which process owns a listening port', async () => {
    const { server, port } = await listen();
    try {
      expect(listenerIsProcess(port, process.pid)).toBe(true);
      expect(listenerIsProcess(port, 1)).toBe(false);
    } finally {
      server.close();
    }
  });

  it('refuses a port another process serves instead of talking to that node', async () => {
    const first = await startAnvil();
    started.push(first);
    // A second anvil on the same port cannot bind: the first answers, but it is not ours.
    await expect(startAnvil({ port: first.port })).rejects.toBeInstanceOf(AnvilStartError);
    const res = await fetch(first.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
    });
    expect(((await res.json()) as { result: string }).result).toBe('0x3113e');
  }, 30_000);

  it('parallel starts get one anvil each', async () => {
    const many = await Promise.all([startAnvil(), startAnvil(), startAnvil(), startAnvil()]);
    started.push(...many);
    expect(new Set(many.map((a) => a.port)).size).toBe(4);
  }, 60_000);
});
