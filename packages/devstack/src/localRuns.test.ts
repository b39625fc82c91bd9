import { mkdtempSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { claimRunDir, OWNER_FILE, processIsAlive } from './localRuns.ts';

const made: string[] = [];
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

function root(): string {
  const dir = mkdtempSync(join(tmpdir(), 'eterno-runs-'));
  made.push(dir);
  return dir;
}

function run(rootDir: string, name: string, owner: string | null): string {
  const dir = join(rootDir, name);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'data.db'), 'chain data');
  if (owner !== null) writeFileSync(join(dir, OWNER_FILE), owner);
  return dir;
}

const at = new Date('2026-12-02T03:15:00.123Z');

describe('claimRunDir: a data folder per npm start', () => {
  it("keeps a live run's folder, removes finished and ownerless runs, and makes its own", async () => {
    const r = root();
    const live = run(r, 'run-20261202-030000-100', '100');
    const dead = run(r, 'run-20261201-120000-200', '200');
    const ownerless = run(r, 'run-20261201-110000-300', null);
    const other = join(r, 'notes');
    mkdirSync(other);
    const claimed = await claimRunDir(r, { pid: 400, isAlive: (pid) => pid === 100, now: () => at });

    expect(claimed.dir).toBe(join(r, 'run-20261202-031500-400'));
    expect(readFileSync(join(claimed.dir, OWNER_FILE), 'utf8')).toBe('400\n');
    expect(claimed.live).toEqual([live]);
    expect([...claimed.removed].sort()).toEqual([ownerless, dead].sort());
    expect(readFileSync(join(live, 'data.db'), 'utf8')).toBe('chain data');
    expect(existsSync(dead)).toBe(false);
    expect(existsSync(other)).toBe(true);
    expect(readdirSync(r).sort()).toEqual(['notes', 'run-20261202-030000-100', 'run-20261202-031500-400']);
  });

  it('a second start while the first runs: two folders, the first untouched', async () => {
    const r = root();
    const first = await claimRunDir(r, { pid: 11, isAlive: () => true, now: () => at });
    writeFileSync(join(first.dir, 'data.db'), 'first');
    const second = await claimRunDir(r, { pid: 12, isAlive: (pid) => pid === 11, now: () => at });
    expect(second.dir).not.toBe(first.dir);
    expect(second.live).toEqual([first.dir]);
    expect(second.removed).toEqual([]);
    expect(readFileSync(join(first.dir, 'data.db'), 'utf8')).toBe('first');
  });

  it('processIsAlive: this process is, a finished child is not', async () => {
    expect(processIsAlive(process.pid)).toBe(true);
    const { spawnSync } = await import('node:child_process');
    const child = spawnSync(process.execPath, ['-e', '0']);
    expect(processIsAlive(child.pid!)).toBe(false);
  });
});
