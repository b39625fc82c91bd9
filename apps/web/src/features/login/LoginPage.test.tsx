// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { modal } from '../../components/modal/modal.ts';
import { setConfigForTesting } from '../../config.ts';
import { testAppConfig } from '../../testing/appConfig.ts';
import { setLanguage } from '../../i18n/index.ts';
import { expireSession, getSession, setSession } from '../../session/session.ts';
import { fakeProvider, rpcError, type FakeProvider } from '../../wallet/testing/fakeProvider.ts';
import LoginPage from './LoginPage.tsx';

const alice = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d');

const CONFIG = testAppConfig({ rpcUrl: 'http://127.0.0.1:1', apiUrl: 'http://api.test' });

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function wallet(overrides: Parameters<typeof fakeProvider>[0] = {}): FakeProvider {
  return fakeProvider({
    eth_requestAccounts: () => [alice.address],
    eth_chainId: () => '0x3113e',
    personal_sign: ([data]) => alice.signMessage({ message: { raw: data as Hex } }),
    ...overrides,
  });
}

function renderLogin(entry: string) {
  const router = createMemoryRouter(
    [
      { path: '/login', Component: LoginPage },
      { path: '*', Component: () => <p>landed on page</p> },
    ],
    { initialEntries: [entry] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

function modalMessage(): string | undefined {
  const state = modal.getState();
  return state.visible ? state.options.message : undefined;
}

describe('LoginPage', () => {
  beforeEach(async () => {
    sessionStorage.clear();
    setConfigForTesting(CONFIG);
    await setLanguage('en');
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string | URL | Request) =>
        String(url).endsWith('/auth/nonce')
          ? json(200, { nonce: 'abcdef123456', expiresAt: '2999-01-01T00:00:00Z' })
          : json(200, { token: 'tok', address: alice.address, expiresAt: '2999-01-01T00:00:00Z', account: null }),
      ),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    modal.hide();
    setConfigForTesting(undefined);
  });

  it('signs in with the injected wallet and goes to the redirect target', async () => {
    vi.stubGlobal('ethereum', wallet());
    const router = renderLogin(`/login?redirect=${encodeURIComponent('/assets/overview?x=1')}`);
    fireEvent.click(screen.getByRole('button', { name: 'Connect wallet' }));
    expect(await screen.findByText('landed on page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/assets/overview');
    expect(router.state.location.search).toBe('?x=1');
    expect(getSession()).toEqual({ address: alice.address, token: 'tok' });
  });

  it('never follows a redirect to another origin', async () => {
    vi.stubGlobal('ethereum', wallet());
    const router = renderLogin(`/login?redirect=${encodeURIComponent('//evil.example/x')}`);
    fireEvent.click(screen.getByRole('button', { name: 'Connect wallet' }));
    await screen.findByText('landed on page');
    expect(router.state.location.pathname).toBe('/home');
  });

  it('shows the status line while the wallet is asked', async () => {
    let approve: (accounts: string[]) => void = () => undefined;
    vi.stubGlobal('ethereum', wallet({ eth_requestAccounts: () => new Promise((resolve) => (approve = resolve)) }));
    renderLogin('/login');
    fireEvent.click(screen.getByRole('button', { name: 'Connect wallet' }));
    expect(await screen.findByText('Confirming, please wait')).toBeTruthy();
    await act(async () => approve([alice.address]));
    await screen.findByText('landed on page');
  });

  it('asks the user, in Chinese, to switch network when the wallet is on another chain', async () => {
    await setLanguage('zh');
    const provider = wallet({ eth_chainId: () => '0x1', wallet_switchEthereumChain: () => null });
    vi.stubGlobal('ethereum', provider);
    renderLogin('/login');
    fireEvent.click(screen.getByRole('button', { name: '连接钱包' }));
    await waitFor(() => expect(modalMessage()).toBe('请将钱包切换到 ETERNO 网络后重新连接'));
    expect(provider.calls.map((call) => call.method)).toContain('wallet_switchEthereumChain');
    expect(getSession()).toBeNull();
  });

  it('tells the user the login failed when the account request is rejected', async () => {
    vi.stubGlobal('ethereum', wallet({ eth_requestAccounts: () => Promise.reject(rpcError(4001)) }));
    vi.spyOn(console, 'log').mockImplementation(() => undefined);
    renderLogin('/login');
    fireEvent.click(screen.getByRole('button', { name: 'Connect wallet' }));
    await waitFor(() => expect(modalMessage()).toMatch(/^Login failed: the wallet did not share an account/));
  });

  it('shows the localized error when the signature is refused', async () => {
    await setLanguage('zh');
    vi.stubGlobal('ethereum', wallet({ personal_sign: () => Promise.reject(rpcError(4001)) }));
    renderLogin('/login');
    fireEvent.click(screen.getByRole('button', { name: '连接钱包' }));
    await waitFor(() => expect(modalMessage()).toBeDefined());
    const zhText = (await import('../../i18n/locales/zh/errors.json')).default.REFUSED_TRANSACTION_REQUEST;
    expect(modalMessage()).toBe(zhText);
  });

  it('lists EIP-6963 wallets and runs the flow with the picked one', async () => {
    const injected = wallet();
    const rabby = wallet();
    vi.stubGlobal('ethereum', injected);
    const announce = () =>
      window.dispatchEvent(
        new CustomEvent('eip6963:announceProvider', {
          detail: {
            info: { uuid: 'u-1', name: 'Rabby Wallet', icon: 'data:image/svg+xml,<svg/>', rdns: 'io.rabby' },
            provider: rabby,
          },
        }),
      );
    window.addEventListener('eip6963:requestProvider', announce);
    renderLogin('/login');
    fireEvent.click(await screen.findByRole('button', { name: /Rabby Wallet/ }));
    await screen.findByText('landed on page');
    window.removeEventListener('eip6963:requestProvider', announce);
    expect(rabby.calls.map((call) => call.method)).toContain('personal_sign');
    expect(injected.calls).toHaveLength(0);
  });

  it('switches the language and stores it in localStorage lang', async () => {
    renderLogin('/login');
    fireEvent.click(screen.getByRole('button', { name: '中文' }));
    expect(await screen.findByRole('button', { name: '连接钱包' })).toBeTruthy();
    expect(localStorage.getItem('lang')).toBe('zh');
  });

  it('tells a user whose session the server refused (401) that their sign-in expired, in their language', async () => {
    renderLogin('/login');
    expect(screen.queryByTestId('session-expired')).toBeNull();
    cleanup();
    setSession({ address: alice.address, token: 'stale' });
    expireSession();
    await setLanguage('zh');
    renderLogin('/login?redirect=%2Fassets%2Foverview');
    expect(screen.getByTestId('session-expired').textContent).toBe('登录已过期，请重新连接钱包登录。');
  });

  it("an invitation link's login page shows the inviter and the invited wallet before sign-in (en, zh)", async () => {
    const id = 'AbCdEfGhIjKlMnOpQrSt_-';
    const fetchMock = vi.fn(async (_url: string | URL | Request) =>
      json(200, {
        id,
        inviteCode: '000022',
        invitee: '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65',
        state: 'open',
      }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderLogin(`/login?redirect=${encodeURIComponent(`/register?invitation=${id}`)}`);
    expect((await screen.findByTestId('login-invitation-title')).textContent).toBe('You were invited by 000022');
    expect(screen.getByTestId('login-invitation').textContent).toContain('0x15d34A…2C6A65');
    expect(String(fetchMock.mock.calls[0]![0])).toBe(`http://api.test/referral/invitations/${id}`);
    await act(async () => setLanguage('zh'));
    expect(screen.getByTestId('login-invitation-title').textContent).toBe('您的邀请人：000022');
  });

  it('no invitation in the redirect: no note and no request', async () => {
    const fetchMock = vi.fn(async () => json(200, {}));
    vi.stubGlobal('fetch', fetchMock);
    renderLogin('/login?redirect=%2Fassets%2Foverview');
    await screen.findByText('Connect wallet');
    expect(screen.queryByTestId('login-invitation')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
