import type { DeployedContracts } from '../deployments.ts';

/**
 * The pairs the app adds liquidity to (docs/decisions/liquidity.md): EULP is ETRO/USDT (staking and
 * farm pool 0), ELP is EUSD/USDT (farm pool 1). The form names the non-USDT token A and USDT B.
 */
export const LIQUIDITY_PAIRS = {
  EULP: { lp: 'EULP', tokenA: 'ETRO', tokenB: 'USDT' },
  ELP: { lp: 'ELP', tokenA: 'EUSD', tokenB: 'USDT' },
} as const;

export type LiquidityPair = keyof typeof LIQUIDITY_PAIRS;
export type LiquidityToken = (typeof LIQUIDITY_PAIRS)[LiquidityPair]['tokenA'] | 'USDT';

export function isLiquidityPair(value: unknown): value is LiquidityPair {
  return value === 'EULP' || value === 'ELP';
}

/** The deployed contracts the liquidity screen uses (a deployments file's `contracts` fits). */
export type LiquidityContracts = Pick<
  DeployedContracts,
  'Multicall3' | 'UniswapV2Router02' | 'USDT' | 'ETRO' | 'EUSD' | 'EULP' | 'ELP'
>;
