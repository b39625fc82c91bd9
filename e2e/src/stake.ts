/**
 * Finance › stake from the outside: the pools' contracts, what the chain says about an account's
 * stake (balance, lock ledger, orders), stakes made from Node, and waiting for the stake form to
 * show the chain's balance (used by the e2e suite and the bench's per-refresh RPC count).
 */
import type { Page } from 'playwright-core';
import { createWalletClient, erc20Abi, type Address } from 'viem';
import { formatTokenAmount } from '@eterno/protocol/amount';
import { eternoStakingAbi, lockLedgerAbi } from '@eterno/protocol/generated/abis';
import { text, type Lang } from './app.ts';
import { chainClients, testAccount } from './chain.ts';
import { until } from './wait.ts';
import type { DeployedContracts } from '@eterno/protocol/deployments';

export type StakePool = 'ETRO' | 'EULP';
export type StakeDeployments = { contracts: DeployedContracts };
export type LockDays = 30 | 60 | 90 | 120 | 150 | 180 | 210 | 360;

const STAKING_KEY = { ETRO: 'StakingETRO', EULP: 'StakingEULP' } as const;

export function stakeContracts(d: StakeDeployments) {
  return {
    token: (pool: StakePool): Address => d.contracts[pool],
    staking: (pool: StakePool): Address => d.contracts[STAKING_KEY[pool]],
    ledger: d.contracts.LockLedger,
  };
}

/** A text of the web app's stake namespace with its {{placeholders}} filled. */
export function stakeText(lang: Lang, key: string, values: Record<string, string | number> = {}): string {
  return text(lang, 'stake', key).replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));
}

/** `owner`'s pool-token balance, LockLedger credits and orders in `pool`, straight from the contracts. */
export async function stakeState(rpcUrl: string, d: StakeDeployments, pool: StakePool, owner: Address) {
  const client = chainClients(rpcUrl).public;
  const c = stakeContracts(d);
  const [balance, credited, orders] = await Promise.all([
    client.readContract({ address: c.token(pool), abi: erc20Abi, functionName: 'balanceOf', args: [owner] }),
    client.readContract({ address: c.ledger, abi: lockLedgerAbi, functionName: 'credited', args: [owner] }),
    client.readContract({ address: c.staking(pool), abi: eternoStakingAbi, functionName: 'ordersOf', args: [owner] }),
  ]);
  return { balance, credited, ids: orders[0], orders: orders[1] };
}

/** `owner`'s LockLedger claimable amount and claim fee (`quoteClaim`) at `blockNumber`. */
export async function lockClaimAt(
  rpcUrl: string,
  d: StakeDeployments,
  owner: Address,
  blockNumber: bigint,
): Promise<readonly [bigint, bigint]> {
  return chainClients(rpcUrl).public.readContract({
    address: stakeContracts(d).ledger,
    abi: lockLedgerAbi,
    functionName: 'quoteClaim',
    args: [owner],
    blockNumber,
  });
}

/** Test account `fromIndex` stakes `amount` for `days` from Node (approve + enterStaking_{days}); resolves once mined. */
export async function stakeFromNode(
  rpcUrl: string,
  d: StakeDeployments,
  fromIndex: number,
  pool: StakePool,
  amount: bigint,
  days: LockDays,
): Promise<void> {
  const { chain, transport, public: client } = chainClients(rpcUrl);
  const wallet = createWalletClient({ account: testAccount(fromIndex), chain, transport });
  const c = stakeContracts(d);
  const approve = await wallet.writeContract({
    address: c.token(pool),
    abi: erc20Abi,
    functionName: 'approve',
    args: [c.staking(pool), amount],
  });
  await client.waitForTransactionReceipt({ hash: approve });
  const hash = await wallet.writeContract({
    address: c.staking(pool),
    abi: eternoStakingAbi,
    functionName: `enterStaking_${days}`,
    args: [amount],
  });
  const receipt = await client.waitForTransactionReceipt({ hash });
  if (receipt.status !== 'success') throw new Error(`enterStaking_${days} ${hash} reverted`);
}

/** Waits until the stake form of `pool` shows `account`'s balance as the chain has it (English texts). */
export async function waitForStakeForm(
  page: Page,
  ctx: { rpcUrl: string; deployments: StakeDeployments; account: Address; pool?: StakePool },
  opts: { timeoutMs?: number; intervalMs?: number } = {},
): Promise<void> {
  const pool = ctx.pool ?? 'ETRO';
  const { balance } = await stakeState(ctx.rpcUrl, ctx.deployments, pool, ctx.account);
  const expected = stakeText('en', 'form.balance', {
    amount: formatTokenAmount(balance, pool, { grouping: true }),
    symbol: pool,
  });
  await until(
    `the ${pool} stake form to show the balance ${expected}`,
    async () => {
      const form = page.locator(`[data-testid="stake-form"][data-pool="${pool}"]`);
      if ((await form.count()) !== 1) return false;
      return (await form.getByTestId('stake-balance').textContent()) === expected;
    },
    opts,
  );
}
