/**
 * Guards patches/ponder+0.17.7.patch (applied by `patch-package` at `npm install`): Ponder's parse of
 * each raw SQL statement is kept per statement text (docs/decisions/indexer-sql-parse.md). Fails when
 * Ponder is another version (the patch must be redone or dropped), when the patched file is not the
 * one reviewed (the patch was not applied, or applied to something else), or when the cache changes
 * what Ponder gets from a parse.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { register } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import pgQuery from 'pg-query-emscripten';
import { beforeAll, describe, expect, it } from 'vitest';

const PONDER_VERSION = '0.17.7';
/** sha256 of node_modules/ponder/dist/esm/utils/sql-parse.js with the patch applied. */
const PATCHED_SHA256 = '31de4ac280603f4820cbf72334ef004af6343d195433f45ac0170379fd1ecf07';
const REPO_ROOT = resolve(import.meta.dirname, '../../..');

/** The ponder package the server runs, found as Node finds it from apps/server. */
function ponderDir(): string {
  for (let dir = resolve(import.meta.dirname, '..'); ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', 'ponder');
    if (existsSync(join(candidate, 'package.json'))) return candidate;
    if (dirname(dir) === dir) throw new Error('ponder is not installed');
  }
}

const PONDER_DIR = ponderDir();
const SQL_PARSE = join(PONDER_DIR, 'dist', 'esm', 'utils', 'sql-parse.js');

type SqlParse = {
  parseSQLQuery(sql: string): Promise<Record<string, unknown>>;
  isReadonlySQLQuery(sql: string): Promise<boolean>;
  getSQLQueryRelations(sql: string): Promise<Set<string>>;
};

/** Instances of the parser module made since the hook below was registered (set by its wrapper). */
const instances = (): number => (globalThis as { __ponderPatchTestInstances?: number }).__ponderPatchTestInstances ?? 0;

/**
 * Points the patched file's import of `pg-query-emscripten` at a wrapper that counts instances, so
 * the test sees whether a parse was answered from the cache. Only this test process is affected.
 */
function countParserInstances(): void {
  const sqlParseUrl = pathToFileURL(SQL_PARSE).href;
  const wrapper = [
    "import real from 'pg-query-emscripten';",
    'export default function counted() {',
    '  globalThis.__ponderPatchTestInstances = (globalThis.__ponderPatchTestInstances ?? 0) + 1;',
    '  return real();',
    '}',
  ].join('\n');
  const wrapperUrl = `data:text/javascript,${encodeURIComponent(wrapper)}`;
  const hooks = [
    `const SQL_PARSE = ${JSON.stringify(sqlParseUrl)};`,
    `const WRAPPER = ${JSON.stringify(wrapperUrl)};`,
    'export async function resolve(specifier, context, next) {',
    "  if (specifier !== 'pg-query-emscripten') return next(specifier, context);",
    '  if (context.parentURL === SQL_PARSE) return { url: WRAPPER, shortCircuit: true };',
    // The wrapper gets the package Ponder's file would get.
    '  if (context.parentURL === WRAPPER) return next(specifier, { ...context, parentURL: SQL_PARSE });',
    '  return next(specifier, context);',
    '}',
  ].join('\n');
  register(`data:text/javascript,${encodeURIComponent(hooks)}`);
}

describe('the Ponder patch (patches/ponder+0.17.7.patch)', () => {
  let sqlParse: SqlParse;

  beforeAll(async () => {
    countParserInstances();
    sqlParse = (await import(pathToFileURL(SQL_PARSE).href)) as SqlParse;
  });

  it(`is for the installed Ponder (${PONDER_VERSION}): a new version needs the patch redone or dropped`, () => {
    const { version } = JSON.parse(readFileSync(join(PONDER_DIR, 'package.json'), 'utf8')) as { version: string };
    expect(version).toBe(PONDER_VERSION);
    expect(existsSync(join(REPO_ROOT, 'patches', `ponder+${version}.patch`))).toBe(true);
  });

  it('is applied: the installed sql-parse.js is the patched file', () => {
    const sha256 = createHash('sha256').update(readFileSync(SQL_PARSE)).digest('hex');
    expect(sha256).toBe(PATCHED_SHA256);
  });

  it('parses exactly as the package does, a new text and a repeated one', async () => {
    const { parse: reference } = await pgQuery();
    const SELECT = 'SELECT a FROM t WHERE b = $1';
    const UPDATE = 'UPDATE t SET a = $1 WHERE b = $2';
    for (const text of [SELECT, UPDATE, SELECT, UPDATE]) {
      const expected = (reference(text) as { parse_tree: { stmts: { stmt: unknown }[] } }).parse_tree.stmts[0]!.stmt;
      expect(await sqlParse.parseSQLQuery(text)).toEqual(expected);
    }
    // A text the parser rejects is rejected again when it comes from the cache.
    expect((reference('SELEC nonsense') as { error: unknown }).error).not.toBeNull();
    for (let i = 0; i < 2; i++) await expect(sqlParse.parseSQLQuery('SELEC nonsense')).rejects.toThrow();
  });

  it('answers a text parsed before from the cache, without a new parser instance', async () => {
    const text = 'SELECT x, y FROM cache_check WHERE z = $1';
    const before = instances();
    const first = await sqlParse.parseSQLQuery(text);
    expect(instances()).toBeGreaterThan(before);
    const afterFirst = instances();
    const second = await sqlParse.parseSQLQuery(text);
    expect(second).toEqual(first);
    expect(instances()).toBe(afterFirst);
  });

  it('never lets a caller change what a later caller gets', async () => {
    const text = 'SELECT a FROM mutation_check WHERE b = $1';
    // The first parse returns the parser's own result (the cache holds a copy), later ones a copy.
    const first = await sqlParse.parseSQLQuery(text);
    const pristine = structuredClone(first);
    (first.SelectStmt as { targetList: unknown[] }).targetList.length = 0;
    const second = await sqlParse.parseSQLQuery(text);
    expect(second).toEqual(pristine);
    (second.SelectStmt as { targetList: unknown[] }).targetList.push('x');
    delete second.SelectStmt;
    expect(await sqlParse.parseSQLQuery(text)).toEqual(pristine);
  });

  it('still tells a read from a write, from a new text and from a cached one', async () => {
    for (let i = 0; i < 2; i++) {
      expect(await sqlParse.isReadonlySQLQuery('SELECT a FROM rw_check WHERE b = $1')).toBe(true);
      expect(await sqlParse.isReadonlySQLQuery('UPDATE rw_check SET a = $1 WHERE b = $2')).toBe(false);
      expect(await sqlParse.isReadonlySQLQuery('DELETE FROM rw_check WHERE b = $1')).toBe(false);
    }
    expect([...(await sqlParse.getSQLQueryRelations('UPDATE rw_check SET a = $1 WHERE b = $2'))]).toEqual(['rw_check']);
  });

  it('parses many new texts in a row (a fresh parser instance each)', async () => {
    const before = instances();
    for (let i = 0; i < 20; i++) {
      const stmt = await sqlParse.parseSQLQuery(`SELECT ${i} FROM many_${i}`);
      expect(stmt).toHaveProperty('SelectStmt');
    }
    expect(instances() - before).toBeGreaterThanOrEqual(20);
  });
});
