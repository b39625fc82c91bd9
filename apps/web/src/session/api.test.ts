import { describe, expect, it, vi } from 'vitest';
import { apiRequest } from './api.ts';
import { ApiError } from './ApiError.ts';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('apiRequest', () => {
  it('posts JSON with the bearer token and returns the body', async () => {
    const fetch = vi.fn(async (_url: string | URL | Request, _init?: RequestInit) => json(200, { ok: 1 }));
    const body = await apiRequest<{ ok: number }>(
      { apiUrl: 'http://api.test/', fetch },
      { method: 'POST', path: '/auth/nonce', body: { a: 1 }, token: 'tok' },
    );
    expect(body).toEqual({ ok: 1 });
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('http://api.test/auth/nonce');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"a":1}');
    expect(new Headers(init?.headers).get('authorization')).toBe('Bearer tok');
  });

  it("turns the server's { error: { code, message } } into ApiError", async () => {
    const fetch = vi.fn(async () => json(401, { error: { code: 'NONCE_USED', message: 'used' } }));
    const failure = apiRequest({ apiUrl: 'http://api.test', fetch }, { method: 'GET', path: '/account' });
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ code: 'NONCE_USED', status: 401, message: 'used' });
  });

  it('reports an error code this build does not know as SERVER_ERROR', async () => {
    const fetch = vi.fn(async () => json(400, { error: { code: 'SOMETHING_NEW', message: 'new' } }));
    await expect(apiRequest({ apiUrl: 'http://api.test', fetch }, { method: 'GET', path: '/x' })).rejects.toMatchObject(
      {
        code: 'SERVER_ERROR',
        status: 400,
      },
    );
  });

  it('reports a failure without an error body as SERVER_ERROR, and no answer as NETWORK_ERROR', async () => {
    const html = vi.fn(async () => new Response('<h1>bad gateway</h1>', { status: 502 }));
    await expect(
      apiRequest({ apiUrl: 'http://api.test', fetch: html }, { method: 'GET', path: '/x' }),
    ).rejects.toMatchObject({
      code: 'SERVER_ERROR',
      status: 502,
    });
    const down = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(
      apiRequest({ apiUrl: 'http://api.test', fetch: down }, { method: 'GET', path: '/x' }),
    ).rejects.toMatchObject({
      code: 'NETWORK_ERROR',
    });
  });
});
