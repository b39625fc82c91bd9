/**
 * The repository's import boundaries, checked over the source tree (`npm test -- boundaries`):
 *
 * - `relative-import`: no relative import (static, dynamic or `require`) leaves its workspace — a
 *   workspace is one of the root package.json's `workspaces`; files outside them (scripts/) form
 *   the root one. Across workspaces, code imports package names through `exports`.
 * - `protocol-imports`: the protocol package imports only viem; its tests (and vitest config)
 *   may also import vitest, fast-check (property tests), node builtins and the devstack's chain fixture.
 * - `web-server`: the web app and the server never import each other.
 * - `hand-written-abi`: ABIs come only from generated files: no `parseAbi`, `parseAbiItem` or
 *   ABI JSON outside a `generated/` folder and the contracts build that writes it.
 * - `as-unknown-as`: no double cast anywhere: a value is typed from its source (the ABI, the parser).
 * - `contract-source`: outside the contracts workspace and the generated files no code names a
 *   `.sol` file: the shipped contract sources come from the generated file.
 *
 *   node --import tsx packages/devstack/src/boundaries.ts [root]   prints each crossing, exits 1 if any
 */
import { readdirSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

export type BoundaryRule =
  | 'relative-import'
  | 'protocol-imports'
  | 'web-server'
  | 'hand-written-abi'
  | 'contract-source'
  | 'as-unknown-as';

export type Violation = { file: string; line: number; rule: BoundaryRule; message: string };

const SOURCE_EXT = /\.(?:ts|tsx|mts|cts|js|mjs|cjs|jsx)$/;
const SKIP_DIRS = new Set(['node_modules', 'dist', 'out', 'cache', 'coverage']);
/** The checker's own test: its fixture trees are crossings written as strings, on purpose. */
const FIXTURE_FILE = 'packages/devstack/src/boundaries.test.ts';
const PROTOCOL = 'packages/protocol';
const CONTRACTS = 'contracts';
const WEB = 'apps/web';
const SERVER = 'apps/server';

type Workspace = { dir: string; name: string | undefined };

function readJson(file: string): Record<string, unknown> {
  return JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
}

function workspacesOf(root: string): Workspace[] {
  const list = readJson(join(root, 'package.json')).workspaces;
  if (!Array.isArray(list)) return [];
  return list.map((entry) => {
    const dir = String(entry).replace(/\/$/, '');
    let name: string | undefined;
    try {
      const pkgName = readJson(join(root, dir, 'package.json')).name;
      name = typeof pkgName === 'string' ? pkgName : undefined;
    } catch {
      name = undefined;
    }
    return { dir, name };
  });
}

function sourceFiles(root: string, dir = root): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.') || SKIP_DIRS.has(entry.name)) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...sourceFiles(root, path));
    else if (entry.isFile() && SOURCE_EXT.test(entry.name)) found.push(path);
  }
  return found;
}

/** `a/b/c.ts` → the workspace dir holding it (the longest match), or "" for the root one. */
function workspaceOf(path: string, workspaces: Workspace[]): string {
  let best = '';
  for (const ws of workspaces) {
    if ((path === ws.dir || path.startsWith(`${ws.dir}/`)) && ws.dir.length > best.length) best = ws.dir;
  }
  return best;
}

/** Comments out of the way (kept line breaks, so positions keep their line numbers). */
function stripComments(text: string): string {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, (block) => block.replace(/[^\n]/g, ' '))
    .replace(/^[ \t]*\/\/.*$/gm, (line) => ' '.repeat(line.length));
}

const IMPORT_PATTERNS = [
  /(?:^|[\s;}])(?:import|export)\s+(?:type\s+)?[^'";]*?\bfrom\s*['"]([^'"]+)['"]/g,
  /(?:^|[\s;])import\s*['"]([^'"]+)['"]/g,
  /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g,
  /\brequire(?:\.resolve)?\(\s*['"]([^'"]+)['"]\s*\)/g,
];

export type ImportRef = { specifier: string; index: number };

export function importsOf(text: string): ImportRef[] {
  const code = stripComments(text);
  const refs: ImportRef[] = [];
  for (const pattern of IMPORT_PATTERNS) {
    for (const match of code.matchAll(pattern)) {
      const specifier = match[1];
      if (specifier !== undefined)
        refs.push({ specifier, index: (match.index ?? 0) + match[0].lastIndexOf(specifier) });
    }
  }
  return refs.sort((a, b) => a.index - b.index);
}

function lineAt(text: string, index: number): number {
  return text.slice(0, index).split('\n').length;
}

function isTestFile(path: string): boolean {
  return /\.test\.tsx?$/.test(path) || /(?:^|\/)vitest\.config\.ts$/.test(path);
}

function packageOf(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? specifier);
}

function protocolAllows(specifier: string, test: boolean): boolean {
  const pkg = packageOf(specifier);
  if (pkg === 'viem') return true;
  if (!test) return false;
  return specifier.startsWith('node:') || pkg === 'vitest' || pkg === 'fast-check' || pkg === '@eterno/devstack';
}

export function checkBoundaries(rootDir: string): Violation[] {
  const root = realpathSync(rootDir);
  const workspaces = workspacesOf(root);
  const nameOf = (dir: string) => workspaces.find((ws) => ws.dir === dir)?.name;
  const webName = nameOf(WEB);
  const serverName = nameOf(SERVER);
  const violations: Violation[] = [];

  for (const absolute of sourceFiles(root)) {
    const file = relative(root, absolute).split(sep).join('/');
    if (file === FIXTURE_FILE) continue;
    const home = workspaceOf(file, workspaces);
    const text = readFileSync(absolute, 'utf8');
    const code = stripComments(text);
    const add = (index: number, rule: BoundaryRule, message: string) =>
      violations.push({ file, line: lineAt(text, index), rule, message });

    for (const { specifier, index } of importsOf(text)) {
      const bare = specifier.replace(/\?.*$/, '');
      if (bare.startsWith('.')) {
        const target = relative(root, resolve(dirname(absolute), bare))
          .split(sep)
          .join('/');
        const there = target.startsWith('..') ? '(outside the repository)' : workspaceOf(target, workspaces);
        if (there !== home) {
          add(
            index,
            'relative-import',
            `relative import "${specifier}" leaves ${home || 'the root'} for ${there || 'the root'}; import its package name`,
          );
        }
      } else {
        const pkg = packageOf(bare);
        if (home === PROTOCOL && !protocolAllows(bare, isTestFile(file))) {
          add(
            index,
            'protocol-imports',
            `the protocol package imports only viem${isTestFile(file) ? ' (tests: vitest, fast-check, node builtins, @eterno/devstack)' : ''}, not "${specifier}"`,
          );
        }
        if ((home === WEB && pkg === serverName) || (home === SERVER && pkg === webName)) {
          add(index, 'web-server', `the web app and the server never import each other ("${specifier}")`);
        }
      }
    }

    const generated = file.split('/').includes('generated');
    if (!generated && home !== CONTRACTS) {
      for (const match of code.matchAll(/\bparseAbi(?:Item)?\s*\(|["']?\bstateMutability["']?\s*:/g)) {
        add(
          match.index ?? 0,
          'hand-written-abi',
          `a hand-written ABI ("${match[0].trim()}"): use the generated ABIs (@eterno/protocol/generated/abis) or viem's`,
        );
      }
    }

    for (const match of code.matchAll(/\bas\s+unknown\s+as\b/g)) {
      add(match.index ?? 0, 'as-unknown-as', 'a double cast through `unknown`: type the value from its source instead');
    }

    if (!generated && home !== CONTRACTS) {
      for (const match of code.matchAll(/['"`][^'"`\n]*\.sol(?:\?[a-z]+)?['"`]/g)) {
        add(
          match.index ?? 0,
          'contract-source',
          `names a Solidity file (${match[0]}): contract sources come from the generated file (@eterno/protocol/generated/sources)`,
        );
      }
    }
  }
  return violations;
}

export function formatViolation(v: Violation): string {
  return `${v.file}:${v.line}  [${v.rule}]  ${v.message}`;
}

const isMain = (() => {
  const entry = process.argv[1];
  if (!entry) return false;
  try {
    return statSync(entry).isFile() && realpathSync(entry) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
})();

if (isMain) {
  const root = resolve(process.argv[2] ?? join(import.meta.dirname, '../../..'));
  const found = checkBoundaries(root);
  for (const v of found) console.log(formatViolation(v));
  console.log(found.length === 0 ? 'no boundary crossed' : `${found.length} boundary crossing(s)`);
  process.exit(found.length === 0 ? 0 : 1);
}
