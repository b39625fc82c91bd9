import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWalletClient, erc20Abi, getAddress, http, parseEther, type Address, type PublicClient } from 'viem';
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
import { defineEternoChain } from './chain.ts';
import type { DeployedContracts } from './deployments.ts';
import {
  eternoFarmAbi,
  eternoStakingAbi,
  uniswapV2FactoryAbi,
  uniswapV2PairAbi,
  uniswapV2Router02Abi,
} from './generated/abis.ts';
import { MulticallCallError, marketValues, readMarket, type MarketContracts } from './market.ts';
import { NO_LIQUIDITY, PRICE_SCALE, PairMismatchError } from './pair.ts';

let anvil: Anvil;
let client: PublicClient;
let deployed: DeployedContracts;
let contracts: MarketContracts;
let bob: Address;
let deployer: Address;
const requests: string[][] = [];

beforeAll(async () => {
  anvil = await startAnvil();
  const deployments = await deploy({ rpcUrl: anvil.rpcUrl });
  deployed = deployments.contracts;
  contracts = deployed;
  bob = seededAccount(deployments, 'bob');
  deployer = (await rpc<Address[]>(anvil.rpcUrl, 'eth_accounts'))[0] as Address;
  client = recordingClient(anvil.rpcUrl, requests);
}, 120_000);

afterAll(async () => {
  await anvil?.stop();
});

revertEachTest(() => anvil.rpcUrl);

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
}

/** The pair's reserves as (USDT, other), read directly: token0 says which is which. */
async function usdtReserves(pair: Address): Promise<{ usdt: bigint; other: bigint }> {
  const [[r0, r1], token0] = await Promise.all([
    client.readContract({ address: pair, abi: uniswapV2PairAbi, functionName: 'getReserves' }),
    client.readContract({ address: pair, abi: uniswapV2PairAbi, functionName: 'token0' }),
  ]);
  return getAddress(token0) === getAddress(deployed.USDT) ? { usdt: r0, other: r1 } : { usdt: r1, other: r0 };
}

describe('readMarket', () => {
  it('reads the seeded market in one eth_call, every figure equal to a direct read', async () => {
    requests.length = 0;
    const market = await readMarket(client, { contracts });
    expect(requests).toEqual([['eth_call']]);

    const eulp = await usdtReserves(deployed.EULP);
    const elp = await usdtReserves(deployed.ELP);
    const fon = await usdtReserves(deployed.WFON_USDT);
    const read = (address: Address, abi: readonly unknown[], functionName: string) =>
      client.readContract({ address, abi, functionName } as Parameters<
        typeof client.readContract
      >[0]) as Promise<bigint>;
    const [
      eulpSupply,
      etroSupply,
      etroReserve,
      etroAvailable,
      eulpReserve,
      eulpAvailable,
      emitted,
      totalEmission,
      block,
    ] = await Promise.all([
      read(deployed.EULP, uniswapV2PairAbi, 'totalSupply'),
      read(deployed.ETRO, erc20Abi, 'totalSupply'),
      read(contracts.StakingETRO, eternoStakingAbi, 'rewardReserve'),
      read(contracts.StakingETRO, eternoStakingAbi, 'availableRewards'),
      read(contracts.StakingEULP, eternoStakingAbi, 'rewardReserve'),
      read(contracts.StakingEULP, eternoStakingAbi, 'availableRewards'),
      read(contracts.EternoFarm, eternoFarmAbi, 'emitted'),
      read(contracts.EternoFarm, eternoFarmAbi, 'totalEmission'),
      client.getBlockNumber({ cacheTime: 0 }),
    ]);

    expect(market.blockNumber).toBe(block);
    // The seed (docs/decisions/tokens-and-local-seed.md): 1,002,000 ETRO + 501,000 USDT → 0.5 USDT;
    // WFON/USDT opened with 1,000 FON + 2,000 USDT → 2 USDT.
    expect(eulp).toEqual({ usdt: parseEther('501000'), other: parseEther('1002000') });
    expect(market.etroPrice).toEqual({ kind: 'value', value: parseEther('0.5') });
    expect(market.fonPrice).toEqual({ kind: 'value', value: parseEther('2') });
    expect(market.fonPair).toEqual(fon);
    expect(market.elp).toEqual(elp);
    expect(market.lp).toEqual({
      totalSupply: eulpSupply,
      usdtReserve: eulp.usdt,
      etroReserve: eulp.other,
      etroPerLp: { kind: 'value', value: (eulp.other * PRICE_SCALE) / eulpSupply },
    });
    expect(eulpSupply).toBeGreaterThan(0n);
    expect(market.usdtValue).toEqual({ onChain: eulp.usdt + elp.usdt, declared: 0n, total: eulp.usdt + elp.usdt });
    expect(market.etroValue).toEqual({
      kind: 'value',
      value: {
        totalSupply: etroSupply,
        onChain: etroSupply / 2n,
        declaredEtro: 0n,
        declared: 0n,
        total: etroSupply / 2n,
      },
    });
    expect(market.staking).toEqual({
      ETRO: { reserve: etroReserve, available: etroAvailable },
      EULP: { reserve: eulpReserve, available: eulpAvailable },
    });
    expect(etroReserve).toBe(parseEther('1000000'));
    expect(market.farm).toEqual({ emitted, totalEmission });
    expect(totalEmission).toBeGreaterThan(0n);
  });

  it('follows a trade on the pair: the price is the new reserves ratio', async () => {
    const before = await readMarket(client, { contracts });
    const amountIn = parseEther('10000');
    await send(bob, {
      address: deployed.USDT,
      abi: erc20Abi,
      functionName: 'approve',
      args: [deployed.UniswapV2Router02, amountIn],
    });
    await send(bob, {
      address: deployed.UniswapV2Router02,
      abi: uniswapV2Router02Abi,
      functionName: 'swapExactTokensForTokens',
      args: [amountIn, 0n, [deployed.USDT, deployed.ETRO], bob, 2n ** 63n],
    });
    const after = await readMarket(client, { contracts });
    const eulp = await usdtReserves(deployed.EULP);
    expect(after.blockNumber).toBeGreaterThan(before.blockNumber);
    expect(after.lp.usdtReserve).toBe(eulp.usdt);
    expect(after.lp.usdtReserve).toBe(before.lp.usdtReserve + amountIn);
    expect(after.etroPrice).toEqual({ kind: 'value', value: (eulp.usdt * PRICE_SCALE) / eulp.other });
    if (after.etroPrice.kind !== 'value' || before.etroPrice.kind !== 'value') throw new Error('priced');
    expect(after.etroPrice.value).toBeGreaterThan(before.etroPrice.value);
  });

  it('shows the declared treasury as separate amounts, added only to their own totals', async () => {
    const declared = { offChainUsdt: parseEther('6000000'), offChainEtro: parseEther('104200') };
    const plain = await readMarket(client, { contracts });
    const market = await readMarket(client, { contracts, declared });
    expect(market.usdtValue).toEqual({
      onChain: plain.usdtValue.onChain,
      declared: parseEther('6000000'),
      total: plain.usdtValue.onChain + parseEther('6000000'),
    });
    if (market.etroValue.kind !== 'value' || plain.etroValue.kind !== 'value') throw new Error('priced');
    // 104,200 ETRO at 0.5 USDT.
    expect(market.etroValue.value.declaredEtro).toBe(parseEther('104200'));
    expect(market.etroValue.value.declared).toBe(parseEther('52100'));
    expect(market.etroValue.value.onChain).toBe(plain.etroValue.value.onChain);
    expect(market.etroValue.value.total).toBe(plain.etroValue.value.onChain + parseEther('52100'));
    expect(market.lp).toEqual(plain.lp);
  });

  it('gives "no liquidity" (not a division by zero) for a pair without reserves', async () => {
    await send(deployer, {
      address: deployed.UniswapV2Factory,
      abi: uniswapV2FactoryAbi,
      functionName: 'createPair',
      args: [deployed.UNITS, deployed.USDT],
    });
    const empty = await client.readContract({
      address: deployed.UniswapV2Factory,
      abi: uniswapV2FactoryAbi,
      functionName: 'getPair',
      args: [deployed.UNITS, deployed.USDT],
    });
    const market = await readMarket(client, { contracts: { ...contracts, EULP: empty, ETRO: deployed.UNITS } });
    expect(market.etroPrice).toEqual(NO_LIQUIDITY);
    expect(market.lp).toEqual({ totalSupply: 0n, usdtReserve: 0n, etroReserve: 0n, etroPerLp: NO_LIQUIDITY });
    expect(market.etroValue).toEqual(NO_LIQUIDITY);
    expect(market.usdtValue.onChain).toBe(market.elp.usdt);
    expect(market.fonPrice).toEqual({ kind: 'value', value: parseEther('2') });
  });

  it('refuses a pair that does not hold the tokens the deployments name', async () => {
    const error = await readMarket(client, { contracts: { ...contracts, EULP: contracts.ELP } }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(PairMismatchError);
    expect(error).toMatchObject({ code: 'PAIR_MISMATCH', pair: contracts.ELP });
  });

  it('throws the failed sub-call instead of showing a zero', async () => {
    const error = await readMarket(client, { contracts: { ...contracts, StakingETRO: bob } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MulticallCallError);
    expect(error).toMatchObject({ label: 'StakingETRO.rewardReserve', failure: 'NO_DATA' });
  });
});

describe('market values', () => {
  it('refuses negative declared amounts', () => {
    const pair = { usdt: 1n, other: 1n };
    expect(() =>
      marketValues({
        eulp: pair,
        elp: pair,
        etroPrice: NO_LIQUIDITY,
        etroTotalSupply: 1n,
        declared: { offChainUsdt: -1n, offChainEtro: 0n },
      }),
    ).toThrow(RangeError);
  });
});
