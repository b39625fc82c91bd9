/**
 * `npm run typecheck`: `tsc -p` over every workspace and `scripts/`, two at a time (one per core:
 * each tsc is single-threaded). Prints each project's errors after it ends; exits non-zero when any
 * project has one.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');
const { workspaces } = JSON.parse(readFileSync(resolve(ROOT, 'package.json'), 'utf8')) as { workspaces: string[] };
/** The slowest first, so the two lanes end close together. */
const SLOWEST = ['apps/web', 'apps/server', 'e2e'];
const PROJECTS = [...workspaces, 'scripts'].sort(
  (a, b) => (SLOWEST.indexOf(a) + 1 || SLOWEST.length + 1) - (SLOWEST.indexOf(b) + 1 || SLOWEST.length + 1),
);
const LANES = 2;

function tsc(project: string): Promise<{ project: string; code: number; out: string }> {
  return new Promise((res) => {
    const child = spawn('tsc', ['-p', project], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.on('error', (e) => res({ project, code: 1, out: String(e) }));
    child.on('close', (code) => res({ project, code: code ?? 1, out }));
  });
}

const queue = [...PROJECTS];
let failed = 0;
await Promise.all(
  Array.from({ length: LANES }, async () => {
    for (let project = queue.shift(); project !== undefined; project = queue.shift()) {
      const result = await tsc(project);
      if (result.code !== 0) {
        failed += 1;
        process.stdout.write(`tsc -p ${project}: errors\n${result.out}\n`);
      }
    }
  }),
);
process.exit(failed === 0 ? 0 : 1);
