/**
 * The production web server for the built app (no dependencies beyond Node): the files of `dist/`,
 * the runtime config at `GET /config.json`, and index.html for every other path (client-side
 * routes). Binds 127.0.0.1 by default. Used by scripts/stack.ts and as a CLI:
 *
 *   tsx apps/web/serve.ts --config web-config.json [--port 5173] [--host 0.0.0.0] [--dist apps/web/dist]
 *
 * Every response carries the security headers (securityHeaders: a Content-Security-Policy whose
 * connect-src names only the configured RPC and API origins, no framing, no referrer, a
 * Permissions-Policy, nosniff). Text files are sent brotli- or gzip-compressed by Accept-Encoding
 * from the copies the build wrote (precompress.ts); hashed files under /assets/ are cached for a
 * year as immutable, everything else is revalidated (ETag), and config.json is never stored.
 * See docs/decisions/web-server.md.
 */
import { readFile } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, resolve, sep } from 'node:path';
import { compress, ENCODINGS, isCompressible, listFiles, SUFFIX, type Encoding } from './precompress.ts';

export type ServeWebOptions = {
  /** The Vite build output (index.html and assets/). */
  distDir: string;
  /** 0 or absent: a free port. */
  port?: number;
  /** 127.0.0.1 when absent. */
  host?: string;
  /**
   * Served as `/config.json` (see docs/architecture.md, "Web runtime config"). Its `rpcUrl` and
   * `apiUrl` (http(s) URLs) are the only origins the page may connect to besides its own.
   */
  config: unknown;
};

export type WebServer = { url: string; stop(): Promise<void> };

export const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.wasm': 'application/wasm',
};

export function contentType(path: string): string {
  return CONTENT_TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream';
}

export type Resolution =
  | { kind: 'config' }
  | { kind: 'file'; path: string; immutable: boolean }
  | { kind: 'index' }
  | { kind: 'not-found' };

/**
 * What a GET of `pathname` serves: the config, a file inside `distDir` (never outside it, never a
 * dot-file such as .vite/manifest.json), index.html for an extension-less path (a client route such
 * as /assets/overview), or 404 (a path with an extension is a file, and a missing file is missing).
 */
export function resolveRequest(distDir: string, pathname: string): Resolution {
  if (pathname === '/config.json') return { kind: 'config' };
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return { kind: 'not-found' };
  }
  if (decoded.includes('\0')) return { kind: 'not-found' };
  const segments = decoded.split(/[/\\]+/).filter((segment) => segment !== '');
  if (segments.some((segment) => segment.startsWith('.'))) return { kind: 'not-found' };
  if (segments.length === 0) return { kind: 'index' };
  const root = resolve(distDir);
  const path = resolve(root, ...segments);
  if (!path.startsWith(root + sep)) return { kind: 'not-found' };
  if (extname(path) === '') return { kind: 'index' };
  return { kind: 'file', path, immutable: segments[0] === 'assets' };
}

/** The origins the page may fetch from besides its own: the configured RPC and API. */
export type ConnectOrigins = { rpcUrl: string; apiUrl: string };

function originOf(config: Record<string, unknown>, field: keyof ConnectOrigins): string {
  const value = config[field];
  let url: URL | undefined;
  try {
    url = typeof value === 'string' ? new URL(value) : undefined;
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw new Error(
      `web config: "${field}" must be an http(s) URL (it is the only origin the page may connect to), got ${JSON.stringify(value)}`,
    );
  }
  return url.origin;
}

/** The RPC and API origins of a web config; throws when either is not an http(s) URL. */
export function connectOrigins(config: unknown): ConnectOrigins {
  if (typeof config !== 'object' || config === null) throw new Error('web config: must be a JSON object');
  const record = config as Record<string, unknown>;
  return { rpcUrl: originOf(record, 'rpcUrl'), apiUrl: originOf(record, 'apiUrl') };
}

/**
 * The one inline `<style>` the app allows, by its hash: lightweight-charts (TREND's chart) writes
 * the CSS of its TradingView attribution logo into a `<style>` element it creates. The rest of
 * its styling goes through the CSSOM (element.style), which a CSP does not restrict. serve.test.ts
 * recomputes this hash from the installed library, so an upgrade that changes the text fails there.
 */
export const CHART_LOGO_STYLE_HASH = "'sha256-3pRED1tOXas1FXFoPb9TGCjmYe9XQsmO9OV23khV2nY='";

/**
 * The Content-Security-Policy: scripts, styles, fonts and the manifest only from the app's own
 * origin (no inline script, no eval; one inline style by its hash, the chart logo's); images also as data: URLs (EIP-6963 wallet icons are data
 * URLs); fetches only to the app itself, the RPC and the API; no plugins, no <base>, no forms
 * posting anywhere, no framing by any page.
 */
export function contentSecurityPolicy(origins: ConnectOrigins): string {
  const connect = [...new Set(["'self'", origins.rpcUrl, origins.apiUrl])].join(' ');
  return [
    "default-src 'self'",
    "script-src 'self'",
    `style-src 'self' ${CHART_LOGO_STYLE_HASH}`,
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src ${connect}`,
    "manifest-src 'self'",
    "worker-src 'none'",
    "frame-src 'none'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Browser features the app never uses, switched off for it and anything it might embed. */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'hid=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'serial=()',
  'usb=()',
  'xr-spatial-tracking=()',
].join(', ');

/** The headers every response carries. */
export function securityHeaders(origins: ConnectOrigins): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy(origins),
    'x-frame-options': 'DENY',
    'referrer-policy': 'no-referrer',
    'permissions-policy': PERMISSIONS_POLICY,
    'x-content-type-options': 'nosniff',
    'cross-origin-opener-policy': 'same-origin',
  };
}

export const CACHE_IMMUTABLE = 'public, max-age=31536000, immutable';
export const CACHE_REVALIDATE = 'no-cache';
export const CACHE_NEVER = 'no-store';

/**
 * The encoding to send among those available, by the request's Accept-Encoding (RFC 9110 §12.5.3:
 * q-values, `*`, `identity`); brotli before gzip at equal weight. null: send the file as it is.
 */
export function negotiateEncoding(acceptEncoding: string | undefined, available: readonly Encoding[]): Encoding | null {
  if (!acceptEncoding) return null;
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  let best: Encoding | null = null;
  let bestWeight = 0;
  for (const encoding of ENCODINGS) {
    if (!available.includes(encoding)) continue;
    const weight = weights.get(encoding) ?? weights.get('*') ?? 0;
    if (weight > bestWeight) {
      best = encoding;
      bestWeight = weight;
    }
  }
  return best;
}

/** One servable body: as it is, and its compressed copies for text. */
type Body = {
  readonly contentType: string;
  readonly cacheControl: string;
  readonly etag: string;
  readonly identity: Buffer;
  readonly encoded: Partial<Record<Encoding, Buffer>>;
};

function etagOf(body: Buffer): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
}

async function readIfExists(path: string): Promise<Buffer | undefined> {
  try {
    return await readFile(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * The compressed copies of a body: for a file of dist/, the `.br`/`.gz` files the build wrote
 * beside it (compressed now, once, if the build wrote none); for a generated body (no path),
 * compressed now. A copy that is not smaller than the body is dropped.
 */
async function compressedCopies(identity: Buffer, path?: string): Promise<Partial<Record<Encoding, Buffer>>> {
  if (path !== undefined && !isCompressible(path)) return {};
  let copies: Partial<Record<Encoding, Buffer>> = {};
  if (path !== undefined) {
    for (const encoding of ENCODINGS) {
      const copy = await readIfExists(path + SUFFIX[encoding]);
      if (copy) copies[encoding] = copy;
    }
  }
  if (ENCODINGS.some((encoding) => copies[encoding] === undefined)) copies = await compress(identity);
  return Object.fromEntries(Object.entries(copies).filter(([, copy]) => copy.length < identity.length));
}

async function loadBody(identity: Buffer, contentType: string, cacheControl: string, path?: string): Promise<Body> {
  return {
    contentType,
    cacheControl,
    etag: etagOf(identity),
    identity,
    encoded: await compressedCopies(identity, path),
  };
}

function matchesEtag(req: IncomingMessage, etag: string): boolean {
  const header = req.headers['if-none-match'];
  if (!header) return false;
  return header.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed === etag || trimmed === `W/${etag}`;
  });
}

export async function serveWeb({ distDir, port = 0, host = '127.0.0.1', config }: ServeWebOptions): Promise<WebServer> {
  const root = resolve(distDir);
  const headers = securityHeaders(connectOrigins(config));
  const indexHtml = await readIfExists(join(root, 'index.html'));
  if (!indexHtml) throw new Error(`${join(root, 'index.html')} not found: run the web build first`);

  // Every file is read (and its compressed copies found) once, at start: the build output does not change under a running server.
  const files = new Map<string, Body>();
  for (const file of await listFiles(root)) {
    const path = join(root, file);
    const resolution = resolveRequest(root, `/${file}`);
    if (resolution.kind !== 'file') continue;
    files.set(
      resolution.path,
      await loadBody(
        await readFile(path),
        contentType(path),
        resolution.immutable ? CACHE_IMMUTABLE : CACHE_REVALIDATE,
        path,
      ),
    );
  }
  const index = await loadBody(indexHtml, CONTENT_TYPES['.html'] as string, CACHE_REVALIDATE, join(root, 'index.html'));
  const configBody = await loadBody(Buffer.from(JSON.stringify(config)), CONTENT_TYPES['.json'] as string, CACHE_NEVER);

  const send = (
    req: IncomingMessage,
    res: ServerResponse,
    status: number,
    extra: Record<string, string>,
    body?: string,
  ): void => {
    res.writeHead(status, { ...headers, ...extra });
    res.end(req.method === 'HEAD' ? undefined : body);
  };

  const sendBody = (req: IncomingMessage, res: ServerResponse, body: Body): void => {
    const available = ENCODINGS.filter((encoding) => body.encoded[encoding] !== undefined);
    const common: Record<string, string> = {
      ...headers,
      'content-type': body.contentType,
      'cache-control': body.cacheControl,
      etag: body.etag,
    };
    if (available.length > 0) common.vary = 'Accept-Encoding';
    if (matchesEtag(req, body.etag)) {
      res.writeHead(304, common);
      res.end();
      return;
    }
    const encoding = negotiateEncoding(req.headers['accept-encoding'], available);
    const payload = encoding ? (body.encoded[encoding] as Buffer) : body.identity;
    res.writeHead(200, {
      ...common,
      ...(encoding ? { 'content-encoding': encoding } : {}),
      'content-length': String(payload.length),
    });
    res.end(req.method === 'HEAD' ? undefined : payload);
  };

  const handle = (req: IncomingMessage, res: ServerResponse): void => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      send(req, res, 405, { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' }, 'method not allowed');
      return;
    }
    const { pathname } = new URL(req.url ?? '/', 'http://localhost');
    const resolution = resolveRequest(root, pathname);
    const body =
      resolution.kind === 'config'
        ? configBody
        : resolution.kind === 'index'
          ? index
          : resolution.kind === 'file'
            ? files.get(resolution.path)
            : undefined;
    if (!body) {
      send(
        req,
        res,
        404,
        { 'content-type': 'text/plain; charset=utf-8', 'cache-control': CACHE_REVALIDATE },
        'not found',
      );
      return;
    }
    sendBody(req, res, body);
  };

  const server = createServer((req, res) => {
    try {
      handle(req, res);
    } catch (error) {
      if (!res.headersSent) send(req, res, 500, { 'content-type': 'text/plain; charset=utf-8' }, 'internal error');
      else res.destroy(error instanceof Error ? error : undefined);
    }
  });
  await new Promise<void>((resolveListen, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolveListen();
    });
  });
  const { port: bound } = server.address() as AddressInfo;
  const shownHost = host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${shownHost}:${bound}`,
    stop: () =>
      new Promise<void>((resolveStop, reject) => {
        server.close((error) => (error ? reject(error) : resolveStop()));
        server.closeAllConnections();
      }),
  };
}

function argValue(args: readonly string[], name: string): string | undefined {
  const index = args.indexOf(name);
  return index === -1 ? undefined : args[index + 1];
}

async function main(args: readonly string[]): Promise<void> {
  const configFile = argValue(args, '--config') ?? process.env.ETERNO_WEB_CONFIG;
  if (!configFile) {
    console.error(
      'usage: tsx apps/web/serve.ts --config <web-config.json> [--port <port>] [--host <address>] [--dist <dir>]',
    );
    process.exit(2);
  }
  const config: unknown = JSON.parse(await readFile(configFile, 'utf8'));
  const web = await serveWeb({
    distDir: argValue(args, '--dist') ?? join(import.meta.dirname, 'dist'),
    port: Number(argValue(args, '--port') ?? 0),
    host: argValue(args, '--host') ?? '127.0.0.1',
    config,
  });
  console.log(`ETERNO web: ${web.url}`);
  const stop = (): void => {
    web.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

if (process.argv[1] && resolve(process.argv[1]) === import.meta.filename) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
