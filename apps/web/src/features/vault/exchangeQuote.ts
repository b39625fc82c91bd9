import type { Address } from 'viem';
import type { ExchangeQuote, VaultConfig } from '../../api/vault.ts';

export type ExchangePair = {
  readonly tokenIn: Address;
  readonly tokenOut: Address;
  readonly symbolIn: string;
  readonly symbolOut: string;
  readonly pricing: 'fixed' | 'twap';
  readonly feeBps: number;
  readonly perDayCap: bigint;
};

/** The exchange pairs the server offers, with the symbols of the vault's token list (a pair with an unknown token is left out). */
export function exchangePairs(config: VaultConfig): ExchangePair[] {
  const symbol = (token: Address) => config.tokens.find((t) => t.token.toLowerCase() === token.toLowerCase())?.symbol;
  return config.exchange.flatMap((pair) => {
    const symbolIn = symbol(pair.tokenIn);
    const symbolOut = symbol(pair.tokenOut);
    return symbolIn && symbolOut ? [{ ...pair, symbolIn, symbolOut }] : [];
  });
}

/** A pair's key in a choice list ("USDT-EUSD"). */
export function pairKey(pair: Pick<ExchangePair, 'symbolIn' | 'symbolOut'>): string {
  return `${pair.symbolIn}-${pair.symbolOut}`;
}

/**
 * Whole seconds until the quote's deadline (0 once it has passed), on the CHAIN's clock (the vault
 * judges the deadline by the block time, which need not be the wall clock): the deadline less the
 * latest block's time when the quote was asked, at most the server's quote lifetime (a chain that
 * mines only on demand has an old latest block), less the wall-clock seconds since.
 */
export function secondsLeft(
  quote: Pick<ExchangeQuote, 'deadline'>,
  clock: {
    readonly chainTime: bigint;
    readonly lifetime: number;
    readonly receivedAtMs: number;
    readonly nowMs: number;
  },
): number {
  const elapsed = BigInt(Math.max(0, Math.floor((clock.nowMs - clock.receivedAtMs) / 1000)));
  const byChain = quote.deadline - clock.chainTime;
  const lifetime = BigInt(clock.lifetime);
  const left = (byChain < lifetime ? byChain : lifetime) - elapsed;
  return left > 0n ? Number(left) : 0;
}

/** "1:45": the countdown shown beside a quote. */
export function countdownText(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** The fee in percent for display ("3"), from basis points, without floats. */
export function feePercentText(feeBps: number): string {
  const whole = Math.floor(feeBps / 100);
  const rest = feeBps % 100;
  if (rest === 0) return String(whole);
  return `${whole}.${String(rest).padStart(2, '0').replace(/0$/, '')}`;
}

/** Whether a quote still matches what the form asks (same pair and amount): otherwise it is stale and not shown. */
export function quoteMatches(
  quote: Pick<ExchangeQuote, 'tokenIn' | 'tokenOut' | 'amountIn'>,
  ask: { readonly tokenIn: Address; readonly tokenOut: Address; readonly amountIn: bigint },
): boolean {
  return (
    quote.tokenIn.toLowerCase() === ask.tokenIn.toLowerCase() &&
    quote.tokenOut.toLowerCase() === ask.tokenOut.toLowerCase() &&
    quote.amountIn === ask.amountIn
  );
}
