// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getSession, setSession } from './session.ts';
import { signOut } from './signOut.ts';

const ALICE = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

describe('signOut', () => {
  beforeEach(() => {
    sessionStorage.clear();
  });

  it('calls POST /auth/sign-out with the bearer token, then clears the session', async () => {
    setSession({ address: ALICE, token: 'tok-1' });
    const fetch = vi.fn(async (_url: string | URL | Request, _init?: RequestInit) => {
      expect(getSession()?.token).toBe('tok-1');
      return new Response(null, { status: 204 });
    });
    await signOut({ apiUrl: 'http://api.test/', fetch });
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('http://api.test/auth/sign-out');
    expect(init?.method).toBe('POST');
    expect(new Headers(init?.headers).get('authorization')).toBe('Bearer tok-1');
    expect(getSession()).toBeNull();
  });

  it.each([
    ['the network fails', async () => Promise.reject(new TypeError('Failed to fetch'))],
    ['the server answers 500', async () => new Response('{}', { status: 500 })],
  ])('clears the session when %s', async (_label, answer) => {
    setSession({ address: ALICE, token: 'tok-2' });
    await signOut({ apiUrl: 'http://api.test', fetch: vi.fn(answer) });
    expect(getSession()).toBeNull();
    expect(sessionStorage.getItem(ALICE)).toBeNull();
  });

  it('without a session calls nothing', async () => {
    const fetch = vi.fn();
    await signOut({ apiUrl: 'http://api.test', fetch });
    expect(fetch).not.toHaveBeenCalled();
  });
});
