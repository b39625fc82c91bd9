import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BaseError,
  createPublicClient,
  createWalletClient,
  erc20Abi,
  http,
  parseEther,
  type Address,
  type PublicClient,
} from 'viem';
import { deploy } from '@eterno/devstack/deploy';
import { SEND_GAS, revertEachTest, seededAccount, startAnvil, type Anvil } from '@eterno/devstack/testChain';
import { defineEternoChain } from '../chain.ts';
import { uniswapV2PairAbi } from '../generated/abis.ts';
import type { TxStep } from '../tx/steps.ts';
import { tradeDeadline } from '../swap/deadline.ts';
import { liquidityMinimums } from './minAmounts.ts';
import { LIQUIDITY_PAIRS, type LiquidityContracts, type LiquidityPair } from './pairs.ts';
import { planAddLiquidity } from './planAddLiquidity.ts';
import { planRemoveLiquidity } from './planRemoveLiquidity.ts';
import { pairedAmount, quoteAddLiquidity } from './quoteAdd.ts';
import { quoteRemoveLiquidity } from './quoteRemove.ts';
import { readLiquidity } from './readLiquidity.ts';

let anvil: Anvil;
let client: PublicClient;
let contracts: LiquidityContracts;
let alice: Address;
let bob: Address;

beforeAll(async () => {
  anvil = await startAnvil();
  const deployments = await deploy({ rpcUrl: anvil.rpcUrl });
  contracts = deployments.contracts;
  alice = seededAccount(deployments, 'alice');
  bob = seededAccount(deployments, 'bob');
  client = createPublicClient({ chain: defineEternoChain(anvil.rpcUrl), transport: http(anvil.rpcUrl) });
}, 120_000);

afterAll(async () => {
  await anvil?.stop();
});

revertEachTest(() => anvil.rpcUrl);

/** Runs the steps as the app does (simulate, then send and wait), from anvil-unlocked alice. */
async function run(steps: TxStep[]): Promise<void> {
  const wallet = createWalletClient({
    account: alice,
    chain: defineEternoChain(anvil.rpcUrl),
    transport: http(anvil.rpcUrl),
  });
  for (const step of steps) {
    const call =
      step.kind === 'approve'
        ? { address: step.token, abi: erc20Abi, functionName: 'approve', args: [step.spender, step.amount] }
        : step.call;
    const { request } = await client.simulateContract({ ...call, account: alice } as Parameters<
      typeof client.simulateContract
    >[0]);
    const hash = await wallet.writeContract({ ...(request as object), gas: SEND_GAS } as Parameters<
      typeof wallet.writeContract
    >[0]);
    expect((await client.waitForTransactionReceipt({ hash })).status).toBe('success');
  }
}

const read = (pair: LiquidityPair) => readLiquidity(client, { contracts, account: alice, pair });
const balanceOf = (token: Address) =>
  client.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [alice] });

describe('readLiquidity', () => {
  it('reads the seeded EULP pool (1,002,000 ETRO / 501,000 USDT) and alice’s tokens, LP and allowances', async () => {
    const r = await read('EULP');
    expect(r.state.reserveA).toBe(parseEther('1002000'));
    expect(r.state.reserveB).toBe(parseEther('501000'));
    expect(r.holdings).toEqual({
      balanceA: r.state.reserveA,
      balanceB: r.state.reserveB,
      totalSupply: r.state.totalSupply,
    });
    expect(r.balances.A).toBe(await balanceOf(contracts.ETRO));
    expect(r.balances.B).toBe(await balanceOf(contracts.USDT));
    expect(r.balances.LP).toBe(await balanceOf(contracts.EULP));
    expect(r.balances.LP).toBeGreaterThan(0n);
    expect(r.allowances).toEqual({ A: 0n, B: 0n, LP: 0n });
    expect(r.blockNumber).toBe(await client.getBlockNumber());
  });
});

describe.each(['EULP', 'ELP'] as const)('%s: add then remove through the router, as the screen plans them', (pair) => {
  it('the LP minted is the quote; exact approvals are used up; the remove pays the quote', async () => {
    const names = LIQUIDITY_PAIRS[pair];
    const before = await read(pair);
    const amountA = parseEther('100');
    const amountB = pairedAmount(before.state, 'A', amountA)!;
    const q = quoteAddLiquidity(before.state, { amountA, amountB });
    expect(q).toMatchObject({ amountA, amountB, firstLiquidity: false });
    const mins = liquidityMinimums(q, 50n);
    const deadline = tradeDeadline({ blockTimestamp: before.blockTimestamp, nowSeconds: 0n, minutes: 20n });
    const add = planAddLiquidity({
      contracts,
      pair,
      ...q,
      ...mins,
      to: alice,
      deadline,
      balances: before.balances,
      allowances: before.allowances,
    });
    expect(add.map((s) => (s.kind === 'approve' ? s.symbol : s.kind))).toEqual([names.tokenA, 'USDT', 'call']);
    await run(add);

    const added = await read(pair);
    expect(added.balances.LP).toBe(before.balances.LP + q.liquidity);
    expect(added.balances.A).toBe(before.balances.A - q.amountA);
    expect(added.balances.B).toBe(before.balances.B - q.amountB);
    expect(added.allowances).toEqual({ A: 0n, B: 0n, LP: 0n });

    // Remove half of what was added: the tokens the quote says, the LP approval used up.
    const liquidity = q.liquidity / 2n;
    const out = quoteRemoveLiquidity(added.holdings, liquidity);
    const removeMins = liquidityMinimums(out, 50n);
    const remove = planRemoveLiquidity({
      contracts,
      pair,
      liquidity,
      ...removeMins,
      to: alice,
      deadline,
      balance: added.balances.LP,
      allowance: added.allowances.LP,
    });
    expect(remove.map((s) => (s.kind === 'approve' ? s.symbol : s.kind))).toEqual([pair, 'call']);
    await run(remove);
    const removed = await read(pair);
    expect(removed.balances.LP).toBe(added.balances.LP - liquidity);
    expect(removed.balances.A).toBe(added.balances.A + out.amountA);
    expect(removed.balances.B).toBe(added.balances.B + out.amountB);
    expect(removed.allowances.LP).toBe(0n);
  });
});

describe('the minimums protect the user', () => {
  it('an add whose minimums the moved price cannot meet is refused in simulation', async () => {
    const before = await read('EULP');
    const q = quoteAddLiquidity(before.state, { amountA: parseEther('100'), amountB: parseEther('50') });
    const mins = liquidityMinimums(q, 50n);
    const deadline = tradeDeadline({ blockTimestamp: before.blockTimestamp, nowSeconds: 0n, minutes: 20n });
    const steps = planAddLiquidity({
      contracts,
      pair: 'EULP',
      ...q,
      ...mins,
      to: alice,
      deadline,
      balances: before.balances,
      allowances: before.allowances,
    });
    await run(steps.slice(0, 2));
    // Before the add is mined, bob moves the price 1 % (USDT sent to the pair, then `sync`): 50 USDT now
    // pairs with about 99 ETRO, below the 0.5 % minimum of 99.5.
    const wallet = createWalletClient({
      account: bob,
      chain: defineEternoChain(anvil.rpcUrl),
      transport: http(anvil.rpcUrl),
    });
    const send = async (hash: Promise<`0x${string}`>) => client.waitForTransactionReceipt({ hash: await hash });
    await send(
      wallet.writeContract({
        address: contracts.USDT,
        abi: erc20Abi,
        functionName: 'transfer',
        args: [contracts.EULP, parseEther('5010')],
        gas: SEND_GAS,
      }),
    );
    await send(
      wallet.writeContract({ address: contracts.EULP, abi: uniswapV2PairAbi, functionName: 'sync', gas: SEND_GAS }),
    );
    const call = steps[2];
    if (call?.kind !== 'call') throw new Error('no add step');
    const error = await client
      .simulateContract({ ...call.call, account: alice } as Parameters<typeof client.simulateContract>[0])
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BaseError);
    expect((error as BaseError).message).toMatch(/UniswapV2Router: INSUFFICIENT_A_AMOUNT/);
  });
});
