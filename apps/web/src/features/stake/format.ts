import { formatAmount, formatTokenAmount } from '@eterno/protocol/amount';
import type { StakePool } from '@eterno/protocol/stake/pools';
import { SECONDS_PER_DAY } from '@eterno/protocol/stake/records';

/** An amount of the pool's token or of ETRO (the reward), with the token's display digits, grouped. */
export function tokenText(value: bigint, symbol: StakePool): string {
  return formatTokenAmount(value, symbol, { grouping: true });
}

/** A rate in basis points as a percentage number: 250 → "2.5", 2400 → "24". */
export function rateText(bps: number): string {
  return formatAmount(BigInt(bps), 2, { digits: 2 });
}

/** A duration in seconds as days, up to 2 decimals: 2 592 000 → "30". */
export function daysText(seconds: bigint): string {
  return formatAmount((seconds * 100n) / SECONDS_PER_DAY, 2, { digits: 2 });
}
