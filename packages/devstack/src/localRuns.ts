/**
 * `npm start`'s data folders: one per run under `.data/local/` (`run-<time>-<pid>`, its owner's
 * process id in `owner.pid`). anvil keeps its chain in memory, so a run's indexer and off-chain data
 * describe a chain that dies with it: a new start removes the folders of runs whose process is gone,
 * and never those of a run still alive — two `npm start`s in one checkout each keep their own data
 * (docs/decisions/node-and-tooling.md).
 */
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export const OWNER_FILE = 'owner.pid';
const RUN_PREFIX = 'run-';

export type RunDirDeps = {
  readonly pid: number;
  /** Whether a process with this id is alive. */
  readonly isAlive: (pid: number) => boolean;
  readonly now: () => Date;
};

export type ClaimedRunDir = {
  /** This run's folder (created, with `owner.pid`). */
  readonly dir: string;
  /** Folders of runs still alive (left alone). */
  readonly live: readonly string[];
  /** Folders of finished runs, removed. */
  readonly removed: readonly string[];
};

/** Whether process `pid` is alive (signal 0; EPERM means it is, owned by someone else). */
export function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function ownerOf(dir: string): Promise<number | null> {
  try {
    const pid = Number((await readFile(join(dir, OWNER_FILE), 'utf8')).trim());
    return Number.isSafeInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/** `20261202-031500`: the run's start, sortable, in UTC. */
function stamp(date: Date): string {
  return date
    .toISOString()
    .replace(/\.\d+Z$/, '')
    .replace(/[-:]/g, '')
    .replace('T', '-');
}

/**
 * Removes the run folders under `root` whose owner is gone (or unknown: a folder without a valid
 * `owner.pid` is not a live run's), keeps the live ones, and creates this run's folder.
 */
export async function claimRunDir(root: string, deps: RunDirDeps): Promise<ClaimedRunDir> {
  await mkdir(root, { recursive: true });
  const live: string[] = [];
  const removed: string[] = [];
  for (const entry of await readdir(root, { withFileTypes: true })) {
    if (!entry.isDirectory() || !entry.name.startsWith(RUN_PREFIX)) continue;
    const dir = join(root, entry.name);
    const owner = await ownerOf(dir);
    if (owner !== null && owner !== deps.pid && deps.isAlive(owner)) {
      live.push(dir);
      continue;
    }
    await rm(dir, { recursive: true, force: true });
    removed.push(dir);
  }
  const dir = join(root, `${RUN_PREFIX}${stamp(deps.now())}-${deps.pid}`);
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, OWNER_FILE), `${deps.pid}\n`);
  return { dir, live, removed };
}
