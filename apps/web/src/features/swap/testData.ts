import { parseEther } from 'viem';
import { NO_LOCK } from '@eterno/protocol/lock/lockProgress';
import { priceImpactBps } from '@eterno/protocol/swap/quoteMath';
import type { SwapDirection, SwapQuote } from '@eterno/protocol/swap/readSwap';
import type { SwapView } from './useSwapRead.ts';

/** Uniswap V2's output for an exact input (0.3 % pool fee), as EtroSwap computes it. */
function amountOut(amountIn: bigint, reserveIn: bigint, reserveOut: bigint): bigint {
  return (amountIn * 997n * reserveOut) / (reserveIn * 1000n + amountIn * 997n);
}

const RESERVES = { usdt: parseEther('501000'), etro: parseEther('1002000') };

/** A quote as the contract would give it on the seeded pool. */
export function quoteFor(direction: SwapDirection, amountIn: bigint): SwapQuote {
  const fee = direction === 'buy' ? (amountIn * 600n) / 10_000n : 0n;
  const [reserveIn, reserveOut] = direction === 'buy' ? [RESERVES.usdt, RESERVES.etro] : [RESERVES.etro, RESERVES.usdt];
  const out = amountOut(amountIn - fee, reserveIn, reserveOut);
  return {
    direction,
    amountIn,
    fee,
    amountOut: out,
    priceImpactBps: priceImpactBps({ amountIn: amountIn - fee, amountOut: out, reserveIn, reserveOut }),
  };
}

/** Figures shaped like a read of the seeded chain for alice (tests of the components' states). */
export function swapView(
  overrides: Partial<SwapView> & { direction?: SwapDirection; amountIn?: bigint | null } = {},
): SwapView {
  const direction = overrides.direction ?? 'buy';
  const amountIn = overrides.amountIn ?? null;
  return {
    blockNumber: 42n,
    blockTimestamp: 1_700_000_000n,
    reserves: RESERVES,
    price: parseEther('0.5'),
    balances: { USDT: parseEther('50000'), ETRO: parseEther('20000') },
    allowance: 0n,
    feeBps: 600n,
    vestingDuration: 86_400n,
    quote: amountIn === null ? null : quoteFor(direction, amountIn),
    lock: NO_LOCK,
    ...overrides,
    direction,
    amountIn,
  };
}
