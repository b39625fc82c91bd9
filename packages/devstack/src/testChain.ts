/**
 * Test helpers for the chain-reading tests. Each test file starts its own anvil with
 * `startAnvil` and places Multicall3 with `installMulticall3`, both from `./anvil.ts`
 * (the same launcher the deploy, the stack and the e2e suites use), and stops it by PID.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createPublicClient, http, type Abi, type Address, type Hex, type PublicClient } from 'viem';
import { beforeEach } from 'vitest';
import { defineEternoChain } from '@eterno/protocol/chain';
import type { Deployments } from '@eterno/protocol/deployments';

export { installMulticall3, startAnvil, type Anvil } from './anvil.ts';

const require = createRequire(import.meta.url);

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

/** Uniswap's plain test ERC-20 (`constructor(uint totalSupply)` mints to the deployer). */
export function erc20Artifact(): { abi: Abi; bytecode: Hex } {
  const path = require.resolve('@uniswap/v2-core/build/ERC20.json');
  const artifact = JSON.parse(readFileSync(path, 'utf8')) as { abi: Abi; bytecode: string };
  const bytecode = artifact.bytecode.startsWith('0x') ? artifact.bytecode : `0x${artifact.bytecode}`;
  return { abi: artifact.abi, bytecode: bytecode as Hex };
}

/** A public client on `rpcUrl` that records each JSON-RPC HTTP request's methods (a batch as one entry). */
export function recordingClient(rpcUrl: string, requests: string[][]): PublicClient {
  return createPublicClient({
    chain: defineEternoChain(rpcUrl),
    transport: http(rpcUrl, {
      fetchFn: async (input, init) => {
        const body = JSON.parse(String(init?.body)) as { method: string } | { method: string }[];
        requests.push(Array.isArray(body) ? body.map((entry) => entry.method) : [body.method]);
        return fetch(input, init);
      },
    }),
  });
}

/** Every test starts from the chain as it was before the first one (evm_snapshot / evm_revert). */
export function revertEachTest(rpcUrl: () => string): void {
  let restore: Hex | undefined;
  beforeEach(async () => {
    if (restore) await rpc(rpcUrl(), 'evm_revert', [restore]);
    restore = await rpc<Hex>(rpcUrl(), 'evm_snapshot');
  });
}

/** The address of a seeded local account ("alice", "bob", …) of a deployments file. */
export function seededAccount(deployments: Pick<Deployments, 'accounts'>, label: string): Address {
  const found = deployments.accounts?.find((account) => account.label === label);
  if (!found) throw new Error(`the deployments have no seeded account "${label}"`);
  return found.address;
}

/**
 * The gas limit of a test's own direct sends. Fixed, not estimated: anvil mines blocks of one second
 * with one timestamp, and a Uniswap pair writes its price accumulators only once the timestamp moved,
 * so an estimate can be short by those writes (docs/decisions/transactions.md). High enough for a
 * pair's creation.
 */
export const SEND_GAS = 6_000_000n;
