import { getAddress, type Address } from 'viem';
import { ApiError } from '../http/errors.ts';
import type { RegistryAccount } from '../referral/teamReads.ts';
import type { AccountRow, AuthStore } from '../store/authStore.ts';
import { hashToken } from './token.ts';

/**
 * The account info of the spec (§3), from the indexed referral registry: `id` is the registry's
 * index, `ep` the energy value (USDT, 18 decimals) — the same figures as `GET /referral/account`.
 * A wallet that signed in but is not registered: id, inviter, inviter_id and ep null, neither
 * original nor a service centre. Rules: docs/decisions/sign-in.md ("The account info").
 */
export type AccountInfo = {
  id: number | null;
  is_original: boolean;
  is_service: number;
  inviter_id: number | null;
  inviter: Address | null;
  ep: string | null;
  wallet_address: Address;
};

/** The registry figures of a wallet (null: not registered), read from the indexed tables. */
export type RegistryRead = (wallet: Address) => Promise<RegistryAccount | null>;

export async function accountInfo(row: AccountRow, registry: RegistryRead): Promise<AccountInfo> {
  const wallet = getAddress(row.address);
  const r = await registry(wallet);
  return {
    id: r === null ? null : Number(r.id),
    is_original: r?.isOriginal ?? false,
    is_service: r?.serviceLevel ?? 0,
    inviter_id: r?.inviterId == null ? null : Number(r.inviterId),
    inviter: r?.inviter == null ? null : getAddress(r.inviter),
    ep: r?.ep ?? null,
    wallet_address: wallet,
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
export async function accountForToken(
  store: AuthStore,
  registry: RegistryRead,
  token: string | null,
  now: Date,
): Promise<AccountInfo> {
  return accountInfo(await sessionAccountRow(store, token, now), registry);
}
