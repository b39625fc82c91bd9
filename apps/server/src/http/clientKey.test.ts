import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { clientKeyFrom, type ClientKey } from './clientKey.ts';

/** The key a request gets, as Ponder's node server passes it: the socket in `c.env.incoming`. */
async function keyOf(clientKey: ClientKey, peer: string | undefined, forwardedFor?: string): Promise<string> {
  const app = new Hono().get('/', (c) => c.text(clientKey(c)));
  const env = peer === undefined ? {} : { incoming: { socket: { remoteAddress: peer } } };
  const res = await app.request(
    '/',
    forwardedFor === undefined ? {} : { headers: { 'x-forwarded-for': forwardedFor } },
    env,
  );
  return res.text();
}

describe('clientKeyFrom', () => {
  it('is the socket address by default, and ignores X-Forwarded-For (a client could write anything)', async () => {
    const key = clientKeyFrom();
    expect(await keyOf(key, '203.0.113.9')).toBe('203.0.113.9');
    expect(await keyOf(key, '::ffff:203.0.113.9', '1.2.3.4')).toBe('203.0.113.9');
    expect(await keyOf(key, undefined)).toBe('unknown');
  });

  it('behind a trusted proxy: the right-most X-Forwarded-For hop that is not a trusted proxy', async () => {
    const key = clientKeyFrom(['10.0.0.2', '10.0.0.3']);
    expect(await keyOf(key, '10.0.0.2', '198.51.100.1')).toBe('198.51.100.1');
    expect(await keyOf(key, '10.0.0.2', '6.6.6.6, 198.51.100.1, 10.0.0.3')).toBe('198.51.100.1');
    expect(await keyOf(key, '10.0.0.2')).toBe('10.0.0.2');
    // A peer that is not a trusted proxy cannot pick its key with the header.
    expect(await keyOf(key, '203.0.113.9', '198.51.100.1')).toBe('203.0.113.9');
  });
});
