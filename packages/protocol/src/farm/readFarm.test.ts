import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createWalletClient,
  erc20Abi,
  http,
  parseEther,
  type Address,
  type PublicClient,
  type WalletClient,
} from 'viem';
import { deploy } from '@eterno/devstack/deploy';
import { recordingClient, rpc, seededAccount, startAnvil, type Anvil } from '@eterno/devstack/testChain';
import { defineEternoChain } from '../chain.ts';
import { eternoFarmAbi, uniswapV2PairAbi } from '../generated/abis.ts';
import { FARM_BLOCKS_PER_YEAR } from './apr.ts';
import {
  FarmPoolMismatchError,
  MulticallCallError,
  PairMismatchError,
  readFarm,
  type FarmContracts,
} from './readFarm.ts';

let anvil: Anvil;
let client: PublicClient;
let wallet: WalletClient;
let contracts: FarmContracts;
let alice: Address;
let bob: Address;
const requests: string[][] = [];

beforeAll(async () => {
  anvil = await startAnvil();
  const deployments = await deploy({ rpcUrl: anvil.rpcUrl });
  contracts = deployments.contracts;
  alice = seededAccount(deployments, 'alice');
  bob = seededAccount(deployments, 'bob');
  const chain = defineEternoChain(anvil.rpcUrl);
  wallet = createWalletClient({ chain, transport: http(anvil.rpcUrl) });
  client = recordingClient(anvil.rpcUrl, requests);
}, 120_000);

afterAll(async () => {
  await anvil?.stop();
});

async function send(
  from: Address,
  address: Address,
  abi: typeof erc20Abi | typeof eternoFarmAbi,
  functionName: string,
  args: unknown[],
) {
  const hash = await wallet.writeContract({
    account: from,
    chain: wallet.chain,
    address,
    abi,
    functionName,
    args,
  } as never);
  const receipt = await client.waitForTransactionReceipt({ hash });
  expect(receipt.status).toBe('success');
}

const farmRead = <T>(functionName: string, args: unknown[] = []) =>
  client.readContract({ address: contracts.EternoFarm, abi: eternoFarmAbi, functionName, args } as never) as Promise<T>;

describe('readFarm', () => {
  it('reads the seeded farm in exactly one eth_call: pools, stages, the account, the pairs', async () => {
    requests.length = 0;
    const view = await readFarm(client, { contracts, account: alice });
    expect(requests).toEqual([['eth_call']]);

    expect(view.blockNumber).toBe(await client.getBlockNumber());
    expect(view.farm).toBe(contracts.EternoFarm);
    expect(view.totalAllocPoint).toBe(100n);
    // The seed opens the ETRO/USDT pool at 0.5 USDT (docs/decisions/tokens-and-local-seed.md).
    expect(view.etroPriceUsdt).toBe(parseEther('0.5'));

    const [eulp, elp] = view.pools;
    expect(eulp).toMatchObject({
      pid: 0,
      symbol: 'EULP',
      lpToken: contracts.EULP,
      allocPoint: 60n,
      lpSupply: 0n,
      staked: 0n,
      pending: 0n,
    });
    expect(elp).toMatchObject({ pid: 1, symbol: 'ELP', lpToken: contracts.ELP, allocPoint: 40n, lpSupply: 0n });
    const aliceEulp = await client.readContract({
      address: contracts.EULP,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [alice],
    });
    expect(aliceEulp).toBeGreaterThan(0n);
    expect(eulp.lpBalance).toBe(aliceEulp);
    expect(eulp.allowance).toBe(0n);
    // Nothing staked: no APR ("—"), a TVL of 0.
    expect(eulp.aprBps).toBeNull();
    expect(elp.aprBps).toBeNull();
    expect(eulp.tvlUsdt).toBe(0n);
    // Stage 0 runs at 4 ETRO a block: pool 0 gets 60 %, pool 1 40 %.
    expect(eulp.etroPerBlock).toBe(parseEther('2.4'));
    expect(elp.etroPerBlock).toBe(parseEther('1.6'));

    const { progress } = view;
    expect(progress.started).toBe(true);
    expect(progress.currentStage).toBe(0);
    expect(progress.stages.map((s) => s.status)).toEqual(['current', 'upcoming', 'upcoming', 'upcoming']);
    for (const [i, stage] of progress.stages.entries()) {
      const onChain = await farmRead<{ startBlock: bigint; endBlock: bigint; etroPerBlock: bigint; emission: bigint }>(
        'stageInfo',
        [BigInt(i)],
      );
      expect(stage).toMatchObject(onChain);
    }
    expect(progress.stages.map((s) => s.etroPerBlock)).toEqual(['4', '3', '2', '1'].map((n) => parseEther(n)));
    expect(progress.totalEmission).toBe(parseEther('8640000'));
    expect(progress.emitted).toBe(await farmRead<bigint>('emitted'));
    // emitted() covers the blocks [start, current): 4 ETRO each in stage 0.
    const start = progress.stages[0]?.startBlock ?? 0n;
    expect(start).toBeGreaterThan(0n);
    expect(progress.emitted).toBe((view.blockNumber - start) * parseEther('4'));
  });

  it('follows a deposit: staked, farm balance, pending reward growing with blocks, TVL and APR', async () => {
    const amount = parseEther('100');
    await send(alice, contracts.EULP, erc20Abi, 'approve', [contracts.EternoFarm, amount]);
    await send(alice, contracts.EternoFarm, eternoFarmAbi, 'deposit', [0n, amount]);
    await rpc(anvil.rpcUrl, 'anvil_mine', ['0x5']);

    const view = await readFarm(client, { contracts, account: alice });
    const eulp = view.pools[0];
    expect(eulp.staked).toBe(amount);
    expect(eulp.lpSupply).toBe(amount);
    expect(eulp.farmLpBalance).toBe(amount);
    expect(eulp.allowance).toBe(0n);
    // alice is the pool's only staker: 5 blocks × 2.4 ETRO.
    expect(eulp.pending).toBe(parseEther('12'));
    expect(eulp.pending).toBe(await farmRead<bigint>('pendingEtro', [0n, alice]));

    // TVL and APR from the pair as the chain has it (USDT sorted by address as the factory does).
    const [r0, r1] = await client.readContract({
      address: contracts.EULP,
      abi: uniswapV2PairAbi,
      functionName: 'getReserves',
    });
    const token0 = await client.readContract({
      address: contracts.EULP,
      abi: uniswapV2PairAbi,
      functionName: 'token0',
    });
    const [usdt, etro] = token0 === contracts.USDT ? [r0, r1] : [r1, r0];
    const supply = await client.readContract({
      address: contracts.EULP,
      abi: uniswapV2PairAbi,
      functionName: 'totalSupply',
    });
    expect(eulp.tvlUsdt).toBe((2n * usdt * amount) / supply);
    expect(eulp.stakedUsdt).toBe(eulp.tvlUsdt);
    const yearlyUsdt = parseEther('2.4') * FARM_BLOCKS_PER_YEAR * usdt * supply * 10_000n;
    expect(eulp.aprBps).toBe(yearlyUsdt / (etro * 2n * usdt * amount));
    expect(eulp.aprBps).toBeGreaterThan(0n);
    // The other pool and another account see none of it.
    expect(view.pools[1].lpSupply).toBe(0n);
    const other = await readFarm(client, { contracts, account: bob });
    expect(other.pools[0]).toMatchObject({ staked: 0n, pending: 0n, lpSupply: amount });

    await rpc(anvil.rpcUrl, 'anvil_mine', ['0x2']);
    const later = await readFarm(client, { contracts, account: alice });
    expect(later.blockNumber).toBe(view.blockNumber + 2n);
    expect(later.pools[0].pending).toBe(parseEther('16.8'));
    expect(later.progress.emitted).toBe(view.progress.emitted + parseEther('8'));
  });

  it('throws when a pool does not stake the LP token the deployments name', async () => {
    const swapped = { ...contracts, EULP: contracts.ELP, ELP: contracts.EULP };
    const error = await readFarm(client, { contracts: swapped, account: alice }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(FarmPoolMismatchError);
    expect(error).toMatchObject({
      code: 'FARM_POOL_MISMATCH',
      pid: 0,
      expected: contracts.ELP,
      actual: contracts.EULP,
    });
  });

  it('throws when a pair does not hold USDT and the token the deployments name', async () => {
    const error = await readFarm(client, { contracts: { ...contracts, ETRO: contracts.EUSD }, account: alice }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(PairMismatchError);
    expect(error).toMatchObject({ code: 'PAIR_MISMATCH', pair: contracts.EULP });
  });

  it('throws a MulticallCallError, never zeros, when the farm address has no contract', async () => {
    const ghost = '0x000000000000000000000000000000000000dEaD' as Address;
    await expect(
      readFarm(client, { contracts: { ...contracts, EternoFarm: ghost }, account: alice }),
    ).rejects.toMatchObject({
      name: 'MulticallCallError',
      label: 'EternoFarm.totalAllocPoint',
      failure: 'NO_DATA',
    });
    await expect(
      readFarm(client, { contracts: { ...contracts, EternoFarm: ghost }, account: alice }),
    ).rejects.toBeInstanceOf(MulticallCallError);
  });
});
