/**
 * A throwaway PostgreSQL server (tests, the benchmark, `npm start`): `initdb` + `postgres` from the Debian binaries on a
 * free port in a temp dir, stopped by PID. PostgreSQL refuses to run as root, so as root both run
 * as the `postgres` user (through `runuser`) on a directory it owns.
 */
import { execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, chown, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from '@eterno/devstack/free-port';

export const PG_BIN = process.env.ETERNO_PG_BIN ?? '/usr/lib/postgresql/15/bin';

export type TestPostgres = {
  url: string;
  /** Stops the server and removes its data. */
  stop(): Promise<void>;
  /** Stops the server ("fast" shutdown: clients disconnected), keeping its data (the outage tests). */
  halt(): Promise<void>;
  /** Starts a halted server again on the same port and data; resolves once it accepts connections. */
  resume(): Promise<void>;
};

const run = promisify(execFile);

async function asPostgresUser(): Promise<{ uid: number; gid: number } | null> {
  if (process.getuid?.() !== 0) return null;
  const { stdout: uid } = await run('id', ['-u', 'postgres']);
  const { stdout: gid } = await run('id', ['-g', 'postgres']);
  return { uid: Number(uid.trim()), gid: Number(gid.trim()) };
}

async function accepts(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

export async function startPostgres(): Promise<TestPostgres> {
  const initdb = join(PG_BIN, 'initdb');
  const postgres = join(PG_BIN, 'postgres');
  if (!existsSync(initdb) || !existsSync(postgres)) {
    throw new Error(
      `PostgreSQL server binaries not found in ${PG_BIN} (initdb, postgres). ` +
        'Install them with `apt-get install -y postgresql` (or set ETERNO_PG_BIN to their directory).',
    );
  }

  const dir = await mkdtemp(join(tmpdir(), 'eterno-pg-'));
  const dataDir = join(dir, 'data');
  const owner = await asPostgresUser();
  if (owner) await chown(dir, owner.uid, owner.gid);
  await chmod(dir, 0o700);
  const prefix = owner ? ['runuser', '-u', 'postgres', '--'] : [];
  const cmd = (bin: string, args: string[]): [string, string[]] => {
    const [head, ...rest] = [...prefix, bin, ...args] as [string, ...string[]];
    return [head, rest];
  };

  try {
    await run(
      ...cmd(initdb, ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-locale', '--no-sync']),
    );
  } catch (err) {
    await rm(dir, { recursive: true, force: true });
    throw new Error(`initdb failed: ${(err as { stderr?: string }).stderr ?? String(err)}`);
  }

  const port = await freePort();
  const [bin, args] = cmd(postgres, [
    '-D',
    dataDir,
    '-p',
    String(port),
    '-c',
    'listen_addresses=127.0.0.1',
    '-c',
    `unix_socket_directories=${dir}`,
    '-c',
    'fsync=off',
    '-c',
    'synchronous_commit=off',
    '-c',
    'full_page_writes=off',
  ]);
  const url = `postgresql://postgres@127.0.0.1:${port}/postgres`;

  /** The postmaster's own PID (under runuser the child is runuser, not postgres). */
  const postmasterPid = async (): Promise<number | null> => {
    try {
      const first = (await readFile(join(dataDir, 'postmaster.pid'), 'utf8')).split('\n')[0];
      const pid = Number(first);
      return Number.isInteger(pid) && pid > 0 ? pid : null;
    } catch {
      return null;
    }
  };

  type Running = { halt(): Promise<void> };
  /** Spawns the server and waits until it accepts connections. */
  const launch = async (): Promise<Running> => {
    const child = spawn(bin, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => {
      stderr += d.toString();
    });
    let exited = false;
    const exit = new Promise<void>((res) =>
      child.once('exit', () => {
        exited = true;
        res();
      }),
    );
    const halt = async (): Promise<void> => {
      if (exited) return;
      const pid = (await postmasterPid()) ?? child.pid;
      // SIGINT is PostgreSQL's "fast" shutdown: it disconnects clients and exits.
      if (pid !== undefined) process.kill(pid, 'SIGINT');
      const timer = setTimeout(() => {
        if (!exited && child.pid !== undefined) process.kill(child.pid, 'SIGKILL');
      }, 10_000);
      await exit;
      clearTimeout(timer);
    };
    const deadline = Date.now() + 30_000;
    while (!(await accepts(url))) {
      if (exited) throw new Error(`postgres exited early: ${stderr.trim()}`);
      if (Date.now() > deadline) {
        await halt();
        throw new Error(`postgres did not accept connections within 30 s: ${stderr.trim()}`);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    return { halt };
  };

  let running: Running | null;
  try {
    running = await launch();
  } catch (err) {
    await rm(dir, { recursive: true, force: true });
    throw err;
  }
  return {
    url,
    async stop() {
      await running?.halt();
      running = null;
      await rm(dir, { recursive: true, force: true });
    },
    async halt() {
      await running?.halt();
      running = null;
    },
    async resume() {
      if (running === null) running = await launch();
    },
  };
}
