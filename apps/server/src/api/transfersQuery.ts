import { isAddress, type Address } from "viem";
import { ApiError } from "../auth/errors.ts";

export const DEFAULT_TRANSFERS_LIMIT = 50;
export const MAX_TRANSFERS_LIMIT = 200;

export type TransfersQuery = { address: Address; limit: number };

/** Validates `GET /transfers?address=0x…&limit=`; BAD_REQUEST on anything else. */
export function parseTransfersQuery(query: { address?: string; limit?: string }): TransfersQuery {
  const { address, limit } = query;
  if (address === undefined || !isAddress(address, { strict: false })) throw new ApiError("BAD_REQUEST");
  let n = DEFAULT_TRANSFERS_LIMIT;
  if (limit !== undefined) {
    if (!/^\d{1,4}$/.test(limit)) throw new ApiError("BAD_REQUEST");
    n = Number(limit);
    if (n < 1 || n > MAX_TRANSFERS_LIMIT) throw new ApiError("BAD_REQUEST");
  }
  return { address: address.toLowerCase() as Address, limit: n };
}
