import { useCallback, useState } from 'react';
import { DEFAULT_SLIPPAGE_BPS } from '@eterno/protocol/swap/slippage';

/** Where the tolerance is kept in the browser (basis points, decimal string). */
export const SLIPPAGE_STORAGE_KEY = 'eterno.swap.slippageBps';

function stored(): bigint {
  try {
    const text = globalThis.localStorage?.getItem(SLIPPAGE_STORAGE_KEY);
    if (text && /^\d{1,4}$/.test(text) && BigInt(text) < 10_000n) return BigInt(text);
  } catch {
    // storage unavailable (privacy mode): the default applies
  }
  return DEFAULT_SLIPPAGE_BPS;
}

/** The user's slippage tolerance in basis points, kept across visits. */
export function useSlippage(): [bigint, (bps: bigint) => void] {
  const [bps, setBps] = useState<bigint>(stored);
  const set = useCallback((next: bigint) => {
    setBps(next);
    try {
      globalThis.localStorage?.setItem(SLIPPAGE_STORAGE_KEY, next.toString());
    } catch {
      // storage unavailable: the choice holds for this page
    }
  }, []);
  return [bps, set];
}
