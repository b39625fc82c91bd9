import { errorMessage } from '@eterno/protocol/errors';
import { getConfig } from '../config.ts';
import { apiRequest, type ApiDeps, type ApiRequest } from './api.ts';
import { ApiError } from './ApiError.ts';
import { expireSession, getSession, sessionExpired } from './session.ts';

/**
 * One call to a route that needs the session: the session's bearer token is sent, the API URL is
 * `getConfig().apiUrl` unless given. No session, or a token the server no longer accepts (401),
 * ends the session as expired and throws ApiError('UNAUTHORIZED') (the shell then sends the user to
 * login, which says their sign-in expired).
 */
export async function sessionRequest<T>(deps: Partial<ApiDeps>, request: Omit<ApiRequest, 'token'>): Promise<T> {
  const session = getSession();
  if (!session) {
    // A token past its expiry: ended as expired, so the shell sends the user to login with the notice.
    if (sessionExpired()) expireSession();
    throw new ApiError('UNAUTHORIZED', errorMessage('UNAUTHORIZED'), 401);
  }
  try {
    return await apiRequest<T>(
      { apiUrl: deps.apiUrl ?? getConfig().apiUrl, ...(deps.fetch ? { fetch: deps.fetch } : {}) },
      { ...request, token: session.token },
    );
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) expireSession();
    throw error;
  }
}
