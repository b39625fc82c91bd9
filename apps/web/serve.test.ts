// @vitest-environment node
import { readFile, mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { request, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDir } from './precompress.ts';
import {
  CHART_LOGO_STYLE_HASH,
  connectOrigins,
  contentSecurityPolicy,
  contentType,
  negotiateEncoding,
  resolveRequest,
  serveWeb,
  type WebServer,
} from './serve.ts';

type Raw = { status: number; headers: IncomingHttpHeaders; body: Buffer };

/** A request whose headers are exactly these (fetch would add Accept-Encoding and decompress). */
function raw(url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** The directives of a Content-Security-Policy, by name. */
function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name as string, values]),
  );
}

describe('resolveRequest', () => {
  const dist = '/srv/dist';
  it('serves the config, files, client routes and nothing outside dist', () => {
    expect(resolveRequest(dist, '/config.json')).toEqual({ kind: 'config' });
    expect(resolveRequest(dist, '/')).toEqual({ kind: 'index' });
    expect(resolveRequest(dist, '/assets/index-abc.js')).toEqual({
      kind: 'file',
      path: '/srv/dist/assets/index-abc.js',
      immutable: true,
    });
    expect(resolveRequest(dist, '/favicon.svg')).toEqual({
      kind: 'file',
      path: '/srv/dist/favicon.svg',
      immutable: false,
    });
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

const INDEX_HTML = `<!doctype html><div id="root"></div>${'<!-- padding so that compression pays -->'.repeat(40)}`;
const APP_JS = 'console.log("the app");\n'.repeat(400);
const LATE_JS = 'console.log("a late file");\n'.repeat(300);
const SVG = `<svg xmlns="http://www.w3.org/2000/svg">${'<rect width="1" height="1"/>'.repeat(50)}</svg>`;
const PNG = Buffer.alloc(4096, 7);

describe('serveWeb', () => {
  let dir: string;
  let web: WebServer;
  const config = { chainId: 201022, rpcUrl: 'http://127.0.0.1:1/rpc', apiUrl: 'http://127.0.0.1:2', demoWallet: false };

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'eterno-web-'));
    await mkdir(join(dir, 'assets'));
    await mkdir(join(dir, '.vite'));
    await writeFile(join(dir, 'index.html'), INDEX_HTML);
    await writeFile(join(dir, 'assets', 'app-1.js'), APP_JS);
    await writeFile(join(dir, 'assets', 'logo-3.png'), PNG);
    await writeFile(join(dir, 'favicon.svg'), SVG);
    await writeFile(join(dir, '.vite', 'manifest.json'), '{}');
    await precompressDir(dir);
    // Written after the build's compression step: the server compresses it once at start.
    await writeFile(join(dir, 'assets', 'late-2.js'), LATE_JS);
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
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await response.text()).toBe(APP_JS);
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

  it('sends the security headers on every response', async () => {
    const responses = await Promise.all([
      raw(`${web.url}/`),
      raw(`${web.url}/login?redirect=%2Fhome`),
      raw(`${web.url}/assets/app-1.js`),
      raw(`${web.url}/config.json`),
      raw(`${web.url}/favicon.svg`),
      raw(`${web.url}/assets/missing-2.js`),
      raw(`${web.url}/`, {}, 'POST'),
    ]);
    expect(responses.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 404, 405]);
    for (const { headers } of responses) {
      const csp = directives(String(headers['content-security-policy']));
      expect(csp.get('connect-src')).toEqual(["'self'", 'http://127.0.0.1:1', 'http://127.0.0.1:2']);
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      expect(csp.get('script-src')).toEqual(["'self'"]);
      expect(csp.get('default-src')).toEqual(["'self'"]);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      expect(csp.get('base-uri')).toEqual(["'none'"]);
      expect(headers['x-frame-options']).toBe('DENY');
      expect(headers['referrer-policy']).toBe('no-referrer');
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['permissions-policy']).toMatch(/(^|, )camera=\(\)(,|$)/);
      expect(headers['permissions-policy']).toMatch(/(^|, )geolocation=\(\)(,|$)/);
      expect(headers['permissions-policy']).toMatch(/(^|, )payment=\(\)(,|$)/);
    }
  });

  it('caches hashed assets for a year, revalidates index.html and other files, never stores config.json', async () => {
    expect((await raw(`${web.url}/assets/app-1.js`)).headers['cache-control']).toBe(
      'public, max-age=31536000, immutable',
    );
    expect((await raw(`${web.url}/assets/logo-3.png`)).headers['cache-control']).toBe(
      'public, max-age=31536000, immutable',
    );
    for (const path of ['/', '/index.html', '/login', '/home/eterno']) {
      expect((await raw(`${web.url}${path}`)).headers['cache-control'], path).toBe('no-cache');
    }
    expect((await raw(`${web.url}/favicon.svg`)).headers['cache-control']).toBe('no-cache');
    expect((await raw(`${web.url}/config.json`)).headers['cache-control']).toBe('no-store');
  });

  it('sends the build’s brotli and gzip copies by Accept-Encoding, with Vary and the right length', async () => {
    const file = join(dir, 'assets', 'app-1.js');
    const br = await raw(`${web.url}/assets/app-1.js`, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(br.body.equals(await readFile(`${file}.br`))).toBe(true);
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    expect(brotliDecompressSync(br.body).toString()).toBe(APP_JS);
    expect(br.body.length).toBeLessThan(APP_JS.length / 10);

    const gz = await raw(`${web.url}/assets/app-1.js`, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.body.equals(await readFile(`${file}.gz`))).toBe(true);
    expect(gunzipSync(gz.body).toString()).toBe(APP_JS);

    const noBr = await raw(`${web.url}/assets/app-1.js`, { 'accept-encoding': 'br;q=0, gzip;q=0.5' });
    expect(noBr.headers['content-encoding']).toBe('gzip');

    for (const accept of [undefined, 'identity', 'deflate', 'br;q=0, gzip;q=0', '*;q=0']) {
      const plain = await raw(`${web.url}/assets/app-1.js`, accept ? { 'accept-encoding': accept } : {});
      expect(plain.headers['content-encoding'], accept).toBeUndefined();
      expect(plain.headers.vary, accept).toBe('Accept-Encoding');
      expect(plain.body.toString(), accept).toBe(APP_JS);
      expect(Number(plain.headers['content-length'])).toBe(APP_JS.length);
    }
  });

  it('compresses index.html, config.json, svg and a file the build did not compress; not images', async () => {
    const accept = { 'accept-encoding': 'br, gzip' };
    const index = await raw(`${web.url}/home`, accept);
    expect(index.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(index.body).toString()).toBe(INDEX_HTML);
    const late = await raw(`${web.url}/assets/late-2.js`, { 'accept-encoding': 'gzip' });
    expect(late.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(late.body).toString()).toBe(LATE_JS);
    const svg = await raw(`${web.url}/favicon.svg`, accept);
    expect(brotliDecompressSync(svg.body).toString()).toBe(SVG);
    const json = await raw(`${web.url}/config.json`, accept);
    expect(json.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(json.body).toString())).toEqual(config);
    const png = await raw(`${web.url}/assets/logo-3.png`, accept);
    expect(png.headers['content-encoding']).toBeUndefined();
    expect(png.headers.vary).toBeUndefined();
    expect(png.body.equals(PNG)).toBe(true);
  });

  it('answers a revalidation with 304 when the ETag matches', async () => {
    const first = await raw(`${web.url}/`);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await raw(`${web.url}/login`, { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers['content-security-policy']).toBeTruthy();
    expect((await raw(`${web.url}/`, { 'if-none-match': '"other"' })).status).toBe(200);
  });

  it('answers HEAD with the headers and no body', async () => {
    const head = await raw(`${web.url}/assets/app-1.js`, { 'accept-encoding': 'br' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-encoding']).toBe('br');
    expect(Number(head.headers['content-length'])).toBe((await readFile(join(dir, 'assets', 'app-1.js.br'))).length);
    expect(head.body.length).toBe(0);
  });

  it('does not serve the precompressed copies as files of their own', async () => {
    expect((await raw(`${web.url}/assets/app-1.js.br`)).status).toBe(404);
  });
});

describe('Content-Security-Policy', () => {
  it('names only the origins of the configured RPC and API in connect-src', () => {
    const origins = connectOrigins({
      rpcUrl: 'https://rpc.example.org:8545/v1/key?x=1',
      apiUrl: 'https://api.example.org/base/',
    });
    expect(origins).toEqual({ rpcUrl: 'https://rpc.example.org:8545', apiUrl: 'https://api.example.org' });
    expect(directives(contentSecurityPolicy(origins)).get('connect-src')).toEqual([
      "'self'",
      'https://rpc.example.org:8545',
      'https://api.example.org',
    ]);
    const same = connectOrigins({ rpcUrl: 'https://node.example.org/rpc', apiUrl: 'https://node.example.org/api' });
    expect(directives(contentSecurityPolicy(same)).get('connect-src')).toEqual(["'self'", 'https://node.example.org']);
  });

  it('allows the chart library’s one inline style by the hash of its installed text, and no other', async () => {
    const packageJson = createRequire(import.meta.url).resolve('lightweight-charts/package.json');
    // The build the web bundle uses (the package's "production" / default export).
    const library = await readFile(join(dirname(packageJson), 'dist/lightweight-charts.production.mjs'), 'utf8');
    const styles = [...library.matchAll(/"(a#tv-attr-logo\{[^"]*)"/g)].map((m) => m[1]!);
    expect(styles).toHaveLength(1);
    const hash = `'sha256-${createHash('sha256').update(styles[0]!).digest('base64')}'`;
    const csp = directives(contentSecurityPolicy({ rpcUrl: 'http://127.0.0.1:1', apiUrl: 'http://127.0.0.1:2' }));
    expect(csp.get('style-src')).toEqual(["'self'", hash]);
    expect(CHART_LOGO_STYLE_HASH).toBe(hash);
  });

  it('allows no inline script, no eval, no framing', () => {
    const csp = directives(contentSecurityPolicy({ rpcUrl: 'http://127.0.0.1:1', apiUrl: 'http://127.0.0.1:2' }));
    for (const [name, values] of csp) {
      expect(values, name).not.toContain("'unsafe-inline'");
      expect(values, name).not.toContain("'unsafe-eval'");
      expect(values, name).not.toContain('*');
    }
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
  });

  it('refuses to start with a config whose RPC or API is not an http(s) URL', async () => {
    for (const config of [
      {},
      { rpcUrl: 'http://127.0.0.1:1' },
      { rpcUrl: 'javascript:alert(1)', apiUrl: 'http://127.0.0.1:2' },
      { rpcUrl: 'http://127.0.0.1:1', apiUrl: 'not a url' },
      { rpcUrl: '*', apiUrl: 'http://127.0.0.1:2' },
      null,
    ]) {
      expect(() => connectOrigins(config), JSON.stringify(config)).toThrow(/web config/);
    }
    await expect(serveWeb({ distDir: '/nonexistent', config: { rpcUrl: 'ftp://x' } })).rejects.toThrow(/rpcUrl/);
  });
});

describe('negotiateEncoding', () => {
  const both = ['br', 'gzip'] as const;
  it.each([
    [undefined, null],
    ['', null],
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['br', 'br'],
    ['BR', 'br'],
    ['gzip;q=1, br;q=0.5', 'gzip'],
    ['br;q=0', null],
    ['br;q=0, *', 'gzip'],
    ['*', 'br'],
    ['*;q=0', null],
    ['identity', null],
    ['deflate, zstd', null],
    ['gzip;q=abc', null],
  ])('%j → %j', (accept, expected) => {
    expect(negotiateEncoding(accept, both)).toBe(expected);
  });

  it('only offers what is available', () => {
    expect(negotiateEncoding('br, gzip', ['gzip'])).toBe('gzip');
    expect(negotiateEncoding('br', ['gzip'])).toBeNull();
    expect(negotiateEncoding('br, gzip', [])).toBeNull();
  });
});
