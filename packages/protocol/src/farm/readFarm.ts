import { erc20Abi, isAddressEqual, type Address } from 'viem';
import type { DeployedContracts } from '../deployments.ts';
import { EternoError } from '../errors.ts';
import { eternoFarmAbi, uniswapV2PairAbi } from '../generated/abis.ts';
import { orderReserves, pairPrice } from '../pair.ts';
import { aggregateStrict, blockNumberRead, viewRead, type CallClient, type ReadResults } from '../multicall.ts';
import { aprFigure, lpValueUsdt, poolAprBps, poolEtroPerBlock, type AprFigure, type LpPair } from './apr.ts';
import { miningProgress, type MiningProgress } from './progress.ts';
import type { FarmPoolPosition } from './writes.ts';

export { MulticallCallError, MulticallUnavailableError, type CallClient } from '../multicall.ts';
export { PairMismatchError } from '../pair.ts';

/** The farm's pools (docs/decisions/farm.md): pool 0 stakes EULP (ETRO/USDT), pool 1 ELP (EUSD/USDT). */
export const FARM_POOLS = [
  { pid: 0, symbol: 'EULP', pairedWith: 'ETRO' },
  { pid: 1, symbol: 'ELP', pairedWith: 'EUSD' },
] as const;

export type FarmLpSymbol = (typeof FARM_POOLS)[number]['symbol'];

/** The deployed contracts `readFarm` reads (a deployments file's `contracts` fits). */
export type FarmContracts = Pick<
  DeployedContracts,
  'Multicall3' | 'EternoFarm' | 'USDT' | 'ETRO' | 'EUSD' | 'EULP' | 'ELP'
>;

/** One pool as the DeFi screen shows it. Amounts in base units (18 decimals). */
export type FarmPoolView = FarmPoolPosition & {
  readonly symbol: FarmLpSymbol;
  readonly pairedWith: 'ETRO' | 'EUSD';
  /** `poolInfo(pid)`. */
  readonly allocPoint: bigint;
  readonly lastRewardBlock: bigint;
  readonly accEtroPerShare: bigint;
  /** The LP users have staked (`poolInfo.lpSupply`): what the rewards are shared over. */
  readonly lpSupply: bigint;
  /** The LP token balance the farm holds (equals lpSupply unless someone sent LP to it directly). */
  readonly farmLpBalance: bigint;
  /** The pool's share of the current emission, ETRO per block. */
  readonly etroPerBlock: bigint;
  /** The pair behind the LP token: its reserves (USDT, other) and LP supply. */
  readonly pair: LpPair;
  /** USDT value of the LP staked in the pool; null when the pair has no liquidity. */
  readonly tvlUsdt: bigint | null;
  /** USDT value of the user's staked LP; null when the pair has no liquidity. */
  readonly stakedUsdt: bigint | null;
  /** APR in basis points (10,000 = 100 %); null ("—") when nothing is staked or nothing prices it. */
  readonly aprBps: bigint | null;
  /** The APR as shown: the figure, capped, or "—" with its reason (`aprFigure`). */
  readonly apr: AprFigure;
  /** `userInfo(pid, account).rewardDebt`, scaled by 1e12 (unrounded: docs/decisions/farm.md). */
  readonly rewardDebt: bigint;
};

export type FarmView = {
  /** The block every figure was read at. */
  readonly blockNumber: bigint;
  readonly farm: Address;
  readonly totalAllocPoint: bigint;
  /** USDT base units per 1 ETRO from the EULP reserves; null without liquidity. */
  readonly etroPriceUsdt: bigint | null;
  readonly pools: readonly [FarmPoolView, FarmPoolView];
  readonly progress: MiningProgress;
};

/** The farm's pool `pid` does not stake the LP token the deployments name for it. */
export class FarmPoolMismatchError extends EternoError<'FARM_POOL_MISMATCH'> {
  readonly pid: number;
  readonly expected: Address;
  readonly actual: Address;
  constructor(pid: number, expected: Address, actual: Address) {
    super('FARM_POOL_MISMATCH', `Farm pool ${pid} stakes ${actual}, the deployments say ${expected}`);
    this.pid = pid;
    this.expected = expected;
    this.actual = actual;
  }
}

/** The named reads of one pool. */
function poolReads(contracts: FarmContracts, pool: (typeof FARM_POOLS)[number], account: Address) {
  const farm = contracts.EternoFarm;
  const token = contracts[pool.symbol];
  const pid = BigInt(pool.pid);
  const at = (what: string) => `${what}(${pool.pid})`;
  return {
    poolInfo: viewRead(at('EternoFarm.poolInfo'), farm, eternoFarmAbi, 'poolInfo', [pid]),
    userInfo: viewRead(at('EternoFarm.userInfo'), farm, eternoFarmAbi, 'userInfo', [pid, account]),
    pending: viewRead(at('EternoFarm.pendingEtro'), farm, eternoFarmAbi, 'pendingEtro', [pid, account]),
    farmLpBalance: viewRead(`${pool.symbol}.balanceOf(farm)`, token, erc20Abi, 'balanceOf', [farm]),
    lpBalance: viewRead(`${pool.symbol}.balanceOf(account)`, token, erc20Abi, 'balanceOf', [account]),
    allowance: viewRead(`${pool.symbol}.allowance(account, farm)`, token, erc20Abi, 'allowance', [account, farm]),
    reserves: viewRead(`${pool.symbol}.getReserves`, token, uniswapV2PairAbi, 'getReserves', []),
    totalSupply: viewRead(`${pool.symbol}.totalSupply`, token, uniswapV2PairAbi, 'totalSupply', []),
    token0: viewRead(`${pool.symbol}.token0`, token, uniswapV2PairAbi, 'token0', []),
    token1: viewRead(`${pool.symbol}.token1`, token, uniswapV2PairAbi, 'token1', []),
  } as const;
}

type PoolResults = ReadResults<ReturnType<typeof poolReads>>;

function stageRead(farm: Address, index: number) {
  return viewRead(`EternoFarm.stageInfo(${index})`, farm, eternoFarmAbi, 'stageInfo', [BigInt(index)]);
}

/**
 * Everything the Ecology › DeFi screen shows, in ONE `eth_call` to Multicall3 (so every figure is
 * of the same block): both pools' `poolInfo`, `totalAllocPoint`, each pool's LP held by the farm,
 * the account's `userInfo`, `pendingEtro`, LP balances and allowances to the farm, the 4
 * `stageInfo`, `currentStage`, `emitted`, `totalEmission`, the block number, and the reserves and
 * total supply and tokens of the EULP and ELP pairs. Derives the ETRO price (`pairPrice`), each
 * pool's TVL and APR (`apr.ts`) and the mining progress (`progress.ts`). Throws `MulticallCallError`
 * if a sub-call fails, `FarmPoolMismatchError` if a pool does not stake the LP token the deployments
 * name and `PairMismatchError` if a pair does not hold USDT and the expected token.
 */
export async function readFarm(
  client: CallClient,
  args: { contracts: FarmContracts; account: Address },
): Promise<FarmView> {
  const { contracts: c, account } = args;
  const farm = c.EternoFarm;
  const [eulp, elp] = FARM_POOLS;
  const { totalAllocPoint, currentStage, emitted, totalEmission, blockNumber, stages, pools } = await aggregateStrict(
    client,
    c.Multicall3,
    {
      totalAllocPoint: viewRead('EternoFarm.totalAllocPoint', farm, eternoFarmAbi, 'totalAllocPoint', []),
      currentStage: viewRead('EternoFarm.currentStage', farm, eternoFarmAbi, 'currentStage', []),
      emitted: viewRead('EternoFarm.emitted', farm, eternoFarmAbi, 'emitted', []),
      totalEmission: viewRead('EternoFarm.totalEmission', farm, eternoFarmAbi, 'totalEmission', []),
      blockNumber: blockNumberRead(c.Multicall3),
      stages: { s0: stageRead(farm, 0), s1: stageRead(farm, 1), s2: stageRead(farm, 2), s3: stageRead(farm, 3) },
      pools: { EULP: poolReads(c, eulp, account), ELP: poolReads(c, elp, account) },
    },
  );
  const progress = miningProgress({
    stages: [stages.s0, stages.s1, stages.s2, stages.s3],
    currentStage,
    blockNumber,
    emitted,
    totalEmission,
  });

  for (const pool of FARM_POOLS) {
    const [lpToken] = pools[pool.symbol].poolInfo;
    if (!isAddressEqual(lpToken, c[pool.symbol])) throw new FarmPoolMismatchError(pool.pid, c[pool.symbol], lpToken);
  }
  const pairOf = (pool: (typeof FARM_POOLS)[number], r: PoolResults): LpPair => ({
    reserves: orderReserves(
      pool.symbol,
      c[pool.symbol],
      r.reserves,
      { token0: r.token0, token1: r.token1 },
      { usdt: c.USDT, other: c[pool.pairedWith] },
    ),
    totalSupply: r.totalSupply,
  });
  const etroUsdt = pairOf(eulp, pools.EULP).reserves;
  const price = pairPrice(etroUsdt);

  const decodePool = (pool: (typeof FARM_POOLS)[number], r: PoolResults): FarmPoolView => {
    const [lpToken, allocPoint, lastRewardBlock, accEtroPerShare, lpSupply] = r.poolInfo;
    const [staked, rewardDebt] = r.userInfo;
    const pair = pairOf(pool, r);
    const tvlUsdt = lpValueUsdt(lpSupply, pair);
    const aprBps = poolAprBps({
      etroPerBlock: progress.etroPerBlock,
      allocPoint,
      totalAllocPoint,
      stakedLp: lpSupply,
      pair,
      etroUsdt,
    });
    return {
      pid: pool.pid,
      symbol: pool.symbol,
      pairedWith: pool.pairedWith,
      lpToken,
      allocPoint,
      lastRewardBlock,
      accEtroPerShare,
      lpSupply,
      farmLpBalance: r.farmLpBalance,
      lpBalance: r.lpBalance,
      allowance: r.allowance,
      staked,
      rewardDebt,
      pending: r.pending,
      etroPerBlock: poolEtroPerBlock(progress.etroPerBlock, allocPoint, totalAllocPoint),
      pair,
      tvlUsdt,
      stakedUsdt: lpValueUsdt(staked, pair),
      aprBps,
      apr: aprFigure(aprBps, tvlUsdt, lpSupply),
    };
  };

  return {
    blockNumber,
    farm,
    totalAllocPoint,
    etroPriceUsdt: price.kind === 'value' ? price.value : null,
    pools: [decodePool(eulp, pools.EULP), decodePool(elp, pools.ELP)],
    progress,
  };
}
