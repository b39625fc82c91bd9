import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { errorBody } from '@eterno/protocol/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpApp } from './app.ts';

/**
 * The body limit over a real node server (@hono/node-server), where the body is read from the node
 * stream and handed to Hono's body cache: the route's `c.req.json()` / `c.req.text()` read it; an
 * over-limit body is refused 413 whether declared or chunked. (Through `app.request` the Fetch path
 * is tested by src/auth/app.test.ts.)
 */
describe('body limit on @hono/node-server', () => {
  let server: ServerType;
  let port: number;
  const seen: unknown[] = [];

  beforeAll(async () => {
    const app = createHttpApp({ corsOrigins: [], maxBodyBytes: 1024, log: () => undefined });
    // `cached`: the body was already read from the node request (no Fetch Request to read it from).
    app.post('/json', async (c) => c.json({ cached: 'text' in c.req.bodyCache, got: await c.req.json() }));
    app.post('/text', async (c) => c.json({ got: await c.req.text() }));
    app.post('/none', (c) => {
      seen.push('none');
      return c.json({ ok: true });
    });
    await new Promise<void>((res) => {
      server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => res());
    });
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise((res) => server.close(res));
  });

  /** Sends `chunks` (chunked when `length` is undefined), answers status and parsed body. */
  const send = (path: string, chunks: string[], headers: Record<string, string> = {}) =>
    new Promise<{ status: number; body: unknown; connection?: string }>((resolve, reject) => {
      const req = request(
        { host: '127.0.0.1', port, path, method: 'POST', headers: { 'content-type': 'application/json', ...headers } },
        (res) => {
          const parts: Buffer[] = [];
          res.on('data', (d: Buffer) => parts.push(d));
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              body: JSON.parse(Buffer.concat(parts).toString('utf8')),
              ...(res.statusCode === 413 ? { connection: res.headers.connection } : {}),
            }),
          );
        },
      );
      req.on('error', reject);
      for (const chunk of chunks) req.write(chunk);
      req.end();
    });

  it('hands the body to c.req.json() and c.req.text(), declared or chunked, in several chunks, UTF-8 intact', async () => {
    const body = JSON.stringify({ token: '0xabc', note: '提现 ✓' });
    expect(await send('/json', [body], { 'content-length': String(Buffer.byteLength(body)) })).toEqual({
      status: 200,
      body: { cached: true, got: { token: '0xabc', note: '提现 ✓' } },
    });
    expect(await send('/json', [body.slice(0, 5), body.slice(5)])).toEqual({
      status: 200,
      body: { cached: true, got: { token: '0xabc', note: '提现 ✓' } },
    });
    expect(await send('/text', ['a'.repeat(1024)])).toEqual({ status: 200, body: { got: 'a'.repeat(1024) } });
  });

  it('refuses a declared body over the limit unread, and a chunked one at the chunk past it, with 413 (closing the connection)', async () => {
    const refused = { status: 413, body: errorBody('PAYLOAD_TOO_LARGE'), connection: 'close' };
    expect(await send('/none', ['{}'], { 'content-length': '1025' }).catch(() => null)).toEqual(refused);
    expect(await send('/none', ['a'.repeat(600), 'a'.repeat(600)])).toEqual(refused);
    expect(await send('/text', ['a'.repeat(1025)])).toEqual(refused);
    expect(seen).toEqual([]);
  });
});
