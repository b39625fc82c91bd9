// @vitest-environment node
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentType, resolveRequest, serveWeb, type WebServer } from './serve.ts';

describe('resolveRequest', () => {
  const dist = '/srv/dist';
  it('serves the config, files, client routes and nothing outside dist', () => {
    expect(resolveRequest(dist, '/config.json')).toEqual({ kind: 'config' });
    expect(resolveRequest(dist, '/')).toEqual({ kind: 'index' });
    expect(resolveRequest(dist, '/assets/index-abc.js')).toEqual({ kind: 'file', path: '/srv/dist/assets/index-abc.js', immutable: true });
    expect(resolveRequest(dist, '/favicon.svg')).toEqual({ kind: 'file', path: '/srv/dist/favicon.svg', immutable: false });
    expect(resolveRequest(dist, '/assets/overview')).toEqual({ kind: 'index' });
    expect(resolveRequest(dist, '/finance/overview/subscribe/3')).toEqual({ kind: 'index' });
    expect(resolveRequest(dist, '/../etc/passwd')).toEqual({ kind: 'not-found' });
    expect(resolveRequest(dist, '/%2e%2e/%2e%2e/etc/passwd')).toEqual({ kind: 'not-found' });
    expect(resolveRequest(dist, '/assets/..%5c..%5csecret.js')).toEqual({ kind: 'not-found' });
    expect(resolveRequest(dist, '/.vite/manifest.json')).toEqual({ kind: 'not-found' });
    expect(resolveRequest(dist, '/%E0%A4%A')).toEqual({ kind: 'not-found' });
  });

  it('names content types by extension', () => {
    expect(contentType('a/b.js')).toBe('text/javascript; charset=utf-8');
    expect(contentType('x.CSS')).toBe('text/css; charset=utf-8');
    expect(contentType('x.svg')).toBe('image/svg+xml');
    expect(contentType('x.bin')).toBe('application/octet-stream');
  });
});

describe('serveWeb', () => {
  let dir: string;
  let web: WebServer;
  const config = { chainId: 201022, rpcUrl: 'http://127.0.0.1:1', apiUrl: 'http://127.0.0.1:2', demoWallet: false };

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'eterno-web-'));
    await mkdir(join(dir, 'assets'));
    await mkdir(join(dir, '.vite'));
    await writeFile(join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
    await writeFile(join(dir, 'assets', 'app-1.js'), 'console.log(1)');
    await writeFile(join(dir, '.vite', 'manifest.json'), '{}');
    web = await serveWeb({ distDir: dir, config });
  });

  afterAll(async () => {
    await web.stop();
    await rm(dir, { recursive: true, force: true });
  });

  it('binds 127.0.0.1 on a free port', () => {
    expect(web.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(web.url).not.toMatch(/:0$/);
  });

  it('answers GET /config.json with the config, not cached', async () => {
    const response = await fetch(`${web.url}/config.json`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual(config);
  });

  it('serves assets with their content type, long-cached', async () => {
    const response = await fetch(`${web.url}/assets/app-1.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(response.headers.get('cache-control')).toContain('immutable');
    expect(await response.text()).toBe('console.log(1)');
  });

  it('falls back to index.html for client routes, keeps 404 for missing files and hides dot-files', async () => {
    for (const path of ['/', '/login?redirect=%2Fhome', '/assets/overview', '/mine/setting']) {
      const response = await fetch(`${web.url}${path}`);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(await response.text()).toContain('<div id="root">');
    }
    expect((await fetch(`${web.url}/assets/missing-2.js`)).status).toBe(404);
    expect((await fetch(`${web.url}/.vite/manifest.json`)).status).toBe(404);
  });

  it('refuses other methods', async () => {
    const response = await fetch(`${web.url}/config.json`, { method: 'POST', body: '{}' });
    expect(response.status).toBe(405);
  });
});
