/**
 * The EUSD market's arithmetic, exactly as `EusdMarket` computes it (docs/decisions/market.md), so a
 * screen shows what a fill will move before anything is sent. Both tokens have 18 decimals.
 */
import { isMultipleOf } from '../amount.ts';

/** One whole EUSD in base units. */
export const MARKET_ONE = 10n ** 18n;
/** The trading lot in whole EUSD: quantities are multiples of 10 ('Trading multiples of 10'). */
export const MARKET_LOT_TOKENS = 10n;
/** The trading lot in base units. */
export const MARKET_LOT = MARKET_LOT_TOKENS * MARKET_ONE;
/** Basis points in one. */
export const BPS = 10_000n;

/** Whether `quantity` (EUSD base units) is a positive multiple of the lot. */
export function isLotMultiple(quantity: bigint): boolean {
  return quantity > 0n && isMultipleOf(quantity, MARKET_LOT_TOKENS);
}

/** What the buyer pays for `quantity` at `unitPrice` (USDT base units per whole EUSD); exact for a lot multiple. */
export function marketCost(quantity: bigint, unitPrice: bigint): bigint {
  return (quantity / MARKET_ONE) * unitPrice;
}

/** What a fill moves: the cost, the seller fee kept out of it, the seller's proceeds and the buyer's reward. */
export type FillQuote = { cost: bigint; fee: bigint; proceeds: bigint; reward: bigint };

/**
 * The fill of `quantity` of an order at `unitPrice` with the order's `feeBps`, at the market's current
 * `rewardBps` and reward `reserve`: the reward is `rewardBps` of the quantity, never more than the fee
 * nor than the reserve.
 */
export function quoteFill(args: {
  quantity: bigint;
  unitPrice: bigint;
  feeBps: bigint;
  rewardBps: bigint;
  reserve: bigint;
}): FillQuote {
  const cost = marketCost(args.quantity, args.unitPrice);
  const fee = (cost * args.feeBps) / BPS;
  let reward = (args.quantity * args.rewardBps) / BPS;
  if (reward > fee) reward = fee;
  if (reward > args.reserve) reward = args.reserve;
  return { cost, fee, proceeds: cost - fee, reward };
}
