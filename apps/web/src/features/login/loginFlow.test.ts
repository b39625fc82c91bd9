// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { privateKeyToAccount } from 'viem/accounts';
import type { Hex } from 'viem';
import { getSession } from '../../session/session.ts';
import { getConnectedProvider, setConnectedProvider } from '../../wallet/connectedProvider.ts';
import { recallProviderKind } from '../../wallet/providerMemory.ts';
import { fakeProvider, fakeWindow } from '../../wallet/testing/fakeProvider.ts';
import { runLogin, type LoginDeps, type LoginStatus } from './loginFlow.ts';

const alice = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d');

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

function setup(chainId: string) {
  const provider = fakeProvider({
    eth_requestAccounts: () => [alice.address],
    eth_chainId: () => chainId,
    wallet_switchEthereumChain: () => null,
    personal_sign: ([data]) => alice.signMessage({ message: { raw: data as Hex } }),
  });
  const fetch = vi.fn(async (url: string | URL | Request) =>
    String(url).endsWith('/auth/nonce')
      ? json({ nonce: 'abcdef123456', expiresAt: '2030-01-01T00:00:00Z' })
      : json({ token: 'tok', address: alice.address, expiresAt: '2999-01-01T00:00:00Z', account: null }),
  );
  const statuses: LoginStatus[] = [];
  const deps: LoginDeps = {
    connect: {
      win: fakeWindow({ ethereum: provider }),
      rpcUrl: 'http://127.0.0.1:1',
      logger: { log: vi.fn(), warn: vi.fn() },
      reload: vi.fn(),
    },
    signIn: { apiUrl: 'http://api.test', fetch, location: { host: 'localhost', origin: 'http://localhost' } },
    storage: sessionStorage,
    onStatus: (status) => statuses.push(status),
  };
  return { provider, fetch, statuses, deps };
}

describe('runLogin', () => {
  beforeEach(() => {
    sessionStorage.clear();
    setConnectedProvider(undefined);
  });

  it('connects, signs in, remembers the wallet kind and makes it the connected provider', async () => {
    const { provider, statuses, deps } = setup('0x3113e');
    const outcome = await runLogin(deps);
    expect(outcome).toMatchObject({ status: 'signed-in', session: { address: alice.address, token: 'tok' } });
    expect(statuses).toEqual(['confirming', 'submitting']);
    expect(getSession()).toEqual({ address: alice.address, token: 'tok' });
    expect(recallProviderKind(sessionStorage)).toEqual({ type: 'injected' });
    expect(getConnectedProvider()).toBe(provider);
  });

  it('stops before signing in when the connection flow comes back empty', async () => {
    const { fetch, statuses, deps } = setup('0x1');
    await expect(runLogin(deps)).resolves.toEqual({ status: 'empty', reason: 'switch-requested' });
    expect(statuses).toEqual(['confirming']);
    expect(fetch).not.toHaveBeenCalled();
    expect(getSession()).toBeNull();
    expect(getConnectedProvider()).toBeUndefined();
  });
});
