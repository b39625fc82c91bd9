import { getConfig } from '../config.ts';
import type { ApiDeps } from './api.ts';
import { clearSession, getSession } from './session.ts';

/**
 * Signs out: ends the session on the server (POST {apiUrl}/auth/sign-out with the bearer token,
 * 204), then clears it here — here also when the call fails (offline, server down): the server's
 * copy then ends at its expiry.
 */
export async function signOut(deps: Partial<ApiDeps> = {}): Promise<void> {
  const session = getSession();
  try {
    if (session) {
      const doFetch = deps.fetch ?? globalThis.fetch.bind(globalThis);
      const apiUrl = (deps.apiUrl ?? getConfig().apiUrl).replace(/\/+$/, '');
      await doFetch(`${apiUrl}/auth/sign-out`, {
        method: 'POST',
        headers: { authorization: `Bearer ${session.token}` },
      });
    }
  } catch {
    // Nothing to tell the user: they are signed out here either way.
  } finally {
    clearSession();
  }
}
