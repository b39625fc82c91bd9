// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, getSession, setSession } from '../session/session.ts';
import { getConnectedProvider, setConnectedProvider } from './connectedProvider.ts';
import { announceProvider } from './eip6963.ts';
import { PROVIDER_KIND_KEY, rememberProviderKind } from './providerMemory.ts';
import { restoreWalletWith, type RestoreDeps } from './restore.ts';
import { fakeProvider, fakeWindow } from './testing/fakeProvider.ts';

const ALICE = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const BOB = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';

function deps(win: EventTarget) {
  const reload = vi.fn();
  const restoreDeps: RestoreDeps = {
    win,
    storage: sessionStorage,
    config: { demoWallet: false, rpcUrl: 'http://127.0.0.1:1', deployments: { network: 'local' } },
    getSession,
    clearSession,
    logger: { warn: vi.fn() },
    reload,
  };
  return { ...restoreDeps, reload };
}

describe('restoreWallet', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    sessionStorage.clear();
    setConnectedProvider(undefined);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('resolves null without a session, asking no wallet', async () => {
    const provider = fakeProvider({ eth_accounts: () => [ALICE] });
    await expect(restoreWalletWith(deps(fakeWindow({ ethereum: provider })))).resolves.toBeNull();
    expect(provider.calls).toHaveLength(0);
  });

  it('re-finds the wallet used at login, checks eth_accounts and attaches the reload listeners', async () => {
    setSession({ address: ALICE, token: 'tok' });
    const injected = fakeProvider({ eth_accounts: () => [BOB] });
    const rabby = fakeProvider({ eth_accounts: () => [ALICE.toLowerCase()] });
    const win = fakeWindow({ ethereum: injected });
    announceProvider(win, { info: { uuid: 'u', name: 'Rabby', icon: 'data:,', rdns: 'io.rabby' }, provider: rabby });
    rememberProviderKind(sessionStorage, { type: 'eip6963', rdns: 'io.rabby' });
    const restoreDeps = deps(win);

    const restored = await restoreWalletWith(restoreDeps);

    expect(restored).toEqual({ provider: rabby, account: ALICE.toLowerCase() });
    expect(injected.calls).toHaveLength(0);
    expect(rabby.calls.map((call) => call.method)).toEqual(['eth_accounts']);
    expect(getConnectedProvider()).toBe(rabby);
    rabby.emit('accountsChanged', [BOB]);
    expect(restoreDeps.reload).toHaveBeenCalledTimes(1);
    rabby.emit('chainChanged', '0x1');
    await vi.advanceTimersByTimeAsync(1000);
    expect(restoreDeps.reload).toHaveBeenCalledTimes(2);
  });

  it('clears the session when the wallet now shows a different account', async () => {
    setSession({ address: ALICE, token: 'tok' });
    rememberProviderKind(sessionStorage, { type: 'injected' });
    const provider = fakeProvider({ eth_accounts: () => [BOB] });
    await expect(restoreWalletWith(deps(fakeWindow({ ethereum: provider })))).resolves.toBeNull();
    expect(getSession()).toBeNull();
    expect(sessionStorage.getItem(ALICE)).toBeNull();
    expect(sessionStorage.getItem(PROVIDER_KIND_KEY)).toBeNull();
    expect(provider.listeners.size).toBe(0);
    expect(getConnectedProvider()).toBeUndefined();
  });

  it('clears the session when the wallet no longer exposes any account', async () => {
    setSession({ address: ALICE, token: 'tok' });
    const provider = fakeProvider({ eth_accounts: () => [] });
    await expect(restoreWalletWith(deps(fakeWindow({ ethereum: provider })))).resolves.toBeNull();
    expect(getSession()).toBeNull();
  });

  it('clears the session when the wallet used at login is gone after 10 looks', async () => {
    setSession({ address: ALICE, token: 'tok' });
    rememberProviderKind(sessionStorage, { type: 'second-party', key: 'okxwallet' });
    const other = fakeProvider({ eth_accounts: () => [ALICE] });
    const result = restoreWalletWith(deps(fakeWindow({ ethereum: other })));
    await vi.advanceTimersByTimeAsync(1000);
    await expect(result).resolves.toBeNull();
    expect(other.calls).toHaveLength(0);
    expect(getSession()).toBeNull();
  });
});
