import type { TxStep } from '../tx/steps.ts';
import { planPurchase, type PurchasePlanArgs } from './planPurchase.ts';

/**
 * Opening a fixed-term deposit with the server's authorisation (custom = regular product id,
 * custom1 = 0): `[approve USDT?, diveInWithToken]`, gas 1,000,000. Throws `PurchaseExpiredError`,
 * `InsufficientBalanceError`, or `RangeError` when the authorisation is not a USDT regular purchase.
 */
export function planRegularBuy(args: PurchasePlanArgs): TxStep[] {
  return planPurchase('regular', 'finance.regular', args);
}
