// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { hexToString, verifyMessage, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { parseSiweMessage } from 'viem/siwe';
import { fakeProvider, rpcError } from '../wallet/testing/fakeProvider.ts';
import { WalletError } from '../wallet/WalletError.ts';
import { ApiError } from './ApiError.ts';
import { getSession } from './session.ts';
import { signIn, type SignInDeps } from './signIn.ts';

/** anvil's account 1 — a public test key. */
const alice = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d');
const NOW = new Date('2030-05-01T12:00:00.000Z');
const LOCATION = { host: 'app.eterno.test:5173', origin: 'http://app.eterno.test:5173' };

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function server(verify: (body: { message: string; signature: Hex }) => Response) {
  const requests: { url: string; body: unknown }[] = [];
  const fetch = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    const body: unknown = init?.body ? JSON.parse(String(init.body)) : undefined;
    requests.push({ url: String(url), body });
    if (String(url).endsWith('/auth/nonce'))
      return json(200, { nonce: 'n0nce1234abcd', expiresAt: '2030-05-01T12:05:00.000Z' });
    if (String(url).endsWith('/auth/verify')) return verify(body as { message: string; signature: Hex });
    return json(404, { error: { code: 'NOT_FOUND', message: 'no route' } });
  });
  return { fetch, requests };
}

const signingWallet = () =>
  fakeProvider({
    personal_sign: ([data, address]) => {
      expect(address).toBe(alice.address);
      return alice.signMessage({ message: { raw: data as Hex } });
    },
  });

const deps = (fetch: SignInDeps['fetch']): SignInDeps => ({
  apiUrl: 'http://api.test',
  fetch,
  location: LOCATION,
  now: () => NOW,
});

describe('signIn', () => {
  beforeEach(() => {
    sessionStorage.clear();
  });

  it('signs an EIP-4361 message with the nonce, domain, chain 201022 and a 10-minute expiry, then stores the session', async () => {
    let signed: { message: string; signature: Hex } | undefined;
    const { fetch, requests } = server((body) => {
      signed = body;
      return json(200, {
        token: 'session-token',
        address: alice.address,
        expiresAt: '2030-05-02T12:00:00.000Z',
        account: null,
      });
    });
    const provider = signingWallet();

    const result = await signIn({ provider, account: alice.address }, deps(fetch));

    expect(requests.map((request) => request.url)).toEqual([
      'http://api.test/auth/nonce',
      'http://api.test/auth/verify',
    ]);
    const message = parseSiweMessage(signed!.message);
    expect(message).toMatchObject({
      domain: LOCATION.host,
      address: alice.address,
      uri: LOCATION.origin,
      chainId: 201022,
      nonce: 'n0nce1234abcd',
      version: '1',
      statement: 'Sign in to ETERNO',
    });
    expect(message.issuedAt?.toISOString()).toBe(NOW.toISOString());
    expect(message.expirationTime?.toISOString()).toBe('2030-05-01T12:10:00.000Z');
    const [signedData] = provider.calls[0]!.params;
    expect(hexToString(signedData as Hex)).toBe(signed!.message);
    expect(
      await verifyMessage({ address: alice.address, message: signed!.message, signature: signed!.signature }),
    ).toBe(true);
    expect(result).toEqual({ address: alice.address, token: 'session-token', account: null });
    expect(getSession()).toEqual({ address: alice.address, token: 'session-token' });
  });

  it("maps the user refusing to sign (4001) to 'Refused transaction request' and asks nothing more", async () => {
    const { fetch, requests } = server(() => json(500, {}));
    const provider = fakeProvider({
      personal_sign: () => {
        throw rpcError(4001, 'User rejected the request.');
      },
    });
    const result = signIn({ provider, account: alice.address }, deps(fetch));
    await expect(result).rejects.toBeInstanceOf(WalletError);
    await expect(result).rejects.toMatchObject({
      code: 'REFUSED_TRANSACTION_REQUEST',
      message: 'Refused transaction request',
    });
    expect(requests).toHaveLength(1);
    expect(getSession()).toBeNull();
  });

  it('maps a server refusal to its error code and keeps the user logged out', async () => {
    const { fetch } = server(() =>
      json(401, { error: { code: 'NONCE_USED', message: 'The sign-in nonce has already been used.' } }),
    );
    const result = signIn({ provider: signingWallet(), account: alice.address }, deps(fetch));
    await expect(result).rejects.toBeInstanceOf(ApiError);
    await expect(result).rejects.toMatchObject({ code: 'NONCE_USED', status: 401 });
    expect(getSession()).toBeNull();
  });

  it('passes other wallet failures through unchanged', async () => {
    const { fetch } = server(() => json(500, {}));
    const failure = rpcError(-32603, 'wallet crashed');
    const provider = fakeProvider({
      personal_sign: () => {
        throw failure;
      },
    });
    await expect(signIn({ provider, account: alice.address }, deps(fetch))).rejects.toBe(failure);
  });
});
