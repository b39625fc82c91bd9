import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BaseError,
  ContractFunctionRevertedError,
  createPublicClient,
  createWalletClient,
  erc20Abi,
  http,
  maxUint256,
  parseEther,
  type Address,
  type PublicClient,
} from 'viem';
import { deploy } from '@eterno/devstack/deploy';
import { SEND_GAS, revertEachTest, rpc, seededAccount, startAnvil, type Anvil } from '@eterno/devstack/testChain';
import { defineEternoChain } from '../chain.ts';
import { InsufficientBalanceError, type TxStep } from '../tx/steps.ts';
import { planClaim, NothingToClaimError } from '../lock/planClaim.ts';
import { tradeDeadline } from './deadline.ts';
import { planSwap } from './planSwap.ts';
import { minimumReceived } from './quoteMath.ts';
import { readSwap, type SwapContracts, type SwapDirection } from './readSwap.ts';

let anvil: Anvil;
let client: PublicClient;
let contracts: SwapContracts;
let alice: Address;

beforeAll(async () => {
  anvil = await startAnvil();
  const deployments = await deploy({ rpcUrl: anvil.rpcUrl });
  contracts = deployments.contracts;
  alice = seededAccount(deployments, 'alice');
  client = createPublicClient({ chain: defineEternoChain(anvil.rpcUrl), transport: http(anvil.rpcUrl) });
}, 120_000);

afterAll(async () => {
  await anvil?.stop();
});

revertEachTest(() => anvil.rpcUrl);

/** Runs the steps as the app does (simulate, then send and wait), from an anvil-unlocked account. */
async function run(steps: TxStep[], from: Address = alice): Promise<void> {
  const wallet = createWalletClient({
    account: from,
    chain: defineEternoChain(anvil.rpcUrl),
    transport: http(anvil.rpcUrl),
  });
  for (const step of steps) {
    const call =
      step.kind === 'approve'
        ? { address: step.token, abi: erc20Abi, functionName: 'approve', args: [step.spender, step.amount] }
        : step.call;
    const { request } = await client.simulateContract({ ...call, account: from } as Parameters<
      typeof client.simulateContract
    >[0]);
    const hash = await wallet.writeContract({ ...(request as object), gas: SEND_GAS } as Parameters<
      typeof wallet.writeContract
    >[0]);
    const receipt = await client.waitForTransactionReceipt({ hash });
    expect(receipt.status).toBe('success');
  }
}

/** A trade as the panel plans it: minimum from the quote and the slippage, deadline `minutes` after the read's block time. */
async function plan(direction: SwapDirection, amountIn: bigint, slippageBps: bigint, minutes = 20n) {
  const read = await readSwap(client, { contracts, account: alice, direction, amountIn });
  const input = direction === 'buy' ? 'USDT' : 'ETRO';
  const minOut = minimumReceived(read.quote!.amountOut, slippageBps);
  const deadline = tradeDeadline({ blockTimestamp: read.blockTimestamp, nowSeconds: 0n, minutes });
  return {
    read,
    minOut,
    deadline,
    steps: planSwap({
      contracts,
      direction,
      amountIn,
      minOut,
      deadline,
      balance: read.balances[input],
      allowance: read.allowance,
    }),
  };
}

/** The revert's custom error name when `promise` fails in simulation. */
async function revertName(promise: Promise<unknown>): Promise<string | undefined> {
  const error = await promise.catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(BaseError);
  const revert = (error as BaseError).walk(
    (e) => e instanceof ContractFunctionRevertedError,
  ) as ContractFunctionRevertedError | null;
  return revert?.data?.errorName;
}

describe('planSwap', () => {
  it('buys: an exact USDT approval to EtroSwap, then swap(amountIn, minOut, deadline); the ETRO is locked', async () => {
    const amountIn = parseEther('1000');
    const { read, minOut, deadline, steps } = await plan('buy', amountIn, 50n);
    expect(deadline).toBe(read.blockTimestamp + 20n * 60n);
    expect(steps.map((s) => s.kind)).toEqual(['approve', 'call']);
    expect(steps[0]).toMatchObject({
      kind: 'approve',
      token: contracts.USDT,
      symbol: 'USDT',
      spender: contracts.EtroSwap,
      amount: amountIn,
    });
    expect(steps[1]).toMatchObject({
      kind: 'call',
      action: 'swap.buy',
      call: { address: contracts.EtroSwap, functionName: 'swap', args: [amountIn, minOut, deadline] },
    });
    await run(steps);
    const after = await readSwap(client, { contracts, account: alice, direction: 'buy' });
    expect(after.lock.credited).toBe(read.quote!.amountOut);
    expect(after.lock.credited).toBeGreaterThanOrEqual(minOut);
    expect(after.balances.USDT).toBe(read.balances.USDT - amountIn);
    expect(after.balances.ETRO).toBe(read.balances.ETRO); // locked, not paid out
  });

  it('sells: approval of ETRO, then sell(amountIn, minOut, deadline); the USDT is paid at once', async () => {
    const amountIn = parseEther('400');
    const { read, minOut, deadline, steps } = await plan('sell', amountIn, 100n);
    expect(steps[0]).toMatchObject({ kind: 'approve', token: contracts.ETRO, symbol: 'ETRO', amount: amountIn });
    expect(steps[1]).toMatchObject({
      action: 'swap.sell',
      call: { functionName: 'sell', args: [amountIn, minOut, deadline] },
    });
    await run(steps);
    const after = await readSwap(client, { contracts, account: alice, direction: 'sell' });
    expect(after.balances.USDT).toBe(read.balances.USDT + read.quote!.amountOut);
    expect(after.balances.ETRO).toBe(read.balances.ETRO - amountIn);
  });

  it('skips the approval when the allowance covers the amount', async () => {
    const first = await plan('buy', parseEther('10'), 50n);
    await run(first.steps.slice(0, 1)); // approve only
    const second = await plan('buy', parseEther('10'), 50n);
    expect(second.steps.map((s) => s.kind)).toEqual(['call']);
    await run(second.steps);
  });

  it('refuses more than the balance before anything is simulated or sent', async () => {
    const read = await readSwap(client, { contracts, account: alice, direction: 'buy' });
    expect(() =>
      planSwap({
        contracts,
        direction: 'buy',
        amountIn: read.balances.USDT + 1n,
        minOut: 0n,
        deadline: maxUint256,
        balance: read.balances.USDT,
        allowance: 0n,
      }),
    ).toThrow(InsufficientBalanceError);
    expect(() =>
      planSwap({
        contracts,
        direction: 'buy',
        amountIn: 1n,
        minOut: 0n,
        deadline: 0n,
        balance: read.balances.USDT,
        allowance: 0n,
      }),
    ).toThrow(RangeError);
  });

  it('a trade mined after its deadline fails the simulation with DeadlineExpired', async () => {
    const { steps } = await plan('sell', parseEther('100'), 50n, 1n);
    await run(steps.slice(0, 1));
    await rpc(anvil.rpcUrl, 'evm_increaseTime', [61]);
    await rpc(anvil.rpcUrl, 'evm_mine');
    expect(await revertName(run(steps.slice(1)))).toBe('DeadlineExpired');
  });

  it('a minOut the pool no longer pays fails the simulation with InsufficientOutput', async () => {
    const amountIn = parseEther('1000');
    const { steps } = await plan('buy', amountIn, 0n);
    await run(steps.slice(0, 1));
    // another trader buys first: the same USDT now buys less ETRO than quoted
    const bob = (await rpc<Address[]>(anvil.rpcUrl, 'eth_accounts'))[2] as Address;
    const bobPlan = await readSwap(client, { contracts, account: bob, direction: 'buy', amountIn: parseEther('5000') });
    await run(
      planSwap({
        contracts,
        direction: 'buy',
        amountIn: parseEther('5000'),
        minOut: 0n,
        deadline: maxUint256,
        balance: bobPlan.balances.USDT,
        allowance: 0n,
      }),
      bob,
    );
    expect(await revertName(run(steps.slice(1)))).toBe('InsufficientOutput');
  });
});

describe('planClaim', () => {
  it('refuses to plan a claim of nothing', () => {
    expect(() => planClaim({ contracts, claimable: 0n })).toThrow(NothingToClaimError);
  });

  it('claims exactly what was released: the ETRO balance goes up by the claimable amount less the 5 % swap claim fee', async () => {
    const { steps } = await plan('buy', parseEther('600'), 50n);
    await run(steps);
    await rpc(anvil.rpcUrl, 'evm_increaseTime', [86_400]);
    await rpc(anvil.rpcUrl, 'evm_mine');
    const before = await readSwap(client, { contracts, account: alice, direction: 'buy' });
    expect(before.lock.claimable).toBe(before.lock.credited);
    expect(before.lock.claimFee).toBe((before.lock.claimable * 500n) / 10_000n);
    expect(before.lock.claimReceive).toBe(before.lock.claimable - before.lock.claimFee);
    const claim = planClaim({ contracts, claimable: before.lock.claimable });
    expect(claim).toEqual([
      {
        kind: 'call',
        action: 'lock.claim',
        call: expect.objectContaining({ address: contracts.LockLedger, functionName: 'claim', args: [] }),
      },
    ]);
    await run(claim);
    const after = await readSwap(client, { contracts, account: alice, direction: 'buy' });
    expect(after.balances.ETRO).toBe(before.balances.ETRO + before.lock.claimReceive);
    expect(after.lock.claimable).toBe(0n);
  });
});
