/**
 * Input checks of the finance routes (beside the vault's: ./vaultInput.ts): the package or product
 * id of a purchase body, the order list's `status` and `before`. Each bad input is a 400 before
 * anything is read or written.
 */
import { ApiError } from '../../http/errors.ts';
import type { OrderFilter } from '../../finance/financeView.ts';

/** A product id field: a JSON integer ≥ 1, else BAD_REQUEST (an id the catalogue lacks is the caller's not-found). */
export function parseProductId(value: unknown): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1) throw new ApiError('BAD_REQUEST');
  return value;
}

/** `status` of `GET /finance/orders`: `active`, `past`, or absent (every order). */
export function parseOrderFilter(value: string | undefined): OrderFilter {
  if (value === undefined) return 'all';
  if (value === 'active' || value === 'past') return value;
  throw new ApiError('BAD_REQUEST');
}

/** `before` of an order list: an order number (a positive integer), else BAD_REQUEST. */
export function parseOrderCursor(value: string | undefined): bigint | undefined {
  if (value === undefined) return undefined;
  if (!/^[1-9]\d{0,18}$/.test(value)) throw new ApiError('BAD_REQUEST');
  return BigInt(value);
}
