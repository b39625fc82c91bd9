import { parseEther } from 'viem';
import type { LiquidityRead } from '@eterno/protocol/liquidity/readLiquidity';

/** Figures shaped like a read of the seeded EULP pool for alice (1,002,000 ETRO / 501,000 USDT). */
export function liquidityRead(overrides: Partial<LiquidityRead> = {}): LiquidityRead {
  const state = { reserveA: parseEther('1002000'), reserveB: parseEther('501000'), totalSupply: parseEther('708520') };
  return {
    pair: 'EULP',
    blockNumber: 120n,
    blockTimestamp: 1_790_000_000n,
    state,
    holdings: { balanceA: state.reserveA, balanceB: state.reserveB, totalSupply: state.totalSupply },
    balances: { A: parseEther('20000'), B: parseEther('50000'), LP: parseEther('1414.2') },
    allowances: { A: 0n, B: 0n, LP: 0n },
    ...overrides,
  };
}

/** An empty pair: no reserves, no LP. */
export const EMPTY_POOL: Partial<LiquidityRead> = {
  state: { reserveA: 0n, reserveB: 0n, totalSupply: 0n },
  holdings: { balanceA: 0n, balanceB: 0n, totalSupply: 0n },
};
