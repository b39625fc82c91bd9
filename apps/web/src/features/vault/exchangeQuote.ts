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

/** Whole seconds until the quote's deadline at `nowMs` (0 once it has passed). */
export function secondsLeft(quote: Pick<ExchangeQuote, 'deadline'>, nowMs: number): number {
  const left = Number(quote.deadline) - Math.floor(nowMs / 1000);
  return left > 0 ? left : 0;
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
