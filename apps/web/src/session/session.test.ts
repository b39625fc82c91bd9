// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  clearSession,
  createSessionStore,
  expireSession,
  getSession,
  sessionExpired,
  SESSION_ADDRESS_KEY,
  setSession,
  subscribeSession,
} from './session.ts';

const ALICE = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const BOB = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';

describe('session', () => {
  beforeEach(() => {
    sessionStorage.clear();
  });

  it('stores the address under eterno.address and the token under the address', () => {
    setSession({ address: ALICE, token: 'tok-1' });
    expect(sessionStorage.getItem(SESSION_ADDRESS_KEY)).toBe(ALICE);
    expect(sessionStorage.getItem(ALICE)).toBe('tok-1');
    expect(getSession()).toEqual({ address: ALICE, token: 'tok-1' });
  });

  it('is logged out without an address, or without a token under it', () => {
    expect(getSession()).toBeNull();
    sessionStorage.setItem(SESSION_ADDRESS_KEY, ALICE);
    expect(getSession()).toBeNull();
  });

  it('returns the same object while nothing changed (stable snapshot)', () => {
    setSession({ address: ALICE, token: 'tok-1' });
    expect(getSession()).toBe(getSession());
  });

  it('clearSession removes address and token and notifies subscribers', () => {
    const listener = vi.fn();
    const stop = subscribeSession(listener);
    setSession({ address: ALICE, token: 'tok-1' });
    expect(listener).toHaveBeenLastCalledWith({ address: ALICE, token: 'tok-1' });
    clearSession();
    expect(listener).toHaveBeenLastCalledWith(null);
    expect(sessionStorage.getItem(ALICE)).toBeNull();
    expect(sessionStorage.getItem(SESSION_ADDRESS_KEY)).toBeNull();
    stop();
    setSession({ address: ALICE, token: 'tok-2' });
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it("a new address drops the previous address's token", () => {
    setSession({ address: ALICE, token: 'tok-1' });
    setSession({ address: BOB, token: 'tok-2' });
    expect(sessionStorage.getItem(ALICE)).toBeNull();
    expect(getSession()).toEqual({ address: BOB, token: 'tok-2' });
  });

  it('reads as logged out once the token expired', () => {
    let now = Date.parse('2030-01-01T00:00:00Z');
    const store = createSessionStore(
      () => sessionStorage,
      () => now,
    );
    store.set({ address: ALICE, token: 'tok-1', expiresAt: '2030-01-01T00:10:00Z' });
    expect(store.get()).not.toBeNull();
    now += 10 * 60 * 1000;
    expect(store.get()).toBeNull();
  });

  it('remembers a session the server refused (401) as expired, until the next sign-in or sign-out', () => {
    setSession({ address: ALICE, token: 'tok-1' });
    expect(sessionExpired()).toBe(false);
    const seen: unknown[] = [];
    const stop = subscribeSession((session) => seen.push(session));
    expireSession();
    stop();
    expect(seen).toEqual([null]);
    expect(getSession()).toBeNull();
    expect(sessionStorage.getItem(ALICE)).toBeNull();
    expect(sessionExpired()).toBe(true);
    setSession({ address: ALICE, token: 'tok-2' });
    expect(sessionExpired()).toBe(false);
    expireSession();
    clearSession();
    expect(sessionExpired()).toBe(false);
  });

  it('counts a token past its expiry as expired, a sign-out not', () => {
    let now = Date.parse('2030-01-01T00:00:00Z');
    const store = createSessionStore(
      () => sessionStorage,
      () => now,
    );
    store.set({ address: ALICE, token: 'tok-1', expiresAt: '2030-01-01T00:10:00Z' });
    expect(store.expired()).toBe(false);
    now += 10 * 60 * 1000;
    expect(store.expired()).toBe(true);
    store.clear();
    expect(store.expired()).toBe(false);
  });
});
