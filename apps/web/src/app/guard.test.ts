import { describe, expect, it } from 'vitest';
import type { Session } from '../session/session.ts';
import { cancelLoginWhenSignedIn, loginUrlFor, requireSession } from './guard.ts';

const SESSION: Session = { address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', token: 't' };
const request = (path: string) => new Request(`http://eterno.test${path}`);

function thrown(run: () => unknown): Response {
  try {
    run();
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
  throw new Error('nothing thrown');
}

describe('guard loaders', () => {
  it('encodes the whole target into redirect', () => {
    expect(loginUrlFor('/a?b=1&c=2#d')).toBe('/login?redirect=%2Fa%3Fb%3D1%26c%3D2%23d');
  });

  it('requireSession redirects without a session, adding the hash the router knows', () => {
    const response = thrown(() =>
      requireSession(request('/mine/today?x=1'), { getSession: () => null, hashOf: () => '#top' }),
    );
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe(`/login?redirect=${encodeURIComponent('/mine/today?x=1#top')}`);
    expect(requireSession(request('/mine/today'), { getSession: () => SESSION })).toBeNull();
  });

  it('cancelLoginWhenSignedIn sends a signed-in user to a same-site target or /home', () => {
    const to = (path: string) =>
      thrown(() => cancelLoginWhenSignedIn(request(path), { getSession: () => SESSION })).headers.get('Location');
    expect(to(`/login?redirect=${encodeURIComponent('/assets/swap?a=1#b')}`)).toBe('/assets/swap?a=1#b');
    expect(to('/login')).toBe('/home');
    expect(to(`/login?redirect=${encodeURIComponent('//evil.example')}`)).toBe('/home');
    expect(to(`/login?redirect=${encodeURIComponent('/login?redirect=/x')}`)).toBe('/home');
    // Issue 7: the normalised path of `/.//evil.example/x` is `//evil.example/x`, a host to the browser.
    expect(to('/login?redirect=%2F.%2F%2Fevil.example%2Fx')).toBe('/home');
    expect(to('/login?redirect=%2F%2e%2F%2Fevil.example%2Fx')).toBe('/home');
    expect(to('/login?redirect=%2F..%2F%2Fevil.example%2Fx')).toBe('/home');
    expect(cancelLoginWhenSignedIn(request('/login'), { getSession: () => null })).toBeNull();
  });
});
