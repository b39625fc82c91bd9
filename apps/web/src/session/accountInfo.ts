import type { Address } from 'viem';
import type { ApiDeps } from './api.ts';
import { sessionRequest } from './sessionRequest.ts';

/**
 * The account info of spec §3, as the server reads it from the indexed referral registry: `id` the
 * registry index, `is_service` the service-centre level (0 = none), `ep` the energy value (USDT, 18
 * decimals). Not registered: id, inviter, inviter_id and ep null, is_original false, is_service 0.
 */
export interface AccountInfo {
  readonly id: number | null;
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
