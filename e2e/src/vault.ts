/**
 * Helpers of the vault suite: the API as the signed-in user (the session token the app keeps),
 * the requests the page sends to the API (to prove one was NOT sent), token balances on chain,
 * and test accounts funded for a test.
 */
import type { Locator, Page, Request } from 'playwright-core';
import { createWalletClient, erc20Abi, type Address } from 'viem';
import { eternoVaultAbi } from '@eterno/protocol/generated/abis';
import { diveInTypedData, splitSignature, VAULT_KIND } from '@eterno/protocol/vault/typedData';
import { sessionStorageOf, tokenOf } from './app.ts';
import { chainClients, testAccount, transfer } from './chain.ts';
import { until } from './wait.ts';
import type { DeployedContracts } from '@eterno/protocol/deployments';

export type VaultDeployments = { contracts: DeployedContracts };

export function tokenBalanceOf(rpcUrl: string, token: Address, owner: Address): Promise<bigint> {
  return chainClients(rpcUrl).public.readContract({
    address: token,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [owner],
  });
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

/** Anvil's default-mnemonic account 9: the vault's signer on a local chain (deploy labels it `signer`). */
export const SIGNER_INDEX = 9;

/**
 * A plain top-up (custom = 0) of `amount` by test account `userIndex`, straight from Node: the
 * local signer authorises it (as `POST /vault/deposits` would), the user approves the vault and
 * calls `diveInWithToken`. Setup for the tests whose subject is not the deposit form.
 */
export async function depositFromNode(
  rpcUrl: string,
  d: VaultDeployments & { chainId: number },
  userIndex: number,
  token: Address,
  amount: bigint,
): Promise<`0x${string}`> {
  const { chain, transport, public: client } = chainClients(rpcUrl);
  const user = testAccount(userIndex);
  const vault = d.contracts.EternoVault;
  const nonce = await client.readContract({
    address: vault,
    abi: eternoVaultAbi,
    functionName: 'nonces',
    args: [user.address, VAULT_KIND.DiveIn],
  });
  const block = await client.getBlock();
  const deadline = block.timestamp + 1_800n;
  const signer = createWalletClient({ account: testAccount(SIGNER_INDEX), chain, transport });
  const signature = splitSignature(
    await signer.signTypedData(
      diveInTypedData(
        { chainId: d.chainId, vault },
        { user: user.address, custom: 0n, custom1: 0n, token, amount, nonce, deadline },
      ),
    ),
  );
  const wallet = createWalletClient({ account: user, chain, transport });
  const approve = await wallet.writeContract({
    address: token,
    abi: erc20Abi,
    functionName: 'approve',
    args: [vault, amount],
  });
  await client.waitForTransactionReceipt({ hash: approve });
  const hash = await wallet.writeContract({
    address: vault,
    abi: eternoVaultAbi,
    functionName: 'diveInWithToken',
    args: [0n, 0n, token, amount, deadline, signature.r, signature.s, signature.v],
    gas: 1_000_000n,
  });
  const receipt = await client.waitForTransactionReceipt({ hash });
  if (receipt.status !== 'success') throw new Error(`diveInWithToken ${hash} reverted`);
  return hash;
}

/** The vault's nonce of `user` for one kind (0 DiveIn, 1 Withdraw, 2 Exchange). */
export function vaultNonce(rpcUrl: string, d: VaultDeployments, user: Address, kind: number): Promise<bigint> {
  return chainClients(rpcUrl).public.readContract({
    address: d.contracts.EternoVault,
    abi: eternoVaultAbi,
    functionName: 'nonces',
    args: [user, kind],
  });
}

/** What `POST /vault/withdrawals` answers (the fields a test uses). */
export type VoucherJson = {
  id: string;
  amount: string;
  nonce: string;
  deadline: string;
  state: string;
  signature: { r: `0x${string}`; s: `0x${string}`; v: number } | null;
};

/** Asks the server for a withdrawal voucher as the signed-in user; throws on anything but 201. */
export async function requestVoucher(
  apiUrl: string,
  session: string,
  token: Address,
  amount: bigint,
): Promise<VoucherJson> {
  const answer = await apiCall(apiUrl, session, 'POST', '/vault/withdrawals', {
    token: token.toLowerCase(),
    amount: amount.toString(),
  });
  if (answer.status !== 201)
    throw new Error(`POST /vault/withdrawals answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body as VoucherJson;
}

/** Sends a voucher to the vault from test account `userIndex` (`withdraw`, 300,000 gas); resolves once mined. */
export async function sendVoucher(
  rpcUrl: string,
  d: VaultDeployments,
  userIndex: number,
  token: Address,
  voucher: VoucherJson,
): Promise<`0x${string}`> {
  if (!voucher.signature) throw new Error(`voucher ${voucher.id} has no signature (state ${voucher.state})`);
  const { chain, transport, public: client } = chainClients(rpcUrl);
  const wallet = createWalletClient({ account: testAccount(userIndex), chain, transport });
  const { r, s, v } = voucher.signature;
  const hash = await wallet.writeContract({
    address: d.contracts.EternoVault,
    abi: eternoVaultAbi,
    functionName: 'withdraw',
    args: [token, BigInt(voucher.amount), BigInt(voucher.deadline), r, s, v],
    gas: 300_000n,
  });
  const receipt = await client.waitForTransactionReceipt({ hash });
  if (receipt.status !== 'success') throw new Error(`withdraw ${hash} reverted`);
  return hash;
}

/** The bill entry of that type and signed amount in the page's bill list. */
export function billRow(page: Page, type: string, amount: bigint) {
  return page.locator(`[data-testid="bill-row"][data-type="${type}"][data-amount="${amount.toString()}"]`);
}

/** Waits until the write's progress inside `scope` reaches `phase`, failing early when it ends the other way. */
export async function waitForTxPhase(scope: Locator, phase: 'confirmed' | 'failed', timeoutMs = 90_000): Promise<void> {
  const other = phase === 'confirmed' ? 'failed' : 'confirmed';
  const progress = scope.getByTestId('tx-progress');
  await until(
    `the transaction to be ${phase}`,
    async () => {
      const alert = scope.getByRole('alert');
      if ((await progress.count()) === 0 && (await alert.count()) > 0) {
        throw new Error(`no transaction; the form says: ${(await alert.allTextContents()).join(' | ')}`);
      }
      const current = await progress.getAttribute('data-phase', { timeout: 2_000 });
      if (current === other) throw new Error(`the transaction ended ${other}: ${await progress.textContent()}`);
      return current === phase;
    },
    { timeoutMs, intervalMs: 200 },
  );
}

/** Sets the FON balance of `address` (anvil_setBalance): test accounts past index 9 start with none. */
export async function giveFon(rpcUrl: string, address: Address, amount: bigint): Promise<void> {
  await chainClients(rpcUrl).test.setBalance({ address, value: amount });
}
