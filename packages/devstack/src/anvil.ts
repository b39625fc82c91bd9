/**
 * Starts a local anvil (chain 201022) from the npm Foundry binaries on a free port and stops
 * exactly that process. Used by the deploy check, the stack launcher and the e2e suites.
 */
import { spawn } from 'node:child_process';
import { readFileSync, readdirSync, readlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createPublicClient, createTestClient, http, type Hex } from 'viem';
import { ETERNO_CHAIN_ID, MULTICALL3_ADDRESS } from '@eterno/protocol/chain';
import { freePort } from './free-port.ts';

export type Anvil = {
  rpcUrl: string;
  port: number;
  /** Ends the anvil process this call started (by PID) and waits until it has exited. */
  stop(): Promise<void>;
};

export class AnvilStartError extends Error {
  override name = 'AnvilStartError';
}

const REPO_ROOT = resolve(import.meta.dirname, '../../..');
const PLATFORM: Record<string, string> = { linux: 'linux', darwin: 'darwin', win32: 'win32' };
const ARCH: Record<string, string> = { x64: 'amd64', arm64: 'arm64' };

/** Path of the anvil binary that `@foundry-rs/anvil` installed for this platform. */
export function anvilBinary(): string {
  const os = PLATFORM[process.platform];
  const arch = ARCH[process.arch];
  if (!os || !arch) throw new AnvilStartError(`no anvil binary for ${process.platform}/${process.arch}`);
  const exe = process.platform === 'win32' ? 'anvil.exe' : 'anvil';
  return join(REPO_ROOT, 'node_modules', '@foundry-rs', `anvil-${os}-${arch}`, 'bin', exe);
}

async function answersChainId(rpcUrl: string): Promise<boolean> {
  try {
    const res = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      signal: AbortSignal.timeout(1000),
    });
    const body = (await res.json()) as { result?: string };
    return typeof body.result === 'string';
  } catch {
    return false;
  }
}

/**
 * Whether the socket listening on 127.0.0.1:`port` belongs to process `pid` (Linux: /proc), so a
 * node that answers is known to be ours and not another test's anvil that took the same port
 * between our port probe and our bind. Elsewhere: unknown (null).
 */
export function listenerIsProcess(port: number, pid: number): boolean | null {
  if (process.platform !== 'linux') return null;
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  const inodes = new Set<string>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text: string;
    try {
      text = readFileSync(table, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      const cols = line.trim().split(/\s+/);
      // local_address is "IP:PORT", st "0A" is LISTEN, the inode is column 9.
      if (cols[1]?.endsWith(`:${hexPort}`) && cols[3] === '0A' && cols[9]) inodes.add(cols[9]);
    }
  }
  let fds: string[];
  try {
    fds = readdirSync(`/proc/${pid}/fd`);
  } catch {
    return false;
  }
  return fds.some((fd) => {
    try {
      const target = readlinkSync(`/proc/${pid}/fd/${fd}`);
      return target.startsWith('socket:[') && inodes.has(target.slice(8, -1));
    } catch {
      return false;
    }
  });
}

const START_ATTEMPTS = 5;

/**
 * Spawns `anvil --chain-id 201022 --port <port> --silent` (plus `--block-time` when given; automine
 * otherwise) and resolves once it answers `eth_chainId` on a socket it owns. A free port taken by
 * another process in the meantime (parallel test files) is retried on another port.
 */
export async function startAnvil(opts: { port?: number; blockTime?: number } = {}): Promise<Anvil> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await startAnvilOnce({ ...opts, port: opts.port ?? (await freePort()) });
    } catch (error) {
      // Another process took the port first: try another one (not when the caller chose the port).
      if (!(error instanceof PortTakenError) || opts.port !== undefined || attempt >= START_ATTEMPTS) throw error;
    }
  }
}

class PortTakenError extends AnvilStartError {}

async function startAnvilOnce(opts: { port: number; blockTime?: number }): Promise<Anvil> {
  const port = opts.port;
  const args = ['--chain-id', String(ETERNO_CHAIN_ID), '--port', String(port), '--host', '127.0.0.1', '--silent'];
  if (opts.blockTime !== undefined) args.push('--block-time', String(opts.blockTime));

  const child = spawn(anvilBinary(), args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => {
    stderr += d.toString();
  });
  const exited = new Promise<void>((res) => child.once('exit', () => res()));
  let hasExited = false;
  void exited.then(() => {
    hasExited = true;
  });
  const spawnError = new Promise<Error>((res) => child.once('error', res));

  const stop = async (): Promise<void> => {
    if (hasExited || child.pid === undefined) return;
    process.kill(child.pid, 'SIGTERM');
    const killTimer = setTimeout(() => {
      if (!hasExited && child.pid !== undefined) process.kill(child.pid, 'SIGKILL');
    }, 3000);
    await exited;
    clearTimeout(killTimer);
  };

  const rpcUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 15_000;
  let failure: Error | null = null;
  void spawnError.then((e) => {
    failure = e;
  });
  while (!(await answersChainId(rpcUrl))) {
    if (failure) throw new AnvilStartError(`anvil could not start: ${(failure as Error).message}`);
    if (hasExited) throw new AnvilStartError(`anvil exited early: ${stderr.trim()}`);
    if (Date.now() > deadline) {
      await stop();
      throw new AnvilStartError(`anvil did not answer on ${rpcUrl} within 15 s: ${stderr.trim()}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  // Something answers on the port: make sure it is this anvil and not another one.
  for (;;) {
    const ours = child.pid === undefined ? null : listenerIsProcess(port, child.pid);
    if (ours !== false) break;
    if (hasExited || Date.now() > deadline) {
      await stop();
      throw new PortTakenError(`port ${port} is served by another process: ${stderr.trim()}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return { rpcUrl, port, stop };
}

/**
 * Puts Multicall3's runtime at its canonical address (anvil does not predeploy it). viem carries
 * the canonical creation code without exporting it; running that code with `eth_call` returns the
 * runtime. If a viem upgrade moves the file, this fails loudly rather than deploying something else.
 */
export async function installMulticall3(rpcUrl: string): Promise<void> {
  const require = createRequire(import.meta.url);
  const viemDir = dirname(require.resolve('viem/package.json'));
  const mod = (await import(pathToFileURL(join(viemDir, '_esm/constants/contracts.js')).href)) as {
    multicall3Bytecode?: Hex;
  };
  if (!mod.multicall3Bytecode) throw new AnvilStartError('viem no longer carries multicall3Bytecode');
  const transport = http(rpcUrl, { retryCount: 0 });
  const { data: runtime } = await createPublicClient({ transport }).call({ data: mod.multicall3Bytecode });
  if (!runtime) throw new AnvilStartError('Multicall3 creation code returned no runtime');
  await createTestClient({ transport, mode: 'anvil' }).setCode({ address: MULTICALL3_ADDRESS, bytecode: runtime });
}
