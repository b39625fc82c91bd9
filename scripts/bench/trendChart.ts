/**
 * web.trend_chart_gzip_kb: the JavaScript Home › TREND fetches lazily for its chart (the chart
 * library, `lightweight-charts`, imported dynamically by TrendChart.tsx), read from the production
 * build's Vite manifest: the TREND screen chunk's one dynamic import, with the chunks it needs,
 * transitively, less those the screen's own chunk already loaded. Each is gzipped with Node's zlib
 * at level 9 (GZIP_LEVEL); 1 kB = 1000 bytes.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { GZIP_LEVEL, type JsFile } from './loginJs.ts';

type ManifestEntry = { file: string; imports?: string[]; dynamicImports?: string[] };

const SCREEN = 'src/features/trend/TrendScreen.tsx';

export async function measureTrendChartJs(distDir: string): Promise<{ files: JsFile[]; gzipBytes: number }> {
  const manifest = JSON.parse(await readFile(join(distDir, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    ManifestEntry
  >;
  const closure = (key: string): Set<string> => {
    const seen = new Set<string>();
    const visit = (k: string): void => {
      if (seen.has(k)) return;
      const entry = manifest[k];
      if (entry === undefined) throw new Error(`the web build's manifest has no ${k}`);
      seen.add(k);
      for (const i of entry.imports ?? []) visit(i);
    };
    visit(key);
    return seen;
  };
  const screen = closure(SCREEN);
  const lazy = [...screen].flatMap((key) => manifest[key]!.dynamicImports ?? []);
  const chart = lazy.find((key) => key.includes('lightweight-charts'));
  if (chart === undefined) throw new Error(`${SCREEN} does not import lightweight-charts lazily`);
  const files: JsFile[] = [];
  for (const key of closure(chart)) {
    if (screen.has(key)) continue;
    const body = await readFile(join(distDir, manifest[key]!.file));
    files.push({
      path: manifest[key]!.file,
      rawBytes: body.length,
      gzipBytes: gzipSync(body, { level: GZIP_LEVEL }).length,
    });
  }
  return { files, gzipBytes: files.reduce((s, f) => s + f.gzipBytes, 0) };
}
