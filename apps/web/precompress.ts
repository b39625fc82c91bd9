/**
 * Brotli and gzip copies of the built text assets, made once: by the Vite build (the plugin below
 * writes `<file>.br` and `<file>.gz` next to each file of `dist/`), and read by serve.ts, which
 * sends them by Accept-Encoding. Compressing at the highest levels takes seconds (brotli 11), so
 * it is never done per request.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { extname, join, resolve } from 'node:path';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { promisify } from 'node:util';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Extensions of the files worth compressing (text; images such as png/webp are compressed already). */
export const COMPRESSIBLE = new Set([
  '.html',
  '.js',
  '.mjs',
  '.css',
  '.json',
  '.svg',
  '.txt',
  '.map',
  '.wasm',
  '.ico',
  '.xml',
  '.webmanifest',
]);

export const ENCODINGS = ['br', 'gzip'] as const;
export type Encoding = (typeof ENCODINGS)[number];
/** The file name suffix of each precompressed copy. */
export const SUFFIX: Readonly<Record<Encoding, string>> = { br: '.br', gzip: '.gz' };

export function isCompressible(path: string): boolean {
  return COMPRESSIBLE.has(extname(path).toLowerCase());
}

/** Both compressed forms of `body`: brotli at quality 11, gzip at level 9. */
export async function compress(body: Buffer): Promise<Record<Encoding, Buffer>> {
  const [br, gzipped] = await Promise.all([
    brotli(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
    gz(body, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  return { br, gzip: gzipped };
}

/** Every file under `dir`, relative paths with `/`, skipping dot-directories (Vite's .vite/manifest.json) and precompressed copies. */
export async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) =>
      join(entry.parentPath, entry.name)
        .slice(dir.length + 1)
        .split('\\')
        .join('/'),
    )
    .filter((path) => !path.split('/').some((segment) => segment.startsWith('.')))
    .filter((path) => !Object.values(SUFFIX).some((suffix) => path.endsWith(suffix)))
    .sort();
}

/** Writes `<file>.br` and `<file>.gz` for every compressible file of `dir`. */
export async function precompressDir(dir: string): Promise<number> {
  const files = (await listFiles(dir)).filter(isCompressible);
  for (const file of files) {
    const path = join(dir, file);
    const compressed = await compress(await readFile(path));
    for (const encoding of ENCODINGS) await writeFile(path + SUFFIX[encoding], compressed[encoding]);
  }
  return files.length;
}

/** Vite plugin: precompresses the build output once it is written. */
export function precompressPlugin(): Plugin {
  let outDir = '';
  return {
    name: 'eterno-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const count = await precompressDir(outDir);
      this.info(`precompressed ${count} files (brotli 11, gzip 9)`);
    },
  };
}
