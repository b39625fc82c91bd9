import type { Address } from 'viem';

/** sessionStorage key of the signed-in address. The token is stored under the address itself (spec §3). */
export const SESSION_ADDRESS_KEY = 'eterno.address';
/** sessionStorage key of the token's expiry (ms since epoch), when the server gave one. */
export const SESSION_EXPIRES_KEY = 'eterno.expiresAt';
/** sessionStorage key set when the server refused the session's token (401): the login page says so. */
export const SESSION_EXPIRED_KEY = 'eterno.sessionExpired';

export interface Session {
  readonly address: Address;
  readonly token: string;
}

export interface NewSession extends Session {
  /** ISO date or ms since epoch; a session past it reads as logged out. */
  readonly expiresAt?: string | number;
}

export interface SessionStore {
  get(): Session | null;
  set(session: NewSession): void;
  clear(): void;
  /** Ends a session the server no longer accepts (a 401): cleared, and remembered as expired. */
  expire(): void;
  /**
   * Whether the last session ended by itself (the server refused its token, or its expiry passed)
   * rather than by a sign-out; forgotten at the next sign-in or sign-out.
   */
  expired(): boolean;
  subscribe(listener: (session: Session | null) => void): () => void;
}

export function createSessionStore(storage: () => Storage, now: () => number = Date.now): SessionStore {
  const listeners = new Set<(session: Session | null) => void>();
  let cached: Session | null = null;

  const read = (): Session | null => {
    const store = storage();
    const address = store.getItem(SESSION_ADDRESS_KEY);
    if (!address) return null;
    const token = store.getItem(address);
    if (!token) return null;
    const expiresAt = Number(store.getItem(SESSION_EXPIRES_KEY) ?? Number.POSITIVE_INFINITY);
    if (now() >= expiresAt) return null;
    if (cached?.address !== address || cached.token !== token) cached = { address: address as Address, token };
    return cached;
  };

  const notify = (): void => {
    const session = read();
    for (const listener of listeners) listener(session);
  };

  return {
    get: read,
    set({ address, token, expiresAt }) {
      const store = storage();
      const previous = store.getItem(SESSION_ADDRESS_KEY);
      if (previous && previous !== address) store.removeItem(previous);
      store.setItem(SESSION_ADDRESS_KEY, address);
      store.setItem(address, token);
      const expiry = typeof expiresAt === 'string' ? Date.parse(expiresAt) : expiresAt;
      if (expiry !== undefined && Number.isFinite(expiry)) store.setItem(SESSION_EXPIRES_KEY, String(expiry));
      else store.removeItem(SESSION_EXPIRES_KEY);
      store.removeItem(SESSION_EXPIRED_KEY);
      notify();
    },
    clear() {
      const store = storage();
      store.removeItem(SESSION_EXPIRED_KEY);
      const address = store.getItem(SESSION_ADDRESS_KEY);
      if (address) store.removeItem(address);
      store.removeItem(SESSION_ADDRESS_KEY);
      store.removeItem(SESSION_EXPIRES_KEY);
      cached = null;
      notify();
    },
    expire() {
      const store = storage();
      const address = store.getItem(SESSION_ADDRESS_KEY);
      if (address) store.removeItem(address);
      store.removeItem(SESSION_ADDRESS_KEY);
      store.removeItem(SESSION_EXPIRES_KEY);
      store.setItem(SESSION_EXPIRED_KEY, '1');
      cached = null;
      notify();
    },
    expired() {
      const store = storage();
      if (store.getItem(SESSION_EXPIRED_KEY) === '1') return true;
      const address = store.getItem(SESSION_ADDRESS_KEY);
      const expiresAt = Number(store.getItem(SESSION_EXPIRES_KEY) ?? Number.POSITIVE_INFINITY);
      return address !== null && store.getItem(address) !== null && now() >= expiresAt;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

const store = createSessionStore(() => globalThis.sessionStorage);

/** The signed-in session, or null when logged out (spec §4: no address means logged out). Sync. */
export function getSession(): Session | null {
  return store.get();
}

export function setSession(session: NewSession): void {
  store.set(session);
}

export function clearSession(): void {
  store.clear();
}

/** A 401: the session ends, and the login page tells the user their sign-in expired. */
export function expireSession(): void {
  store.expire();
}

/** Whether the last session expired (a 401, or past its expiry) rather than being signed out. */
export function sessionExpired(): boolean {
  return store.expired();
}

export function subscribeSession(listener: (session: Session | null) => void): () => void {
  return store.subscribe(listener);
}
