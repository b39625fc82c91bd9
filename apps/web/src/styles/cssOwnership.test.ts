import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '..');

function cssFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return cssFiles(path);
    return entry.name.endsWith('.css') ? [path] : [];
  });
}

/** The classes a stylesheet styles by themselves (a rule whose selector list starts with one bare class). */
function bareClassRules(css: string): string[] {
  const code = css.replace(/\/\*[\s\S]*?\*\//g, '');
  return [...code.matchAll(/^\s*\.([\w-]+)\s*[{,]/gm)].map((match) => match[1] as string);
}

describe('stylesheets', () => {
  it('finds the bare class rules of a stylesheet, not the scoped ones', () => {
    expect(bareClassRules('.toast { opacity: 0 }\n.app-header .x {}\n/* .gone {} */\n.a,\n.b {}')).toEqual([
      'toast',
      'a',
      'b',
    ]);
  });

  // Two stylesheets styling the same bare class both apply to every element with it, in whatever
  // order the bundles load: the header's "Copy successful" pill (`.toast { opacity: 0 }` in the
  // shell) made every transaction toast invisible that way.
  it('styles a bare class in one stylesheet only', () => {
    const owners = new Map<string, string[]>();
    for (const file of cssFiles(SRC)) {
      for (const name of new Set(bareClassRules(readFileSync(file, 'utf8')))) {
        owners.set(name, [...(owners.get(name) ?? []), relative(SRC, file)]);
      }
    }
    const shared = [...owners].filter(([, files]) => files.length > 1);
    expect(shared).toEqual([]);
    expect(owners.get('toast')).toEqual(['components/toast/toast.css']);
  });
});
