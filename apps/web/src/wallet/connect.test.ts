import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addChainParams } from '@eterno/protocol/chain';
import { connectWallet, type ConnectDeps } from './connect.ts';
import { fakeProvider, fakeWindow, rpcError } from './testing/fakeProvider.ts';
import { WalletError } from './WalletError.ts';

const ALICE = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const RPC_URL = 'http://127.0.0.1:8545';
const ETERNO_HEX = '0x3113e';

function setup(handlers: Parameters<typeof fakeProvider>[0]) {
  const provider = fakeProvider({ eth_chainId: () => ETERNO_HEX, ...handlers });
  const logger = { log: vi.fn(), warn: vi.fn() };
  const reload = vi.fn();
  const deps: ConnectDeps = { win: fakeWindow({ ethereum: provider }), rpcUrl: RPC_URL, logger, reload };
  return { provider, logger, reload, deps };
}

describe('connectWallet (spec §4)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('asks for accounts with eth_requestAccounts and returns the first account on the right chain', async () => {
    const { provider, deps } = setup({
      eth_requestAccounts: () => [ALICE, '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'],
    });
    const result = await connectWallet(deps);
    expect(result).toMatchObject({ status: 'connected', account: ALICE, provider, kind: { type: 'injected' } });
    expect(provider.calls.map((call) => call.method)).toEqual(['eth_requestAccounts', 'eth_chainId']);
  });

  it("fails with 'can not find web3 provider' when no wallet shows up", async () => {
    const result = connectWallet({ win: fakeWindow(), rpcUrl: RPC_URL, logger: { log: vi.fn(), warn: vi.fn() } });
    const assertion = expect(result).rejects.toMatchObject({ code: 'CAN_NOT_FIND_WEB3_PROVIDER' });
    await vi.advanceTimersByTimeAsync(1000);
    await assertion;
  });

  it("logs 'login fail' and returns empty when the account request is rejected", async () => {
    const { deps, logger, provider } = setup({
      eth_requestAccounts: () => {
        throw rpcError(4001, 'User rejected the request.');
      },
    });
    await expect(connectWallet(deps)).resolves.toEqual({ status: 'empty', reason: 'login-fail' });
    expect(logger.log).toHaveBeenCalledWith('login fail');
    expect(provider.calls.map((call) => call.method)).toEqual(['eth_requestAccounts']);
  });

  it("logs 'login fail, no account found' and returns empty for an empty account list", async () => {
    const { deps, logger } = setup({ eth_requestAccounts: () => [] });
    await expect(connectWallet(deps)).resolves.toEqual({ status: 'empty', reason: 'no-account' });
    expect(logger.log).toHaveBeenCalledWith('login fail, no account found');
  });

  it("rejects an account starting with T with 'error account'", async () => {
    const { deps, provider } = setup({ eth_requestAccounts: () => ['TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE'] });
    const result = connectWallet(deps);
    await expect(result).rejects.toBeInstanceOf(WalletError);
    await expect(result).rejects.toMatchObject({ code: 'ERROR_ACCOUNT', message: 'error account' });
    expect(provider.calls.map((call) => call.method)).toEqual(['eth_requestAccounts']);
  });

  it('on another chain asks the wallet to switch to 0x3113e and returns empty, without listeners', async () => {
    const { deps, provider } = setup({
      eth_requestAccounts: () => [ALICE],
      eth_chainId: () => '0x1',
      wallet_switchEthereumChain: () => null,
    });
    await expect(connectWallet(deps)).resolves.toEqual({ status: 'empty', reason: 'switch-requested' });
    expect(provider.calls.at(-1)).toEqual({ method: 'wallet_switchEthereumChain', params: [{ chainId: ETERNO_HEX }] });
    expect(provider.listeners.size).toBe(0);
  });

  it('adds the chain when the wallet answers 4902 (unknown chain), then returns empty', async () => {
    const { deps, provider } = setup({
      eth_requestAccounts: () => [ALICE],
      eth_chainId: () => '0x38',
      wallet_switchEthereumChain: () => {
        throw rpcError(4902, 'Unrecognized chain ID');
      },
      wallet_addEthereumChain: () => null,
    });
    await expect(connectWallet(deps)).resolves.toEqual({ status: 'empty', reason: 'switch-requested' });
    expect(provider.calls.map((call) => call.method)).toEqual([
      'eth_requestAccounts',
      'eth_chainId',
      'wallet_switchEthereumChain',
      'wallet_addEthereumChain',
    ]);
    expect(provider.calls.at(-1)?.params).toEqual([addChainParams(RPC_URL)]);
    expect(provider.calls.at(-1)?.params[0]).toMatchObject({ chainId: ETERNO_HEX, rpcUrls: [RPC_URL] });
  });

  it('also recognises 4902 nested in data.originalError (mobile wallets)', async () => {
    const { deps, provider } = setup({
      eth_requestAccounts: () => [ALICE],
      eth_chainId: () => '0x1',
      wallet_switchEthereumChain: () => {
        throw Object.assign(new Error('internal'), { code: -32603, data: { originalError: { code: 4902 } } });
      },
      wallet_addEthereumChain: () => null,
    });
    await connectWallet(deps);
    expect(provider.calls.at(-1)?.method).toBe('wallet_addEthereumChain');
  });

  it('does not add the chain when the user refuses the switch (4001)', async () => {
    const { deps, provider } = setup({
      eth_requestAccounts: () => [ALICE],
      eth_chainId: () => '0x1',
      wallet_switchEthereumChain: () => {
        throw rpcError(4001);
      },
    });
    await expect(connectWallet(deps)).resolves.toEqual({ status: 'empty', reason: 'switch-requested' });
    expect(provider.calls.at(-1)?.method).toBe('wallet_switchEthereumChain');
  });

  it('with switching disabled, connects on another chain', async () => {
    const { deps } = setup({ eth_requestAccounts: () => [ALICE], eth_chainId: () => '0x1' });
    await expect(connectWallet({ ...deps, switchChain: false })).resolves.toMatchObject({
      status: 'connected',
      account: ALICE,
    });
  });

  it('on the right chain attaches accountsChanged and chainChanged listeners', async () => {
    const { deps, provider } = setup({ eth_requestAccounts: () => [ALICE] });
    await connectWallet(deps);
    expect([...provider.listeners.keys()].sort()).toEqual(['accountsChanged', 'chainChanged']);
  });

  it('an account change reloads the page at once', async () => {
    const { deps, provider, reload } = setup({ eth_requestAccounts: () => [ALICE] });
    await connectWallet(deps);
    provider.emit('accountsChanged', ['0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC']);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('a chain change logs a warning and reloads after exactly 1000 ms', async () => {
    const { deps, provider, reload, logger } = setup({ eth_requestAccounts: () => [ALICE] });
    await connectWallet(deps);
    provider.emit('chainChanged', '0x1');
    expect(logger.warn).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(reload).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('attaches the listeners only once when connecting twice with the same wallet', async () => {
    const { deps, provider, reload } = setup({ eth_requestAccounts: () => [ALICE] });
    await connectWallet(deps);
    await connectWallet(deps);
    expect(provider.listeners.get('accountsChanged')).toHaveLength(1);
    provider.emit('accountsChanged', []);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('runs the same flow on a wallet picked from the EIP-6963 list', async () => {
    const { deps, provider: injected } = setup({ eth_requestAccounts: () => [ALICE] });
    const picked = fakeProvider({ eth_requestAccounts: () => [ALICE], eth_chainId: () => ETERNO_HEX });
    deps.win.addEventListener('eip6963:requestProvider', () => {
      deps.win.dispatchEvent(
        new CustomEvent('eip6963:announceProvider', {
          detail: { info: { uuid: 'u', name: 'Rabby', icon: 'data:,', rdns: 'io.rabby' }, provider: picked },
        }),
      );
    });
    const result = await connectWallet({ ...deps, target: { type: 'eip6963', rdns: 'io.rabby' } });
    expect(result).toMatchObject({ status: 'connected', provider: picked, name: 'Rabby' });
    expect(injected.calls).toHaveLength(0);
  });
});
