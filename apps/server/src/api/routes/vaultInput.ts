/**
 * Input checks shared by the vault routes: the JSON body, token addresses, amounts (a positive
 * integer of wei as a decimal string, at most uint256), the voucher id. Each bad input is a 4xx
 * with a catalogue code, before anything is read or written.
 */
import type { Context } from 'hono';
import { isAddress, maxUint256, type Address } from 'viem';
import { ApiError } from '../../http/errors.ts';

export async function jsonBody(c: Context): Promise<Record<string, unknown>> {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw new ApiError('BAD_REQUEST');
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new ApiError('BAD_REQUEST');
  return body as Record<string, unknown>;
}

/** A token field: missing or not a string → BAD_REQUEST; not an address → TOKEN_NOT_SUPPORTED. Lower-case. */
export function parseToken(value: unknown): Address {
  if (typeof value !== 'string') throw new ApiError('BAD_REQUEST');
  if (!isAddress(value, { strict: false })) throw new ApiError('TOKEN_NOT_SUPPORTED');
  return value.toLowerCase() as Address;
}

/** An amount field: a decimal string of a positive integer ≤ 2^256 − 1, else INVALID_AMOUNT. */
export function parseAmountWei(value: unknown): bigint {
  if (typeof value !== 'string' || !/^[1-9]\d{0,77}$/.test(value)) throw new ApiError('INVALID_AMOUNT');
  const amount = BigInt(value);
  if (amount > maxUint256) throw new ApiError('INVALID_AMOUNT');
  return amount;
}

/** A voucher id (`:id`, `before`): a positive integer, else `code`. */
export function parseVoucherId(value: string | undefined, code: 'BAD_REQUEST' | 'VOUCHER_NOT_FOUND'): bigint {
  if (value === undefined || !/^[1-9]\d{0,18}$/.test(value)) throw new ApiError(code);
  return BigInt(value);
}
