import { Hono } from 'hono';
import { cors } from 'hono/cors';
import { describe, expect, it } from 'vitest';
import { corsFor } from './cors.ts';

const WEB = 'http://127.0.0.1:5173';

function app(outerWildcard: boolean): Hono {
  const inner = new Hono();
  inner.use(corsFor([WEB]));
  inner.get('/account', (c) => c.json({ ok: true }));
  if (!outerWildcard) return inner;
  // As inside Ponder: its server wraps the user app in cors({ origin: "*" }).
  return new Hono().use(cors({ origin: '*' })).route('/', inner);
}

describe('corsFor', () => {
  it('answers a preflight from an allowed origin with that origin, the methods and headers', async () => {
    const res = await app(false).request('/account', {
      method: 'OPTIONS',
      headers: {
        origin: WEB,
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization',
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe(WEB);
    expect(res.headers.get('access-control-allow-headers')).toContain('Authorization');
    expect(res.headers.get('access-control-allow-methods')).toContain('POST');
  });

  it('gives no allow-origin to a preflight from another origin', async () => {
    const res = await app(false).request('/account', {
      method: 'OPTIONS',
      headers: { origin: 'http://evil.example', 'access-control-request-method': 'GET' },
    });
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });

  it.each([false, true])('echoes an allowed origin and strips it for others (behind a wildcard: %s)', async (outer) => {
    const ok = await app(outer).request('/account', { headers: { origin: WEB } });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('access-control-allow-origin')).toBe(WEB);
    const other = await app(outer).request('/account', { headers: { origin: 'http://evil.example' } });
    expect(other.status).toBe(200);
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });
});
