import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createWalletClient,
  erc20Abi,
  getAddress,
  http,
  maxUint256,
  parseEther,
  type Address,
  type PublicClient,
} from 'viem';
import { deploy } from '@eterno/devstack/deploy';
import {
  SEND_GAS,
  recordingClient,
  revertEachTest,
  rpc,
  seededAccount,
  startAnvil,
  type Anvil,
} from '@eterno/devstack/testChain';
import { defineEternoChain } from '../chain.ts';
import { etroSwapAbi, lockLedgerAbi, uniswapV2PairAbi } from '../generated/abis.ts';
import type { DeployedContracts } from '../deployments.ts';
import { MulticallCallError } from '../multicall.ts';
import { MAX_QUOTE_INPUT, readSwap, type SwapContracts } from './readSwap.ts';

let anvil: Anvil;
let client: PublicClient;
let deployed: DeployedContracts;
let contracts: SwapContracts;
let alice: Address;
let bob: Address;
const requests: string[][] = [];

beforeAll(async () => {
  anvil = await startAnvil();
  const deployments = await deploy({ rpcUrl: anvil.rpcUrl });
  deployed = deployments.contracts;
  contracts = deployed;
  alice = seededAccount(deployments, 'alice');
  bob = seededAccount(deployments, 'bob');
  client = recordingClient(anvil.rpcUrl, requests);
}, 120_000);

afterAll(async () => {
  await anvil?.stop();
});

revertEachTest(() => anvil.rpcUrl);

/** Sends a contract call from an anvil-unlocked account and waits for it to be mined. */
async function send(
  from: Address,
  call: { address: Address; abi: readonly unknown[]; functionName: string; args: readonly unknown[] },
) {
  const wallet = createWalletClient({
    account: from,
    chain: defineEternoChain(anvil.rpcUrl),
    transport: http(anvil.rpcUrl),
  });
  const hash = await wallet.writeContract({ ...call, gas: SEND_GAS } as Parameters<typeof wallet.writeContract>[0]);
  const receipt = await client.waitForTransactionReceipt({ hash });
  expect(receipt.status).toBe('success');
  return receipt;
}

async function buy(from: Address, amountIn: bigint): Promise<void> {
  await send(from, {
    address: contracts.USDT,
    abi: erc20Abi,
    functionName: 'approve',
    args: [contracts.EtroSwap, amountIn],
  });
  await send(from, {
    address: contracts.EtroSwap,
    abi: etroSwapAbi,
    functionName: 'swap',
    args: [amountIn, 0n, maxUint256],
  });
}

const read = (address: Address, abi: readonly unknown[], functionName: string, args: readonly unknown[] = []) =>
  client.readContract({ address, abi, functionName, args } as Parameters<typeof client.readContract>[0]);

describe('readSwap', () => {
  it('reads the whole panel in exactly one eth_call, as the chain has it', async () => {
    requests.length = 0;
    const result = await readSwap(client, { contracts, account: alice, direction: 'buy' });
    expect(requests).toEqual([['eth_call']]);

    const [r0, r1] = (await read(contracts.EULP, uniswapV2PairAbi, 'getReserves')) as [bigint, bigint, number];
    const token0 = (await read(contracts.EULP, uniswapV2PairAbi, 'token0')) as Address;
    const expected =
      getAddress(token0) === getAddress(contracts.USDT) ? { usdt: r0, etro: r1 } : { usdt: r1, etro: r0 };
    expect(result.reserves).toEqual(expected);
    // the seed: 501,000 USDT + 1,002,000 ETRO, 1 ETRO = 0.5 USDT
    expect(result.reserves).toEqual({ usdt: parseEther('501000'), etro: parseEther('1002000') });
    expect(result.price).toBe(parseEther('0.5'));
    expect(result.balances).toEqual({
      USDT: await read(contracts.USDT, erc20Abi, 'balanceOf', [alice]),
      ETRO: await read(contracts.ETRO, erc20Abi, 'balanceOf', [alice]),
    });
    expect(result.balances.USDT).toBe(parseEther('50000'));
    expect(result.allowance).toBe(0n);
    expect(result.feeBps).toBe(600n);
    expect(result.vestingDuration).toBe(86_400n);
    expect(result.quote).toBeNull();
    expect(result.lock).toMatchObject({
      credited: 0n,
      released: 0n,
      claimed: 0n,
      claimable: 0n,
      locked: 0n,
      nextFullRelease: null,
    });
    const block = await client.getBlock();
    expect(result.blockNumber).toBe(block.number);
    expect(result.blockTimestamp).toBe(block.timestamp);
  });

  it('quotes a buy as quoteBuy does, with its fee and price impact, and the swap pays exactly that', async () => {
    const amountIn = parseEther('1000');
    const result = await readSwap(client, { contracts, account: alice, direction: 'buy', amountIn });
    const [fee, out] = (await read(contracts.EtroSwap, etroSwapAbi, 'quoteBuy', [amountIn])) as [bigint, bigint];
    expect(result.quote).toMatchObject({ direction: 'buy', amountIn, fee, amountOut: out });
    expect(fee).toBe(parseEther('60'));
    // 940 USDT into 501,000: about 0.49 % below the mid price (0.3 % of it the pool fee)
    expect(result.quote?.priceImpactBps).toBe(49n);

    await buy(alice, amountIn);
    const after = await readSwap(client, { contracts, account: alice, direction: 'buy' });
    expect(after.lock.credited).toBe(out);
    expect(after.balances.USDT).toBe(result.balances.USDT - amountIn);
    expect(after.allowance).toBe(0n); // the exact approval was used up
    expect(after.reserves.usdt).toBe(result.reserves.usdt + amountIn - fee);
    expect(after.price).toBeGreaterThan(result.price as bigint);
  });

  it('follows the 24 h release: half after 12 h, everything after 24 h, then the claim', async () => {
    await buy(alice, parseEther('2000'));
    const start = await readSwap(client, { contracts, account: alice, direction: 'buy' });
    // The read right after the buy is at the buy's block: the purchase vests from that block's time.
    const bought = start.blockTimestamp;
    expect(start.lock.nextFullRelease).toBe(bought + 86_400n);
    expect(start.lock.allReleasedAt).toBe(start.lock.nextFullRelease);
    expect(start.lock.locked).toBe(start.lock.credited);

    await rpc(anvil.rpcUrl, 'evm_increaseTime', [43_200]);
    await rpc(anvil.rpcUrl, 'evm_mine');
    const half = await readSwap(client, { contracts, account: alice, direction: 'buy' });
    expect(half.lock.released).toBe(start.lock.credited / 2n);
    // an odd credit: half of it rounds down, and so does the progress (4 999 bps, not 5 000)
    expect(half.lock.progressBps).toBe((half.lock.released * 10_000n) / start.lock.credited);
    expect(half.lock.progressBps === 4_999n || half.lock.progressBps === 5_000n).toBe(true);
    expect(half.lock.claimable).toBe(half.lock.released);
    const [quoted, quotedFee] = (await read(contracts.LockLedger, lockLedgerAbi, 'quoteClaim', [alice])) as [
      bigint,
      bigint,
    ];
    expect(half.lock).toMatchObject({ claimable: quoted, claimFee: quotedFee, claimReceive: quoted - quotedFee });
    expect(quotedFee).toBe((quoted * 500n) / 10_000n);
    expect(half.lock.locked).toBe(start.lock.credited - half.lock.released);
    expect(half.lock.released).toBe(await read(contracts.LockLedger, lockLedgerAbi, 'released', [alice]));
    expect(half.lock.swapReleased).toBe(half.lock.released);
    expect(half.lock.stakeReleased).toBe(0n);

    await rpc(anvil.rpcUrl, 'evm_increaseTime', [43_200]);
    await rpc(anvil.rpcUrl, 'evm_mine');
    const full = await readSwap(client, { contracts, account: alice, direction: 'buy' });
    expect(full.lock).toMatchObject({
      released: start.lock.credited,
      claimable: start.lock.credited,
      locked: 0n,
      progressBps: 10_000n,
      nextFullRelease: null,
    });

    await send(alice, { address: contracts.LockLedger, abi: lockLedgerAbi, functionName: 'claim', args: [] });
    const claimed = await readSwap(client, { contracts, account: alice, direction: 'buy' });
    expect(claimed.lock).toMatchObject({ claimed: start.lock.credited, claimable: 0n, claimFee: 0n });
    expect(claimed.balances.ETRO).toBe(full.balances.ETRO + full.lock.claimReceive);
  });

  it('reads a sell: the ETRO allowance and quoteSell, no fee', async () => {
    const amountIn = parseEther('500');
    await send(alice, {
      address: contracts.ETRO,
      abi: erc20Abi,
      functionName: 'approve',
      args: [contracts.EtroSwap, parseEther('123')],
    });
    const result = await readSwap(client, { contracts, account: alice, direction: 'sell', amountIn });
    expect(result.allowance).toBe(parseEther('123'));
    const out = (await read(contracts.EtroSwap, etroSwapAbi, 'quoteSell', [amountIn])) as bigint;
    expect(result.quote).toMatchObject({ direction: 'sell', amountIn, fee: 0n, amountOut: out });
    expect(out).toBeLessThan(parseEther('250'));
    expect(result.quote?.priceImpactBps).toBeGreaterThanOrEqual(30n);
    const buySide = await readSwap(client, { contracts, account: alice, direction: 'buy', amountIn });
    expect(buySide.allowance).toBe(0n);
  });

  it('reads another account (bob) and a price moved by another trader', async () => {
    const before = await readSwap(client, { contracts, account: bob, direction: 'buy', amountIn: parseEther('100') });
    await buy(alice, parseEther('20000'));
    const after = await readSwap(client, { contracts, account: bob, direction: 'buy', amountIn: parseEther('100') });
    expect(after.balances.USDT).toBe(parseEther('30000'));
    expect(after.lock.credited).toBe(0n);
    expect(after.quote!.amountOut).toBeLessThan(before.quote!.amountOut);
  });

  it('throws a MulticallCallError naming the sub-call when a contract is missing, never zeros', async () => {
    const ghost = getAddress('0x000000000000000000000000000000000000dead');
    await expect(
      readSwap(client, { contracts: { ...contracts, LockLedger: ghost }, account: alice, direction: 'buy' }),
    ).rejects.toMatchObject({
      name: 'MulticallCallError',
      label: 'LockLedger.summaryOf',
    });
    await expect(
      readSwap(client, { contracts: { ...contracts, EULP: ghost }, account: alice, direction: 'sell' }),
    ).rejects.toBeInstanceOf(MulticallCallError);
  });

  it('refuses an amount it cannot quote', async () => {
    await expect(
      readSwap(client, { contracts, account: alice, direction: 'buy', amountIn: MAX_QUOTE_INPUT + 1n }),
    ).rejects.toBeInstanceOf(RangeError);
    const max = await readSwap(client, { contracts, account: alice, direction: 'buy', amountIn: MAX_QUOTE_INPUT });
    expect(max.quote!.amountOut).toBeLessThan(max.reserves.etro);
    expect(max.quote!.priceImpactBps).toBeGreaterThan(9_900n);
  });
});
