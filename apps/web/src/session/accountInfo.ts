import type { Address } from 'viem';
import type { ApiDeps } from './api.ts';
import { sessionRequest } from './sessionRequest.ts';

/** The account info of spec §3, as the server builds it from the on-chain referral registry. */
export interface AccountInfo {
  readonly id: number;
  readonly is_original: boolean;
  readonly is_service: number;
  readonly inviter_id: number | null;
  readonly inviter: Address | null;
  readonly ep: string | null;
  readonly wallet_address: Address;
}

/**
 * GET {apiUrl}/account with the session's bearer token. No session, or a token the server no
 * longer accepts (401), clears the session and throws ApiError('UNAUTHORIZED').
 */
export function getAccountInfo(deps: Partial<ApiDeps> = {}): Promise<AccountInfo> {
  return sessionRequest<AccountInfo>(deps, { method: 'GET', path: '/account' });
}
