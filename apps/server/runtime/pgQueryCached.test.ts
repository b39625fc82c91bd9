import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import pgQuery from 'pg-query-emscripten';
import { describe, expect, it } from 'vitest';
import cachedPgQuery from './pgQueryCached.ts';

const SELECT = 'SELECT a FROM t WHERE b = $1';
const UPDATE = 'UPDATE t SET a = $1 WHERE b = $2';

describe('pgQueryCached', () => {
  it('parses exactly as the package does, a new text and a repeated one', async () => {
    const { parse: reference } = await pgQuery();
    for (const text of [SELECT, UPDATE, SELECT, 'SELEC nonsense', SELECT]) {
      const { parse } = await cachedPgQuery();
      expect(parse(text)).toEqual(reference(text));
    }
  });

  it('never lets a caller change what a later caller gets', async () => {
    const first = (await cachedPgQuery()).parse(SELECT) as { parse_tree: { stmts: unknown[] } };
    first.parse_tree.stmts.length = 0;
    const second = (await cachedPgQuery()).parse(SELECT) as { parse_tree: { stmts: unknown[] } };
    expect(second.parse_tree.stmts).toHaveLength(1);
    second.parse_tree.stmts.push('x');
    const third = (await cachedPgQuery()).parse(SELECT) as { parse_tree: { stmts: unknown[] } };
    expect(third.parse_tree.stmts).toHaveLength(1);
  });

  it('parses many new texts in a row (a fresh instance each)', async () => {
    for (let i = 0; i < 20; i++) {
      const { parse } = await cachedPgQuery();
      const result = parse(`SELECT ${i} FROM t${i}`) as { error: unknown; parse_tree: { stmts: unknown[] } };
      expect(result.error).toBeNull();
      expect(result.parse_tree.stmts).toHaveLength(1);
    }
  });

  it('is what a process started with --import ./sqlParseCache.ts gets for pg-query-emscripten', () => {
    const out = execFileSync(
      process.execPath,
      [
        '--import',
        join(import.meta.dirname, 'sqlParseCache.ts'),
        '--input-type=module',
        '-e',
        "const m = await import('pg-query-emscripten'); console.log(m.default.name)",
      ],
      { cwd: import.meta.dirname, encoding: 'utf8' },
    );
    expect(out.trim()).toBe('cachedPgQuery');
  });
});
