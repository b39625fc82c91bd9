import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** The part of Vite's build manifest (`dist/.vite/manifest.json`) this script reads. */
export type ManifestChunk = {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  src?: string;
};
export type Manifest = Record<string, ManifestChunk>;

/** The JS files a chunk needs before it runs: itself and its static imports, transitively. */
export function staticClosure(manifest: Manifest, keys: readonly string[]): string[] {
  const seen = new Set<string>();
  const visit = (key: string): void => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`no chunk ${key} in the manifest`);
    seen.add(key);
    for (const dependency of chunk.imports ?? []) visit(dependency);
  };
  keys.forEach(visit);
  return [...seen].map((key) => (manifest[key] as ManifestChunk).file).filter((file) => file.endsWith('.js'));
}

/** The JS a visitor downloads to render /login: the entry, its modulepreloads and the login page chunk. */
export function loginFiles(manifest: Manifest): string[] {
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  const login = Object.keys(manifest).find((key) => key.endsWith('features/login/LoginPage.tsx'));
  if (!entry || !login) throw new Error('the manifest has no entry or no LoginPage chunk');
  return staticClosure(manifest, [entry, login]);
}

function main(): void {
  const dist = process.argv[2] ?? join(import.meta.dirname, '..', 'dist');
  const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  let total = 0;
  for (const file of loginFiles(manifest)) {
    const size = gzipSync(readFileSync(join(dist, file))).length;
    total += size;
    console.log(`${(size / 1024).toFixed(2).padStart(8)} KB gzip  ${file}`);
  }
  console.log(`${(total / 1024).toFixed(2).padStart(8)} KB gzip  total JS to render /login (budget 140 KB)`);
  if (total > 140 * 1024) process.exitCode = 1;
}

if (process.argv[1] === import.meta.filename) main();
