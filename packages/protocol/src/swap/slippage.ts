import { EternoError } from '../errors.ts';
import { AmountError, parseAmount } from '../amount.ts';
import { BPS } from './quoteMath.ts';

/**
 * The swap's slippage policy (docs/decisions/swap-and-vesting.md): the user's slippage tolerance
 * is warned about from 5 %, needs an explicit confirmation from 10 % and is refused from 15 %;
 * independently, a trade whose price impact is 15 % or more is refused.
 */

/** Thresholds in basis points. */
export const SLIPPAGE_WARN_BPS = 500n;
export const SLIPPAGE_CONFIRM_BPS = 1_000n;
export const SLIPPAGE_REFUSE_BPS = 1_500n;
export const PRICE_IMPACT_REFUSE_BPS = 1_500n;

/** The panel's presets (0.5 %, 1 %, 3 %) and its default (0.5 %). */
export const SLIPPAGE_PRESETS_BPS = [50n, 100n, 300n] as const;
export const DEFAULT_SLIPPAGE_BPS = 50n;

/** `ok`: go; `warn`: go, with a warning shown; `confirm`: go only after an explicit confirmation; `refuse`: no trade. */
export type PolicyLevel = 'ok' | 'warn' | 'confirm' | 'refuse';

const ORDER: Record<PolicyLevel, number> = { ok: 0, warn: 1, confirm: 2, refuse: 3 };

/** The level of a slippage tolerance (basis points). */
export function slippageLevel(slippageBps: bigint): PolicyLevel {
  if (slippageBps < 0n) throw new RangeError(`slippage must not be negative, got ${slippageBps}`);
  if (slippageBps >= SLIPPAGE_REFUSE_BPS) return 'refuse';
  if (slippageBps >= SLIPPAGE_CONFIRM_BPS) return 'confirm';
  if (slippageBps >= SLIPPAGE_WARN_BPS) return 'warn';
  return 'ok';
}

export type TradePolicy = {
  level: PolicyLevel;
  /** What set the level: the slippage tolerance or the price impact (null when `ok`). */
  reason: 'slippage' | 'priceImpact' | null;
};

/**
 * The policy of one trade: the stricter of the slippage tolerance's level and the price impact's
 * (refused from 15 %, otherwise no constraint). A refusal for the price impact wins a tie.
 */
export function tradePolicy(args: { slippageBps: bigint; priceImpactBps: bigint | null }): TradePolicy {
  const slippage = slippageLevel(args.slippageBps);
  const impactRefused = args.priceImpactBps !== null && args.priceImpactBps >= PRICE_IMPACT_REFUSE_BPS;
  if (impactRefused) return { level: 'refuse', reason: 'priceImpact' };
  if (ORDER[slippage] > ORDER.ok) return { level: slippage, reason: 'slippage' };
  return { level: 'ok', reason: null };
}

export type SlippageErrorCode = 'SLIPPAGE_INVALID' | 'SLIPPAGE_TOO_HIGH';

/** A custom slippage the panel cannot use: not a percentage with at most 2 decimals, or 100 % and more. */
export class SlippageError extends EternoError<SlippageErrorCode> {
  constructor(code: SlippageErrorCode) {
    super(
      code,
      code === 'SLIPPAGE_INVALID' ? 'Enter a percentage with at most 2 decimals' : 'The slippage must be below 100 %',
    );
  }
}

/**
 * Parses a slippage typed as a percentage ("0.5", "3", "12.25") into basis points, bigint only
 * (the percentage is a decimal with 2 fraction digits: 1 % = 100 bps). Throws `SlippageError`.
 */
export function parseSlippagePercent(text: string): bigint {
  let bps: bigint;
  try {
    bps = parseAmount(text, 2);
  } catch (error) {
    if (error instanceof AmountError) throw new SlippageError('SLIPPAGE_INVALID');
    throw error;
  }
  if (bps >= BPS) throw new SlippageError('SLIPPAGE_TOO_HIGH');
  return bps;
}
