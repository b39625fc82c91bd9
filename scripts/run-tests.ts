/**
 * Runs each suite in order, streams its output, and ends with one summary line
 * `N passed, N failed` over all of them, with each step's duration. Exits non-zero when any step fails.
 * `npm test -- <step names>` runs only those steps.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT } from '@eterno/devstack/stack';

type Counts = { passed: number; failed: number };
type Count = 'forge' | 'vitest' | 'check';
type Part = {
  cmd: string[];
  /** How to count tests in this part; a part that is a check counts as 1 test. */
  count: Count;
};
/** A step runs one command, or several parts whose counts add up (the adversarial step). */
type Step = { name: string } & (Part | { parts: Part[] });

const vitest = (root: string): string[] => ['vitest', 'run', '--root', root];

const steps: Step[] = [
  { name: 'contracts-build', cmd: ['npm', 'run', '--silent', '-w', 'contracts', 'build'], count: 'check' },
  { name: 'contracts', cmd: ['npm', 'run', '--silent', '-w', 'contracts', 'test'], count: 'forge' },
  { name: 'contracts-config', cmd: vitest('contracts'), count: 'vitest' },
  { name: 'gas-snapshots', cmd: ['npm', 'run', '--silent', '-w', 'contracts', 'gas:check'], count: 'check' },
  { name: 'deploy', cmd: [...vitest('packages/devstack'), '--exclude', 'src/boundaries.test.ts'], count: 'vitest' },
  { name: 'abis-fresh', cmd: ['npm', 'run', '--silent', '-w', 'contracts', 'check:abis'], count: 'check' },
  { name: 'solhint', cmd: ['npm', 'run', '--silent', '-w', 'contracts', 'lint'], count: 'check' },
  { name: 'format', cmd: ['npm', 'run', '--silent', 'format:check'], count: 'check' },
  { name: 'typecheck', cmd: ['npm', 'run', '--silent', 'typecheck'], count: 'check' },
  { name: 'boundaries', cmd: [...vitest('packages/devstack'), 'src/boundaries.test.ts'], count: 'vitest' },
  { name: 'protocol', cmd: vitest('packages/protocol'), count: 'vitest' },
  { name: 'server', cmd: vitest('apps/server'), count: 'vitest' },
  { name: 'web', cmd: vitest('apps/web'), count: 'vitest' },
  { name: 'web-build', cmd: ['npm', 'run', '--silent', '-w', 'apps/web', 'build'], count: 'check' },
  { name: 'e2e', cmd: vitest('e2e'), count: 'vitest' },
  // The operator's commands (scripts/ops/) against anvil with the contracts deployed.
  { name: 'ops', cmd: vitest('scripts'), count: 'vitest' },
  // The security review's attacks, each now refused: the forge suites with --isolate (every call its
  // own transaction, cold storage, as on a live chain) and the server's against a live stack.
  {
    name: 'adversarial',
    parts: [
      { cmd: ['npm', 'run', '--silent', '-w', 'contracts', 'adversarial'], count: 'forge' },
      { cmd: [...vitest('apps/server'), '--config', 'vitest.adversarial.config.ts'], count: 'vitest' },
    ],
  },
];

function run(cmd: string[], extraArgs: string[]): Promise<{ code: number; out: string }> {
  return new Promise((res) => {
    const [bin, ...args] = cmd as [string, ...string[]];
    const child = spawn(bin, [...args, ...extraArgs], { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      process.stdout.write(d);
    });
    child.stderr.on('data', (d: Buffer) => process.stderr.write(d));
    child.on('close', (code) => res({ code: code ?? 1, out }));
  });
}

/** `12 m 05 s` / `48 s`. */
function duration(seconds: number): string {
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return m > 0 ? `${m} m ${String(s).padStart(2, '0')} s` : `${s} s`;
}

const runStarted = performance.now();
const only = process.argv.slice(2);
const selected = only.length ? steps.filter((s) => only.includes(s.name)) : steps;
const tmp = await mkdtemp(join(tmpdir(), 'eterno-test-'));
const total: Counts = { passed: 0, failed: 0 };
const report: string[] = [];

async function runPart(part: Part, jsonFile: string): Promise<{ code: number; counts: Counts }> {
  const extra =
    part.count === 'vitest' ? ['--reporter=default', '--reporter=json', `--outputFile.json=${jsonFile}`] : [];
  const { code, out } = await run(part.cmd, extra);
  let counts: Counts;
  if (part.count === 'forge') {
    const m = [...out.matchAll(/(\d+) tests passed, (\d+) failed/g)].at(-1);
    counts = m ? { passed: Number(m[1]), failed: Number(m[2]) } : { passed: 0, failed: 1 };
  } else if (part.count === 'vitest') {
    try {
      const j = JSON.parse(await readFile(jsonFile, 'utf8')) as { numPassedTests: number; numFailedTests: number };
      counts = { passed: j.numPassedTests, failed: j.numFailedTests };
    } catch {
      counts = { passed: 0, failed: 1 };
    }
  } else {
    counts = code === 0 ? { passed: 1, failed: 0 } : { passed: 0, failed: 1 };
  }
  // A non-zero exit with no failed test counted (a crash, a type error) is still a failure.
  if (code !== 0 && counts.failed === 0) counts.failed = 1;
  return { code, counts };
}

for (const step of selected) {
  console.log(`\n━━ ${step.name} ━━`);
  const started = performance.now();
  const parts = 'parts' in step ? step.parts : [step];
  const counts: Counts = { passed: 0, failed: 0 };
  let code = 0;
  for (const [i, part] of parts.entries()) {
    const result = await runPart(part, join(tmp, `${step.name}-${i}.json`));
    counts.passed += result.counts.passed;
    counts.failed += result.counts.failed;
    if (result.code !== 0) code = result.code;
  }
  total.passed += counts.passed;
  total.failed += counts.failed;
  const seconds = Math.round((performance.now() - started) / 1000);
  report.push(
    `${step.name.padEnd(16)} ${code === 0 ? 'ok  ' : 'FAIL'} ${`${counts.passed} passed, ${counts.failed} failed`.padEnd(24)} ${duration(seconds)}`,
  );
}

console.log(`\n━━ summary ━━\n${report.join('\n')}\n`);
if (total.passed === 0) {
  console.log('no test ran');
  process.exit(1);
}
console.log(
  `${total.passed} passed, ${total.failed} failed in ${duration(Math.round((performance.now() - runStarted) / 1000))}`,
);
process.exit(total.failed === 0 ? 0 : 1);
