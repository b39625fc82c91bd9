/**
 * Assets › swap from the outside: the figures the panel must show, computed here straight from the
 * contracts (quoteBuy / quoteSell, the ledger), trades made from Node by other accounts, and a way
 * to keep the app's view of the chain at one block (a user looking at an old quote).
 */
import type { Page } from 'playwright-core';
import { createWalletClient, erc20Abi, maxUint256, type Address, type Hex } from 'viem';
import { formatTokenAmount } from '@eterno/protocol/amount';
import { etroSwapAbi, lockLedgerAbi } from '@eterno/protocol/generated/abis';
import { text } from './app.ts';
import { GAS_LIMIT } from '@eterno/protocol/chain';
import { chainClients, testAccount } from './chain.ts';
import { until } from './wait.ts';
import type { DeployedContracts } from '@eterno/protocol/deployments';

export type SwapDeployments = { contracts: DeployedContracts };

export async function quoteBuy(
  rpcUrl: string,
  d: SwapDeployments,
  amountIn: bigint,
): Promise<{ fee: bigint; amountOut: bigint }> {
  const [fee, amountOut] = await chainClients(rpcUrl).public.readContract({
    address: d.contracts.EtroSwap,
    abi: etroSwapAbi,
    functionName: 'quoteBuy',
    args: [amountIn],
  });
  return { fee, amountOut };
}

export function quoteSell(rpcUrl: string, d: SwapDeployments, amountIn: bigint): Promise<bigint> {
  return chainClients(rpcUrl).public.readContract({
    address: d.contracts.EtroSwap,
    abi: etroSwapAbi,
    functionName: 'quoteSell',
    args: [amountIn],
  });
}

/** LockLedger figures of `account`, at `blockNumber` (latest when absent). */
export async function lockOf(
  rpcUrl: string,
  d: SwapDeployments,
  account: Address,
  blockNumber?: bigint,
): Promise<{ credited: bigint; released: bigint; claimed: bigint; locked: bigint; claimable: bigint }> {
  const [credited, released, claimed] = await chainClients(rpcUrl).public.readContract({
    address: d.contracts.LockLedger,
    abi: lockLedgerAbi,
    functionName: 'summaryOf',
    args: [account],
    ...(blockNumber !== undefined ? { blockNumber } : {}),
  });
  return { credited, released, claimed, locked: credited - released, claimable: released - claimed };
}

/** LockLedger `quoteClaim(account)`: what a claim takes now and its fee. */
export function claimQuoteOf(rpcUrl: string, d: SwapDeployments, account: Address): Promise<readonly [bigint, bigint]> {
  return chainClients(rpcUrl).public.readContract({
    address: d.contracts.LockLedger,
    abi: lockLedgerAbi,
    functionName: 'quoteClaim',
    args: [account],
  });
}

/** Who receives the LockLedger's claim fees. */
export function ledgerFeeReceiver(rpcUrl: string, d: SwapDeployments): Promise<Address> {
  return chainClients(rpcUrl).public.readContract({
    address: d.contracts.LockLedger,
    abi: lockLedgerAbi,
    functionName: 'feeReceiver',
  });
}

export function tokenBalance(
  rpcUrl: string,
  d: SwapDeployments,
  token: 'USDT' | 'ETRO',
  owner: Address,
): Promise<bigint> {
  return chainClients(rpcUrl).public.readContract({
    address: d.contracts[token],
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [owner],
  });
}

export function nonceOf(rpcUrl: string, account: Address): Promise<number> {
  return chainClients(rpcUrl).public.getTransactionCount({ address: account, blockTag: 'latest' });
}

async function sendFrom(
  rpcUrl: string,
  fromIndex: number,
  call: { address: Address; abi: readonly unknown[]; functionName: string; args: readonly unknown[] },
): Promise<Hex> {
  const { chain, transport, public: client } = chainClients(rpcUrl);
  const wallet = createWalletClient({ account: testAccount(fromIndex), chain, transport });
  const hash = await wallet.writeContract({ ...call, gas: GAS_LIMIT } as Parameters<typeof wallet.writeContract>[0]);
  const receipt = await client.waitForTransactionReceipt({ hash, timeout: 60_000 });
  if (receipt.status !== 'success') throw new Error(`${call.functionName} ${hash} reverted`);
  return hash;
}

/** Test account `fromIndex` approves EtroSwap for `amount` of `token`. */
export function approveSwap(
  rpcUrl: string,
  d: SwapDeployments,
  fromIndex: number,
  token: 'USDT' | 'ETRO',
  amount: bigint,
): Promise<Hex> {
  return sendFrom(rpcUrl, fromIndex, {
    address: d.contracts[token],
    abi: erc20Abi,
    functionName: 'approve',
    args: [d.contracts.EtroSwap, amount],
  });
}

/** Test account `fromIndex` buys (USDT in) or sells (ETRO in) through EtroSwap, accepting any output at any time. */
export async function tradeFromNode(
  rpcUrl: string,
  d: SwapDeployments,
  fromIndex: number,
  direction: 'buy' | 'sell',
  amountIn: bigint,
): Promise<Hex> {
  await approveSwap(rpcUrl, d, fromIndex, direction === 'buy' ? 'USDT' : 'ETRO', amountIn);
  return sendFrom(rpcUrl, fromIndex, {
    address: d.contracts.EtroSwap,
    abi: etroSwapAbi,
    functionName: direction === 'buy' ? 'swap' : 'sell',
    args: [amountIn, 0n, maxUint256],
  });
}

/** The latest block's timestamp (unix seconds). */
export async function chainTime(rpcUrl: string): Promise<bigint> {
  return (await chainClients(rpcUrl).public.getBlock({ blockTag: 'latest' })).timestamp;
}

/**
 * Checks a trade's `deadline` against the panel's rule: `minutes` after the later of the chain time
 * the quote was read at and the browser's clock at the moment of sending. `before` is the chain time
 * and the clock just before the click, `after` the clock once the trade was sent.
 */
export function expectDeadline(
  deadline: bigint,
  minutes: bigint,
  before: { chain: bigint; clock: bigint },
  after: { clock: bigint },
): void {
  const base = deadline - minutes * 60n;
  const max = (a: bigint, b: bigint) => (a > b ? a : b);
  // The quote's block may be a little older than the latest block seen before the click.
  const lowest = max(before.clock, before.chain - 30n);
  const highest = max(after.clock, before.chain);
  if (base < lowest || base > highest) {
    throw new Error(
      `deadline ${deadline} is not ${minutes} min after a time in [${lowest}, ${highest}] (chain ${before.chain}, clock ${before.clock}..${after.clock})`,
    );
  }
}

/** The device clock in unix seconds (the browser and the tests run on the same machine). */
export function clockSeconds(): bigint {
  return BigInt(Math.floor(Date.now() / 1000));
}

type RpcCall = { id?: unknown; method?: string };

/**
 * Keeps the app's view of the chain at its current block: every `eth_blockNumber` the page sends to
 * `rpcUrl` is answered with the block of the moment this was called, so the screen keeps its figures
 * (and its quote) while the chain moves on; every other call reaches anvil as usual. Returns the
 * function that lets the page see the chain again.
 */
export async function freezeBlockNumber(page: Page, rpcUrl: string): Promise<() => Promise<void>> {
  const frozen = `0x${(await chainClients(rpcUrl).public.getBlockNumber({ cacheTime: 0 })).toString(16)}`;
  const matcher = (url: URL) => url.href.replace(/\/$/, '') === rpcUrl.replace(/\/$/, '');
  await page.route(matcher, async (route) => {
    const request = route.request();
    if (request.method() !== 'POST') return route.continue();
    const body = request.postDataJSON() as RpcCall | RpcCall[];
    const calls = Array.isArray(body) ? body : [body];
    const frozenIds = new Set(calls.filter((c) => c.method === 'eth_blockNumber').map((c) => JSON.stringify(c.id)));
    if (frozenIds.size === 0) return route.continue();
    const response = await route.fetch();
    const answer = (await response.json()) as Record<string, unknown> | Record<string, unknown>[];
    const patch = (entry: Record<string, unknown>) =>
      frozenIds.has(JSON.stringify(entry.id)) ? { ...entry, result: frozen } : entry;
    await route.fulfill({ response, json: Array.isArray(answer) ? answer.map(patch) : patch(answer) });
  });
  return () => page.unroute(matcher);
}

/** Resolves once Assets › swap shows the account's USDT balance as the chain has it (the panel's read has landed). */
export async function waitForSwapPanel(
  page: Page,
  ctx: { rpcUrl: string; deployments: SwapDeployments; account: Address },
  opts: { timeoutMs?: number; intervalMs?: number } = {},
): Promise<void> {
  const balance = await tokenBalance(ctx.rpcUrl, ctx.deployments, 'USDT', ctx.account);
  const expected = text('en', 'swap', 'balance').replace(
    '{{amount}}',
    `${formatTokenAmount(balance, 'USDT', { grouping: true })} USDT`,
  );
  await until(
    `the swap panel to show "${expected}"`,
    async () => (await page.getByTestId('swap-balance').textContent({ timeout: 1_000 })) === expected,
    opts,
  );
}
