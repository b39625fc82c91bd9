/**
 * Helpers of the vault suite: the API as the signed-in user (the session token the app keeps),
 * the requests the page sends to the API (to prove one was NOT sent), token balances on chain,
 * and test accounts funded for a test.
 */
import type { Page, Request } from 'playwright-core';
import { erc20Abi, type Address } from 'viem';
import { sessionStorageOf, tokenOf } from './app.ts';
import { chainClients, transfer } from './chain.ts';

export type VaultDeployments = { contracts: Record<string, Address> };

export function contractOf(d: VaultDeployments, name: string): Address {
  const address = d.contracts[name];
  if (!address) throw new Error(`no ${name} in the deployments`);
  return address;
}

export function tokenBalanceOf(rpcUrl: string, token: Address, owner: Address): Promise<bigint> {
  return chainClients(rpcUrl).public.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [owner] });
}

/** The session token the signed-in page holds for `address`. */
export async function sessionTokenOf(page: Page, address: Address): Promise<string> {
  const token = tokenOf(await sessionStorageOf(page), address);
  if (!token) throw new Error(`the page has no session for ${address}`);
  return token;
}

/** One JSON call to the API as the signed-in user; resolves to the status and the body. */
export async function apiCall(
  apiUrl: string,
  token: string | null,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${apiUrl.replace(/\/+$/, '')}${path}`, {
    method,
    headers: {
      accept: 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  return { status: response.status, body: await response.json().catch(() => undefined) };
}

/** Records every request the page sends to the API (method and path), from now on. */
export function recordApiRequests(page: Page, apiUrl: string): { list(): Array<{ method: string; path: string }> } {
  const base = new URL(apiUrl);
  const seen: Array<{ method: string; path: string }> = [];
  page.on('request', (request: Request) => {
    const url = new URL(request.url());
    if (url.host === base.host) seen.push({ method: request.method(), path: url.pathname });
  });
  return { list: () => [...seen] };
}

/** Sends `amount` of `token` from seeded test account 1 (alice) to `to`; resolves once mined. */
export function fundFromAlice(rpcUrl: string, token: Address, to: Address, amount: bigint): Promise<`0x${string}`> {
  return transfer(rpcUrl, 1, token, to, amount);
}
