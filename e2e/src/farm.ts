/**
 * Ecology › DeFi from the outside: what the chain says about an account's farm position and wallet,
 * deposits made from Node, and waiting for the DeFi screen to show the chain's figures (used by the
 * e2e suite and the bench's per-refresh RPC count).
 */
import type { Page } from 'playwright-core';
import { createWalletClient, erc20Abi, type Address } from 'viem';
import { formatAmount, formatTokenAmount } from '@eterno/protocol/amount';
import type { DeployedContracts } from '@eterno/protocol/deployments';
import { eternoFarmAbi } from '@eterno/protocol/generated/abis';
import { text, type Lang } from './app.ts';
import { chainClients, testAccount } from './chain.ts';
import { until } from './wait.ts';

export type FarmDeployments = { contracts: DeployedContracts };
export type FarmLp = 'EULP' | 'ELP';
const PID: Record<FarmLp, bigint> = { EULP: 0n, ELP: 1n };

/** A text of the web app's defi namespace with its {{placeholders}} filled. */
export function defiText(lang: Lang, key: string, values: Record<string, string | number> = {}): string {
  return text(lang, 'defi', key).replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));
}

/** LP as the screen shows it (8 digits, truncated, grouped). */
export const lpText = (value: bigint) => formatAmount(value, 18, { digits: 8, grouping: true });
export const etroText = (value: bigint) => formatTokenAmount(value, 'ETRO', { grouping: true });

/** `owner`'s position in pool `lp`, its LP and ETRO balances, straight from the contracts. */
export async function farmState(rpcUrl: string, d: FarmDeployments, owner: Address, lp: FarmLp = 'EULP') {
  const client = chainClients(rpcUrl).public;
  const c = d.contracts;
  const [[staked], pending, lpBalance, etro] = await Promise.all([
    client.readContract({
      address: c.EternoFarm,
      abi: eternoFarmAbi,
      functionName: 'userInfo',
      args: [PID[lp], owner],
    }),
    client.readContract({
      address: c.EternoFarm,
      abi: eternoFarmAbi,
      functionName: 'pendingEtro',
      args: [PID[lp], owner],
    }),
    client.readContract({ address: c[lp], abi: erc20Abi, functionName: 'balanceOf', args: [owner] }),
    client.readContract({ address: c.ETRO, abi: erc20Abi, functionName: 'balanceOf', args: [owner] }),
  ]);
  return { staked, pending, lp: lpBalance, etro };
}

/** Test account `fromIndex` stakes `amount` of `lp` from Node (approve + deposit); resolves once mined. */
export async function depositFromNode(
  rpcUrl: string,
  d: FarmDeployments,
  fromIndex: number,
  lp: FarmLp,
  amount: bigint,
): Promise<void> {
  const { chain, transport, public: client } = chainClients(rpcUrl);
  const wallet = createWalletClient({ account: testAccount(fromIndex), chain, transport });
  const c = d.contracts;
  await client.waitForTransactionReceipt({
    hash: await wallet.writeContract({
      address: c[lp],
      abi: erc20Abi,
      functionName: 'approve',
      args: [c.EternoFarm, amount],
    }),
  });
  const hash = await wallet.writeContract({
    address: c.EternoFarm,
    abi: eternoFarmAbi,
    functionName: 'deposit',
    args: [PID[lp], amount],
  });
  const receipt = await client.waitForTransactionReceipt({ hash });
  if (receipt.status !== 'success') throw new Error(`deposit ${hash} reverted`);
}

/** A figure (`data-testid`) of pool `lp` on the DeFi screen. */
export function poolFigure(page: Page, lp: FarmLp, testId: string) {
  return page.getByTestId(`pool-${lp}`).getByTestId(testId);
}

/** Waits until pool `lp`'s figure `testId` reads `expected`; the error names what the screen showed. */
export async function waitForPoolText(
  page: Page,
  lp: FarmLp,
  testId: string,
  expected: string,
  opts: { timeoutMs?: number; intervalMs?: number } = {},
): Promise<void> {
  let last: string | null = null;
  await until(
    `${lp} ${testId} = ${expected}`,
    async () => {
      last = await poolFigure(page, lp, testId).textContent({ timeout: 1_000 });
      return last === expected;
    },
    opts,
  ).catch((error: unknown) => {
    throw new Error(`${lp} ${testId}: expected ${JSON.stringify(expected)}, the screen shows ${JSON.stringify(last)}`, {
      cause: error,
    });
  });
}

/** Waits until the DeFi screen shows `account`'s staked LP and LP balance of both pools as the chain has them. */
export async function waitForFarm(
  page: Page,
  ctx: { rpcUrl: string; deployments: FarmDeployments; account: Address },
  opts: { timeoutMs?: number; intervalMs?: number } = {},
): Promise<void> {
  for (const lp of ['EULP', 'ELP'] as const) {
    const state = await farmState(ctx.rpcUrl, ctx.deployments, ctx.account, lp);
    await waitForPoolText(page, lp, 'staked', `${lpText(state.staked)} ${lp}`, opts);
    await waitForPoolText(page, lp, 'lp-balance', `${lpText(state.lp)} ${lp}`, opts);
  }
}
