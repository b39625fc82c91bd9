import { formatAmount, formatTokenAmount } from '@eterno/protocol/amount';

/** An ETRO amount with its display digits, grouped ("10,000"). */
export const etroText = (value: bigint): string => formatTokenAmount(value, 'ETRO', { grouping: true });

/** A USDT amount with its display digits, grouped. */
export const usdtText = (value: bigint): string => formatTokenAmount(value, 'USDT', { grouping: true });

/** Basis points as a percent number without floats: 1500 → "15", 1250 → "12.5", 25 → "0.25". */
export const bpsPercent = (bps: bigint | number): string => formatAmount(BigInt(bps), 2, { digits: 2 });
