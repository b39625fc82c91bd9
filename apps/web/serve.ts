/**
 * A tiny static server for the built web app (no dependencies): the files of `dist/`, the runtime
 * config at `GET /config.json`, and index.html for every other path (client-side routes).
 * Binds 127.0.0.1. Used by scripts/stack.ts and as a CLI:
 *
 *   tsx apps/web/serve.ts --config web-config.json [--port 5173] [--dist apps/web/dist]
 */
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, resolve, sep } from 'node:path';

export type ServeWebOptions = {
  /** The Vite build output (index.html and assets/). */
  distDir: string;
  /** 0 or absent: a free port. */
  port?: number;
  /** Served as `/config.json` (see docs/architecture.md, "Web runtime config"). */
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

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

function send(res: ServerResponse, status: number, headers: Record<string, string>, body?: string | Buffer): void {
  res.writeHead(status, { 'x-content-type-options': 'nosniff', ...headers });
  res.end(body);
}

export async function serveWeb({ distDir, port = 0, config }: ServeWebOptions): Promise<WebServer> {
  const root = resolve(distDir);
  const indexFile = join(root, 'index.html');
  const configBody = JSON.stringify(config);
  if (!(await isFile(indexFile))) throw new Error(`${indexFile} not found: run the web build first`);

  const serveIndex = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const html = await readFile(indexFile);
    send(res, 200, { 'content-type': CONTENT_TYPES['.html'] as string, 'cache-control': 'no-cache' }, req.method === 'HEAD' ? undefined : html);
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      send(res, 405, { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' }, 'method not allowed');
      return;
    }
    const { pathname } = new URL(req.url ?? '/', 'http://localhost');
    const resolution = resolveRequest(root, pathname);
    switch (resolution.kind) {
      case 'config':
        send(res, 200, { 'content-type': CONTENT_TYPES['.json'] as string, 'cache-control': 'no-store' }, req.method === 'HEAD' ? undefined : configBody);
        return;
      case 'index':
        await serveIndex(req, res);
        return;
      case 'not-found':
        send(res, 404, { 'content-type': 'text/plain; charset=utf-8' }, 'not found');
        return;
      case 'file': {
        if (!(await isFile(resolution.path))) {
          send(res, 404, { 'content-type': 'text/plain; charset=utf-8' }, 'not found');
          return;
        }
        const { size } = await stat(resolution.path);
        res.writeHead(200, {
          'content-type': contentType(resolution.path),
          'content-length': String(size),
          'cache-control': resolution.immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
          'x-content-type-options': 'nosniff',
        });
        if (req.method === 'HEAD') {
          res.end();
          return;
        }
        createReadStream(resolution.path).pipe(res);
        return;
      }
    }
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) send(res, 500, { 'content-type': 'text/plain; charset=utf-8' }, 'internal error');
      else res.destroy(error instanceof Error ? error : undefined);
    });
  });
  await new Promise<void>((resolveListen, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolveListen();
    });
  });
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${bound}`,
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
    console.error('usage: tsx apps/web/serve.ts --config <web-config.json> [--port <port>] [--dist <dir>]');
    process.exit(2);
  }
  const config: unknown = JSON.parse(await readFile(configFile, 'utf8'));
  const web = await serveWeb({
    distDir: argValue(args, '--dist') ?? join(import.meta.dirname, 'dist'),
    port: Number(argValue(args, '--port') ?? 0),
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
