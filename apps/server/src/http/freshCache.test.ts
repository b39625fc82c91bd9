import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { freshCache, freshReads } from './freshCache.ts';

/** A version source whose reads the test resolves by hand, recording when each started. */
function manualVersion() {
  const reads: Array<{ resolve: (v: string) => void; reject: (e: unknown) => void }> = [];
  const read = () => new Promise<string>((resolve, reject) => reads.push({ resolve, reject }));
  return { read, reads };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('freshReads', () => {
  it('shares a read among callers that arrive before it starts, never one already in flight', async () => {
    const v = manualVersion();
    const fresh = freshReads(v.read);
    const a = fresh();
    expect(v.reads).toHaveLength(1);
    // b and c arrive while read 1 is in flight: they wait for read 2, which starts after it.
    const b = fresh();
    const c = fresh();
    expect(v.reads).toHaveLength(1);
    v.reads[0]!.resolve('v1');
    expect(await a).toBe('v1');
    await tick();
    expect(v.reads).toHaveLength(2);
    v.reads[1]!.resolve('v2');
    expect(await b).toBe('v2');
    expect(await c).toBe('v2');
    // Idle again: the next caller starts a read of its own.
    const d = fresh();
    expect(v.reads).toHaveLength(3);
    v.reads[2]!.resolve('v3');
    expect(await d).toBe('v3');
  });

  it('passes a failed read to its callers and recovers', async () => {
    const v = manualVersion();
    const fresh = freshReads(v.read);
    const a = fresh();
    const b = fresh();
    v.reads[0]!.reject(new Error('down'));
    await expect(a).rejects.toThrow('down');
    await tick();
    v.reads[1]!.resolve('v1');
    expect(await b).toBe('v1');
  });
});

describe('freshCache', () => {
  function app(version: () => string) {
    let computed = 0;
    const hono = new Hono();
    hono.use(freshCache({ version: async () => version() }));
    hono.get('/rows', (c) => {
      computed += 1;
      return c.json({ computed, q: c.req.query('q') ?? null });
    });
    hono.get('/bad', (c) => {
      computed += 1;
      return c.json({ error: 'x' }, 400);
    });
    return { hono, computed: () => computed };
  }

  it('serves a 200 again while the version is the same, recomputes when it changes, per URL', async () => {
    let version = 'a';
    const { hono, computed } = app(() => version);
    const get = async (path: string) => (await hono.request(path)).json();
    expect(await get('/rows')).toEqual({ computed: 1, q: null });
    expect(await get('/rows')).toEqual({ computed: 1, q: null });
    expect(await get('/rows?q=1')).toEqual({ computed: 2, q: '1' });
    version = 'b';
    expect(await get('/rows')).toEqual({ computed: 3, q: null });
    expect(await get('/rows')).toEqual({ computed: 3, q: null });
    // Back to an older version (a reorg): no entry was made at it for this URL's current body.
    version = 'a';
    expect(await get('/rows')).toEqual({ computed: 4, q: null });
    expect(computed()).toBe(4);
  });

  it('never caches a request with a token or a cookie', async () => {
    const { hono, computed } = app(() => 'a');
    await hono.request('/rows', { headers: { authorization: 'Bearer x' } });
    await hono.request('/rows', { headers: { authorization: 'Bearer x' } });
    await hono.request('/rows', { headers: { cookie: 'a=b' } });
    expect(computed()).toBe(3);
  });

  it('does not keep errors', async () => {
    const { hono, computed } = app(() => 'a');
    expect((await hono.request('/bad')).status).toBe(400);
    expect((await hono.request('/bad')).status).toBe(400);
    expect(computed()).toBe(2);
  });

  it('keeps the content type of the answer', async () => {
    const { hono } = app(() => 'a');
    await hono.request('/rows');
    const again = await hono.request('/rows');
    expect(again.headers.get('content-type')).toMatch(/^application\/json/);
  });
});
