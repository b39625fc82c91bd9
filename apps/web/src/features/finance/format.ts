import { feePercentText } from '../vault/exchangeQuote.ts';
import { amountText } from '../vault/format.ts';

/** A USDT amount as shown in finance ("1,200 USDT"). */
export function usdtText(value: bigint): string {
  return `${amountText(value, 'USDT')} USDT`;
}

/** A multiple from basis points ("2.0×" for 20,000; "2.25×" for 22,500), without floats. */
export function multipleText(bps: number): string {
  const whole = Math.floor(bps / 10_000);
  const rest = String(bps % 10_000)
    .padStart(4, '0')
    .replace(/0+$/, '');
  return `${whole}.${rest === '' ? '0' : rest}×`;
}

/** A rate or ratio from basis points in percent ("60 %" for 6,000; "0.5 %" for 50), the sign never wrapped apart. */
export function percentText(bps: number): string {
  return `${feePercentText(bps)}\u00a0%`;
}

/** An allocation ratio: ETERNO-01 share / ETERNO-02 share ("60 % / 40 %"). */
export function allocationText(allocation01Bps: number): string {
  return `${percentText(allocation01Bps)} / ${percentText(10_000 - allocation01Bps)}`;
}

/** Seconds as h:mm:ss (the time to the next settlement, an unpaid order's time left); 0 below zero. */
export function clockText(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  return `${h}:${String(m).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}

/** Progress gained / limit in whole basis points (0–10,000) for a bar, rounded down; 0 for a zero limit. */
export function progressBps(gained: bigint, limit: bigint): number {
  if (limit <= 0n) return 0;
  const bps = (gained * 10_000n) / limit;
  return Number(bps > 10_000n ? 10_000n : bps < 0n ? 0n : bps);
}
