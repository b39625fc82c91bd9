import { getAddress, type Address } from 'viem';
import { ApiError } from '../http/errors.ts';
import type { AccountRow, AuthStore } from '../store/authStore.ts';
import { hashToken } from './token.ts';

/**
 * The account info of the spec. The referral registry arrives in a later issue: until then the
 * account has no inviter and no ep, and is neither original nor a service account.
 */
export type AccountInfo = {
  id: number;
  is_original: boolean;
  is_service: number;
  inviter_id: number | null;
  inviter: Address | null;
  ep: string | null;
  wallet_address: Address;
};

export function accountInfo(row: AccountRow): AccountInfo {
  return {
    id: row.id,
    is_original: false,
    is_service: 0,
    inviter_id: null,
    inviter: null,
    ep: null,
    wallet_address: getAddress(row.address),
  };
}

/** The account row of a live session token; UNAUTHORIZED when missing, unknown or expired. */
export async function sessionAccountRow(store: AuthStore, token: string | null, now: Date): Promise<AccountRow> {
  if (token === null) throw new ApiError('UNAUTHORIZED');
  const row = await store.findSessionAccount(hashToken(token), now);
  if (!row) throw new ApiError('UNAUTHORIZED');
  return row;
}

/** The account of a live session token; UNAUTHORIZED when missing, unknown or expired. */
export async function accountForToken(store: AuthStore, token: string | null, now: Date): Promise<AccountInfo> {
  return accountInfo(await sessionAccountRow(store, token, now));
}
