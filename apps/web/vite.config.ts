import { readFile } from 'node:fs/promises';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
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
          res.end(JSON.stringify({ error: { code: 'NOT_FOUND', message: 'set ETERNO_WEB_CONFIG to the path of the web config JSON' } }));
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

export default defineConfig({
  plugins: [react(), runtimeConfig(), precompressPlugin()],
  build: {
    target: 'es2022',
    sourcemap: false,
    manifest: true,
  },
});
