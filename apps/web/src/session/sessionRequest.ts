import { errorMessage } from '@eterno/protocol/errors';
import { getConfig } from '../config.ts';
import { apiRequest, type ApiDeps, type ApiRequest } from './api.ts';
import { ApiError } from './ApiError.ts';
import { clearSession, getSession } from './session.ts';

/**
 * One call to a route that needs the session: the session's bearer token is sent, the API URL is
 * `getConfig().apiUrl` unless given. No session, or a token the server no longer accepts (401),
 * clears the session and throws ApiError('UNAUTHORIZED') (the guard then sends the user to login).
 */
export async function sessionRequest<T>(deps: Partial<ApiDeps>, request: Omit<ApiRequest, 'token'>): Promise<T> {
  const session = getSession();
  if (!session) throw new ApiError('UNAUTHORIZED', errorMessage('UNAUTHORIZED'), 401);
  try {
    return await apiRequest<T>(
      { apiUrl: deps.apiUrl ?? getConfig().apiUrl, ...(deps.fetch ? { fetch: deps.fetch } : {}) },
      { ...request, token: session.token },
    );
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) clearSession();
    throw error;
  }
}
