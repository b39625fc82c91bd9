import { DEFAULT_SLIPPAGE_BPS } from '@eterno/protocol/swap/slippage';
import { BPS } from '@eterno/protocol/swap/quoteMath';
import { useStoredBigint } from './useStoredBigint.ts';

/** Where the tolerance is kept in the browser (basis points, decimal string). */
export const SLIPPAGE_STORAGE_KEY = 'eterno.swap.slippageBps';

const acceptSlippage = (bps: bigint) => bps < BPS;

/** The user's slippage tolerance in basis points, kept across visits. */
export function useSlippage(): [bigint, (bps: bigint) => void] {
  return useStoredBigint(SLIPPAGE_STORAGE_KEY, DEFAULT_SLIPPAGE_BPS, acceptSlippage);
}
