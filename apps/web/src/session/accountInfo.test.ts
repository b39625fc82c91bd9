// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getAccountInfo } from './accountInfo.ts';
import { getSession, sessionExpired, setSession } from './session.ts';

const ALICE = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
/** A service centre of level 2 invited by the genesis account (registry index 1). */
const INFO = {
  id: 2,
  is_original: false,
  is_service: 2,
  inviter_id: 1,
  inviter: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  ep: '1440000000000000000000',
  wallet_address: ALICE,
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('getAccountInfo', () => {
  beforeEach(() => {
    sessionStorage.clear();
  });

  it('fetches GET /account with the session token as bearer', async () => {
    setSession({ address: ALICE, token: 'tok-1' });
    const fetch = vi.fn(async (_url: string | URL | Request, _init?: RequestInit) => json(200, INFO));
    await expect(getAccountInfo({ apiUrl: 'http://api.test', fetch })).resolves.toEqual(INFO);
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('http://api.test/account');
    expect(init?.method).toBe('GET');
    expect(new Headers(init?.headers).get('authorization')).toBe('Bearer tok-1');
  });

  it('passes the registry figures through: the genesis account is original and has no inviter', async () => {
    setSession({ address: ALICE, token: 'tok-1' });
    const genesis = { ...INFO, id: 1, is_original: true, is_service: 0, inviter_id: null, inviter: null, ep: '0' };
    const fetch = vi.fn(async () => json(200, genesis));
    const info = await getAccountInfo({ apiUrl: 'http://api.test', fetch });
    expect(info).toMatchObject({ id: 1, is_original: true, inviter: null, inviter_id: null });
  });

  it('without a session throws UNAUTHORIZED and calls nothing', async () => {
    const fetch = vi.fn();
    await expect(getAccountInfo({ apiUrl: 'http://api.test', fetch })).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    expect(fetch).not.toHaveBeenCalled();
  });

  it('clears the session when the server no longer accepts the token (401)', async () => {
    setSession({ address: ALICE, token: 'stale' });
    const fetch = vi.fn(async () => json(401, { error: { code: 'UNAUTHORIZED', message: 'Please sign in again' } }));
    await expect(getAccountInfo({ apiUrl: 'http://api.test', fetch })).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
      status: 401,
    });
    expect(getSession()).toBeNull();
    expect(sessionExpired()).toBe(true);
  });

  it('keeps the session on other failures', async () => {
    setSession({ address: ALICE, token: 'tok-1' });
    const fetch = vi.fn(async () => json(503, {}));
    await expect(getAccountInfo({ apiUrl: 'http://api.test', fetch })).rejects.toMatchObject({ code: 'SERVER_ERROR' });
    expect(getSession()).not.toBeNull();
  });
});
