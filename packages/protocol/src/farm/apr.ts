import type { UsdtPairReserves } from '../pair.ts';

/**
 * The farm's money figures with bigint math only: the USDT value of LP tokens and each pool's APR
 * (the ETRO price is `pairPrice` of the ETRO/USDT pair, pair.ts). See docs/decisions/farm.md.
 */

/** Seconds per block of chain 201022; the farm's stage lengths assume it (864,000 blocks = 30 days). */
export const FARM_SECONDS_PER_BLOCK = 3n;
/** A year of 365 days. */
export const SECONDS_PER_YEAR = 365n * 24n * 60n * 60n;
/** Blocks in a year at `FARM_SECONDS_PER_BLOCK`: 10,512,000. */
export const FARM_BLOCKS_PER_YEAR = SECONDS_PER_YEAR / FARM_SECONDS_PER_BLOCK;

/** An APR in basis points: 10,000 = 100 %. */
const BPS = 10_000n;

/** A Uniswap V2 pair with USDT on one side (reserves ordered by `orderReserves`) and its LP supply. */
export type LpPair = {
  readonly reserves: UsdtPairReserves;
  readonly totalSupply: bigint;
};

function hasLiquidity(pair: LpPair): boolean {
  return pair.reserves.usdt > 0n && pair.reserves.other > 0n && pair.totalSupply > 0n;
}

/**
 * The USDT value of `lpAmount` LP tokens of `pair`: the share of both reserves, each side worth
 * the USDT side at the pair's own price, so twice the USDT share. Null without liquidity.
 */
export function lpValueUsdt(lpAmount: bigint, pair: LpPair): bigint | null {
  if (!hasLiquidity(pair)) return null;
  return (2n * pair.reserves.usdt * lpAmount) / pair.totalSupply;
}

/** A pool's share of a per-block emission: `etroPerBlock × allocPoint ÷ totalAllocPoint` (truncated). */
export function poolEtroPerBlock(etroPerBlock: bigint, allocPoint: bigint, totalAllocPoint: bigint): bigint {
  if (totalAllocPoint === 0n) return 0n;
  return (etroPerBlock * allocPoint) / totalAllocPoint;
}

export type AprInput = {
  /** The farm's emission per block now (the current stage's rate, 0 once the emission ended). */
  readonly etroPerBlock: bigint;
  readonly allocPoint: bigint;
  readonly totalAllocPoint: bigint;
  /** The LP staked in the pool (`poolInfo.lpSupply`). */
  readonly stakedLp: bigint;
  /** The pool's pair (its LP token is what is staked). */
  readonly pair: LpPair;
  /** The ETRO/USDT reserves, for the ETRO price. */
  readonly etroUsdt: UsdtPairReserves;
  readonly blocksPerYear?: bigint;
};

/**
 * A pool's APR in basis points (10,000 = 100 %), truncated:
 * yearly ETRO of the pool (its per-block share × blocks per year) × ETRO price ÷ USDT value of the
 * LP staked. Computed as one fraction so nothing is rounded before the last division.
 * Null ("—") when nothing is staked or a pair has no liquidity to price with.
 */
export function poolAprBps(input: AprInput): bigint | null {
  const { pair, etroUsdt } = input;
  if (input.stakedLp === 0n || input.totalAllocPoint === 0n) return null;
  if (!hasLiquidity(pair) || etroUsdt.usdt === 0n || etroUsdt.other === 0n) return null;
  const blocksPerYear = input.blocksPerYear ?? FARM_BLOCKS_PER_YEAR;
  // yearlyEtro = etroPerBlock · alloc / total · blocksPerYear
  // price      = etroUsdt.usdt / etroUsdt.other                    (USDT per ETRO)
  // tvl        = 2 · pair.reserves.usdt · staked / pair.totalSupply (USDT)
  const numerator = input.etroPerBlock * input.allocPoint * blocksPerYear * etroUsdt.usdt * pair.totalSupply * BPS;
  const denominator = input.totalAllocPoint * etroUsdt.other * 2n * pair.reserves.usdt * input.stakedLp;
  return numerator / denominator;
}
