/**
 * Test helpers: a real anvil on a free port (chain 201022) with Multicall3 at its canonical address.
 * Each test file starts its own anvil and stops it by PID.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import type { Abi, Hex } from 'viem';
import { ETERNO_CHAIN_ID, MULTICALL3_ADDRESS } from '../src/chain.ts';

const require = createRequire(import.meta.url);

export type Anvil = { rpcUrl: string; pid: number; stop: () => Promise<void> };

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address !== null ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export async function rpc<T>(rpcUrl: string, method: string, params: unknown[] = []): Promise<T> {
  const response = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const body = (await response.json()) as { result?: T; error?: { message: string } };
  if (body.error !== undefined) throw new Error(`${method}: ${body.error.message}`);
  return body.result as T;
}

async function startOnce(): Promise<Anvil> {
  const port = await freePort();
  const rpcUrl = `http://127.0.0.1:${port}`;
  const binary = require.resolve('@foundry-rs/anvil-linux-amd64/bin/anvil');
  const child = spawn(binary, ['--chain-id', String(ETERNO_CHAIN_ID), '--host', '127.0.0.1', '--port', String(port), '--quiet'], {
    stdio: 'ignore',
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const pid = child.pid;
  if (pid === undefined) throw new Error('anvil did not start');
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      process.kill(pid, 'SIGTERM');
      await exited;
    }
  };
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`anvil exited with ${child.exitCode}`);
    try {
      await rpc(rpcUrl, 'eth_chainId');
      return { rpcUrl, pid, stop };
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  await stop();
  throw new Error('anvil did not answer within 15 s');
}

/** Starts anvil on a free port, retrying when another process took the port first. */
export async function startAnvil(): Promise<Anvil> {
  let lastError: unknown;
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      return await startOnce();
    } catch (error) {
      lastError = error;
    }
  }
  throw lastError;
}

/**
 * Puts Multicall3's runtime at its canonical address. viem carries Multicall3's creation code
 * (not exported from the package): running it with `eth_call` returns the runtime.
 */
export async function installMulticall3(rpcUrl: string): Promise<void> {
  const viemRoot = dirname(require.resolve('viem/package.json'));
  const source = readFileSync(join(viemRoot, '_esm/constants/contracts.js'), 'utf8');
  const creationCode = /multicall3Bytecode\s*=\s*'(0x[0-9a-f]+)'/.exec(source)?.[1];
  if (creationCode === undefined) throw new Error('Multicall3 creation code not found in viem');
  const runtime = await rpc<Hex>(rpcUrl, 'eth_call', [{ data: creationCode }, 'latest']);
  await rpc(rpcUrl, 'anvil_setCode', [MULTICALL3_ADDRESS, runtime]);
}

/** Uniswap's plain test ERC-20 (`constructor(uint totalSupply)` mints to the deployer). */
export function erc20Artifact(): { abi: Abi; bytecode: Hex } {
  const path = require.resolve('@uniswap/v2-core/build/ERC20.json');
  const artifact = JSON.parse(readFileSync(path, 'utf8')) as { abi: Abi; bytecode: string };
  const bytecode = artifact.bytecode.startsWith('0x') ? artifact.bytecode : `0x${artifact.bytecode}`;
  return { abi: artifact.abi, bytecode: bytecode as Hex };
}
