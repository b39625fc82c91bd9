// @vitest-environment jsdom
import '../i18n/index.ts';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type DataRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setConfigForTesting } from '../config.ts';
import { testAppConfig } from '../testing/appConfig.ts';
import { clearSession, getSession, setSession } from '../session/session.ts';

const restore = vi.hoisted(() => ({
  result: null as null | { provider: { request: () => Promise<unknown> }; account: `0x${string}` },
}));
vi.mock('../wallet/restore.ts', () => ({
  restoreWallet: async () => restore.result,
  getConnectedProvider: () => undefined,
}));

const pending = vi.hoisted(() => ({ changes: [] as unknown[] }));
vi.mock('../features/pending/usePendingChanges.ts', () => ({
  usePendingChanges: () => ({
    data: { blockNumber: 1n, timestamp: 1_800_000_000n, changes: pending.changes },
    error: null,
    loading: false,
    retry: () => undefined,
  }),
}));

const { default: AppShell } = await import('./AppShell.tsx');

const ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

let router: DataRouter | undefined;

beforeEach(() => {
  setConfigForTesting(testAppConfig());
  setSession({ address: ADDRESS, token: 'token' });
});

afterEach(() => {
  pending.changes = [];
  router?.dispose();
  sessionStorage.clear();
  setConfigForTesting(undefined);
  vi.unstubAllGlobals();
});

function renderShell(path: string) {
  router = createMemoryRouter(
    [
      { path: '/login', element: <p>login page</p> },
      { path: '/', Component: AppShell, children: [{ path: '*', element: <p>the page</p> }] },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const where = (r: DataRouter) => `${r.state.location.pathname}${r.state.location.search}${r.state.location.hash}`;

describe('<AppShell/>', () => {
  it('ends the session and goes to /login with the target when the wallet cannot be restored', async () => {
    restore.result = null;
    const r = renderShell('/assets/overview?x=1#h');
    expect(await screen.findByText('login page')).toBeTruthy();
    expect(where(r)).toBe(`/login?redirect=${encodeURIComponent('/assets/overview?x=1#h')}`);
    expect(getSession()).toBeNull();
  });

  it('renders the page with the header (short address, copy) and the tab bar once the wallet is restored', async () => {
    restore.result = { provider: { request: async () => null }, account: ADDRESS };
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderShell('/home/eterno');
    expect(await screen.findByText('the page')).toBeTruthy();
    expect(screen.getByText('0x709979…dc79C8')).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeTruthy();

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy address' }));
    });
    expect(writeText).toHaveBeenCalledWith(ADDRESS);
    expect(screen.getByRole('status').textContent).toBe('Copy successful');
  });

  it('goes to /login, keeping the page as target, when the session ends (sign out)', async () => {
    restore.result = { provider: { request: async () => null }, account: ADDRESS };
    const r = renderShell('/mine/setting?a=1');
    await screen.findByText('the page');
    act(() => clearSession());
    expect(await screen.findByText('login page')).toBeTruthy();
    expect(where(r)).toBe(`/login?redirect=${encodeURIComponent('/mine/setting?a=1')}`);
  });

  it('shows the pending-change banner under the header, above the page, on every screen', async () => {
    restore.result = { provider: { request: async () => null }, account: ADDRESS };
    pending.changes = [
      {
        kind: 'vaultSigner',
        contract: 'EternoVault',
        address: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
        signer: ADDRESS,
        eta: 1_800_172_800n,
      },
    ];
    renderShell('/assets/overview');
    await screen.findByText('the page');
    const banner = screen.getByTestId('pending-changes');
    const header = document.querySelector('.app-header');
    const main = document.querySelector('.shell-main');
    expect(header?.nextElementSibling).toBe(banner);
    expect(banner.nextElementSibling).toBe(main);
  });
});
