import type { Address } from 'viem';
import { errorMessage } from '@eterno/protocol/errors';
import { getConfig } from '../config.ts';
import { apiRequest, type ApiDeps } from './api.ts';
import { ApiError } from './ApiError.ts';
import { clearSession, getSession } from './session.ts';

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
export async function getAccountInfo(deps: Partial<ApiDeps> = {}): Promise<AccountInfo> {
  const session = getSession();
  if (!session) throw new ApiError('UNAUTHORIZED', errorMessage('UNAUTHORIZED'), 401);
  try {
    return await apiRequest<AccountInfo>(
      { apiUrl: deps.apiUrl ?? getConfig().apiUrl, ...(deps.fetch ? { fetch: deps.fetch } : {}) },
      { method: 'GET', path: '/account', token: session.token },
    );
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) clearSession();
    throw error;
  }
}
