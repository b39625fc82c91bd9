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

/**
 * Under this much staked (USDT value of the pool's LP), the APR is not shown: a fresh pool with a
 * few dollars in it would read 1,784,279 %, a rate no one can earn on a real deposit (the first
 * sizeable stake divides it). 1,000 USDT, in base units of 18 decimals.
 */
export const APR_MIN_TVL_USDT = 1_000n * 10n ** 18n;
/** APRs above 10,000 % (in basis points) show as "> 10,000 %": more digits would only mislead. */
export const APR_CAP_BPS = 1_000_000n;

/** What the app shows for a pool's APR, and why when it is not a plain figure. */
export type AprFigure =
  | { readonly kind: 'value'; readonly bps: bigint }
  | { readonly kind: 'capped'; readonly capBps: bigint }
  | { readonly kind: 'thin'; readonly minTvlUsdt: bigint }
  | { readonly kind: 'none'; readonly reason: 'nothingStaked' | 'noPrice' };

/**
 * The APR as a user should read it (docs/decisions/farm.md): "—" with the reason when nothing is
 * staked, there is no price, or under `APR_MIN_TVL_USDT` is staked; "> 10,000 %" above the cap;
 * else the figure.
 */
export function aprFigure(aprBps: bigint | null, tvlUsdt: bigint | null, stakedLp: bigint): AprFigure {
  if (stakedLp === 0n) return { kind: 'none', reason: 'nothingStaked' };
  if (aprBps === null || tvlUsdt === null) return { kind: 'none', reason: 'noPrice' };
  if (tvlUsdt < APR_MIN_TVL_USDT) return { kind: 'thin', minTvlUsdt: APR_MIN_TVL_USDT };
  if (aprBps > APR_CAP_BPS) return { kind: 'capped', capBps: APR_CAP_BPS };
  return { kind: 'value', bps: aprBps };
}
