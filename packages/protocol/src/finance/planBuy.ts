import type { TxStep } from '../tx/steps.ts';
import { planPurchase, type PurchasePlanArgs } from './planPurchase.ts';

/**
 * Buying a package with the server's authorisation (custom = package id, custom1 = registration
 * type code): `[approve USDT?, diveInWithToken]`, gas 1,000,000. Throws `PurchaseExpiredError`,
 * `InsufficientBalanceError`, or `RangeError` when the authorisation is not a USDT package purchase.
 */
export function planBuy(args: PurchasePlanArgs): TxStep[] {
  return planPurchase('package', 'finance.buy', args);
}
