import { readFile } from 'node:fs/promises';
import react from '@vitejs/plugin-react';
import { defineConfig, type HtmlTagDescriptor, type Plugin } from 'vite';
import { precompressPlugin } from './precompress.ts';

/** Dev only: serves `/config.json` from the file named by ETERNO_WEB_CONFIG (the built app is served by serve.ts). */
function runtimeConfig(): Plugin {
  return {
    name: 'eterno-runtime-config',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use('/config.json', (_req, res) => {
        const file = process.env.ETERNO_WEB_CONFIG;
        if (!file) {
          res.statusCode = 404;
          res.setHeader('content-type', 'application/json');
          res.end(
            JSON.stringify({
              error: { code: 'NOT_FOUND', message: 'set ETERNO_WEB_CONFIG to the path of the web config JSON' },
            }),
          );
          return;
        }
        readFile(file, 'utf8').then(
          (text) => {
            res.setHeader('content-type', 'application/json; charset=utf-8');
            res.setHeader('cache-control', 'no-store');
            res.end(text);
          },
          (error: unknown) => {
            res.statusCode = 500;
            res.setHeader('content-type', 'application/json');
            res.end(JSON.stringify({ error: { code: 'CONFIG_UNREADABLE', message: String(error) } }));
          },
        );
      });
    },
  };
}

/**
 * Build only: index.html preloads the login page's chunk, which every visitor without a session needs
 * first. main.tsx imports it for such a visitor as soon as the entry runs; with the preload its download
 * has already happened alongside the entry's instead of starting after it. Its CSS is in the entry's
 * stylesheet (main.tsx), so nothing is preloaded that a signed-in load would leave unused.
 */
function preloadLoginPage(): Plugin {
  return {
    name: 'eterno-preload-login',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        const chunks = new Map(
          Object.values(bundle ?? {}).flatMap((output) =>
            output.type === 'chunk' ? [[output.fileName, output] as const] : [],
          ),
        );
        const login = [...chunks.values()].find((chunk) =>
          chunk.facadeModuleId?.endsWith('/src/features/login/LoginPage.tsx'),
        );
        if (!login) throw new Error('preloadLoginPage: no LoginPage chunk in the bundle');
        // The chunk and its static imports, transitively, less what index.html already loads.
        const files = new Set<string>();
        const visit = (file: string): void => {
          if (files.has(file)) return;
          files.add(file);
          for (const dependency of chunks.get(file)?.imports ?? []) visit(dependency);
        };
        visit(login.fileName);
        return [...files]
          .filter((file) => !html.includes(`/${file}"`))
          .map(
            (file): HtmlTagDescriptor => ({
              tag: 'link',
              attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
              injectTo: 'head',
            }),
          );
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), runtimeConfig(), preloadLoginPage(), precompressPlugin()],
  build: {
    target: 'es2022',
    sourcemap: false,
    manifest: true,
    modulePreload: false,
  },
});
