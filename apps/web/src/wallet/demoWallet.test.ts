// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createPublicClient, http, parseEther, verifyMessage, verifyTypedData, stringToHex } from 'viem';
import { startAnvil, type Anvil } from '@eterno/devstack/anvil';
import { createDemoWallet, DEMO_ACCOUNT_KEY, DEMO_AUTHORIZED_KEY, DEMO_METHODS } from './demoWallet.ts';
import {
  announceDemoWalletIfAllowed,
  DEMO_WALLET_NAME,
  DEMO_WALLET_RDNS,
  type DemoWalletConfig,
} from './demoWalletGate.ts';
import type { Eip6963ProviderDetail } from './eip6963.ts';
import { watchAnnouncedProviders } from './eip6963.ts';
import { memoryStorage } from './testing/memoryStorage.ts';

const ALICE = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' as const;
const BOB = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC' as const;

let anvil: Anvil;

beforeAll(async () => {
  anvil = await startAnvil();
}, 30_000);

afterAll(async () => {
  await anvil?.stop();
});

function authorizedWallet() {
  const storage = memoryStorage();
  const wallet = createDemoWallet({ rpcUrl: anvil.rpcUrl, storage });
  return { wallet, storage };
}

describe('demo wallet provider', () => {
  it("is anvil's account 1 (alice) and shares it only after eth_requestAccounts", async () => {
    const { wallet, storage } = authorizedWallet();
    const accountsChanged = vi.fn();
    wallet.on('accountsChanged', accountsChanged);
    expect(wallet.address).toBe(ALICE);
    await expect(wallet.request({ method: 'eth_accounts' })).resolves.toEqual([]);
    await expect(wallet.request({ method: 'eth_requestAccounts' })).resolves.toEqual([ALICE]);
    await expect(wallet.request({ method: 'eth_accounts' })).resolves.toEqual([ALICE]);
    expect(accountsChanged).toHaveBeenCalledWith([ALICE]);
    expect(storage.getItem(DEMO_AUTHORIZED_KEY)).toBe(ALICE);
    await wallet.request({ method: 'wallet_revokePermissions', params: [{ eth_accounts: {} }] });
    await expect(wallet.request({ method: 'eth_accounts' })).resolves.toEqual([]);
    expect(accountsChanged).toHaveBeenLastCalledWith([]);
  });

  it('switches between the seeded accounts like a real wallet: accountsChanged, signs as the new one, remembered', async () => {
    const { wallet, storage } = authorizedWallet();
    await wallet.request({ method: 'eth_requestAccounts' });
    const listed = (await wallet.request({ method: DEMO_METHODS.accounts })) as Array<{
      index: number;
      address: string;
      selected: boolean;
    }>;
    expect(listed.map((a) => a.index)).toEqual([1, 2, 3, 4, 5]);
    expect(listed.slice(0, 2).map((a) => [a.address, a.selected])).toEqual([
      [ALICE, true],
      [BOB, false],
    ]);
    const accountsChanged = vi.fn();
    wallet.on('accountsChanged', accountsChanged);
    await wallet.request({ method: DEMO_METHODS.select, params: [2] });
    expect(accountsChanged).toHaveBeenCalledWith([BOB]);
    expect(wallet.address).toBe(BOB);
    await expect(wallet.request({ method: 'eth_accounts' })).resolves.toEqual([BOB]);
    const message = 'Sign in to ETERNO\nnonce: bob';
    const signature = await wallet.request({ method: 'personal_sign', params: [stringToHex(message), BOB] });
    expect(await verifyMessage({ address: BOB, message, signature: signature as `0x${string}` })).toBe(true);
    // A reload (a new wallet over the same storage) is still bob, and still connected.
    expect(storage.getItem(DEMO_ACCOUNT_KEY)).toBe('2');
    const again = createDemoWallet({ rpcUrl: anvil.rpcUrl, storage });
    await expect(again.request({ method: 'eth_accounts' })).resolves.toEqual([BOB]);
    expect(
      ((await again.request({ method: DEMO_METHODS.accounts })) as Array<{ selected: boolean }>)[1]!.selected,
    ).toBe(true);
  });

  it('refuses an account outside the seeded ones; a switch before the site is connected shares nothing', async () => {
    const { wallet } = authorizedWallet();
    await expect(wallet.request({ method: DEMO_METHODS.select, params: [9] })).rejects.toMatchObject({ code: -32602 });
    await expect(wallet.request({ method: DEMO_METHODS.select, params: ['2'] })).rejects.toMatchObject({
      code: -32602,
    });
    const accountsChanged = vi.fn();
    wallet.on('accountsChanged', accountsChanged);
    await wallet.request({ method: DEMO_METHODS.select, params: [3] });
    expect(accountsChanged).toHaveBeenCalledWith([]);
    await expect(wallet.request({ method: 'eth_accounts' })).resolves.toEqual([]);
    await expect(wallet.request({ method: 'eth_requestAccounts' })).resolves.toEqual([wallet.address]);
    expect(wallet.address).not.toBe(ALICE);
  });

  it('personal_sign gives a signature viem verifyMessage accepts', async () => {
    const { wallet } = authorizedWallet();
    await wallet.request({ method: 'eth_requestAccounts' });
    const message = 'Sign in to ETERNO\nnonce: abc';
    const signature = await wallet.request({ method: 'personal_sign', params: [stringToHex(message), ALICE] });
    expect(await verifyMessage({ address: ALICE, message, signature: signature as `0x${string}` })).toBe(true);
    expect(await verifyMessage({ address: BOB, message, signature: signature as `0x${string}` })).toBe(false);
  });

  it('refuses to sign for an unauthorized site or another address (4100)', async () => {
    const { wallet } = authorizedWallet();
    await expect(wallet.request({ method: 'personal_sign', params: ['0x01', ALICE] })).rejects.toMatchObject({
      code: 4100,
    });
    await wallet.request({ method: 'eth_requestAccounts' });
    await expect(wallet.request({ method: 'personal_sign', params: ['0x01', BOB] })).rejects.toMatchObject({
      code: 4100,
    });
  });

  it('eth_signTypedData_v4 signs JSON typed data with string integers as their values', async () => {
    const { wallet } = authorizedWallet();
    await wallet.request({ method: 'eth_requestAccounts' });
    const domain = { name: 'ETERNO Vault', version: '1', chainId: 201022, verifyingContract: BOB } as const;
    const types = {
      Withdraw: [
        { name: 'user', type: 'address' },
        { name: 'amounts', type: 'uint256[]' },
        { name: 'deadline', type: 'uint64' },
      ],
    } as const;
    const message = { user: ALICE, amounts: [10n ** 18n, 5n], deadline: 1_900_000_000n };
    const json = JSON.stringify({
      types: {
        EIP712Domain: [
          { name: 'name', type: 'string' },
          { name: 'version', type: 'string' },
          { name: 'chainId', type: 'uint256' },
          { name: 'verifyingContract', type: 'address' },
        ],
        ...types,
      },
      primaryType: 'Withdraw',
      domain,
      message: { user: ALICE, amounts: ['1000000000000000000', 5], deadline: '1900000000' },
    });
    const signature = (await wallet.request({
      method: 'eth_signTypedData_v4',
      params: [ALICE, json],
    })) as `0x${string}`;
    expect(await verifyTypedData({ address: ALICE, domain, types, primaryType: 'Withdraw', message, signature })).toBe(
      true,
    );
  });

  it('accepts switching to 201022 only', async () => {
    const { wallet } = authorizedWallet();
    await expect(wallet.request({ method: 'eth_chainId' })).resolves.toBe('0x3113e');
    await expect(
      wallet.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x3113e' }] }),
    ).resolves.toBeNull();
    await expect(
      wallet.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x1' }] }),
    ).rejects.toMatchObject({
      code: 4902,
    });
    await expect(
      wallet.request({ method: 'wallet_addEthereumChain', params: [{ chainId: '0x1', rpcUrls: ['https://x'] }] }),
    ).rejects.toMatchObject({ code: 4200 });
  });

  it('forwards reads to the RPC and refuses methods it does not support', async () => {
    const { wallet } = authorizedWallet();
    const balance = await wallet.request({ method: 'eth_getBalance', params: [ALICE, 'latest'] });
    expect(BigInt(balance as string)).toBeGreaterThan(0n);
    await expect(wallet.request({ method: 'eth_sign', params: [ALICE, '0x01'] })).rejects.toMatchObject({ code: 4200 });
    await expect(wallet.request({ method: 'wallet_watchAsset', params: {} })).rejects.toMatchObject({ code: 4200 });
  });

  it('eth_sendTransaction signs locally and sends the raw transaction to the chain', async () => {
    const { wallet } = authorizedWallet();
    await wallet.request({ method: 'eth_requestAccounts' });
    const client = createPublicClient({ transport: http(anvil.rpcUrl) });
    const before = await client.getBalance({ address: BOB });
    const hash = (await wallet.request({
      method: 'eth_sendTransaction',
      params: [{ from: ALICE.toLowerCase(), to: BOB, value: `0x${parseEther('1.5').toString(16)}` }],
    })) as `0x${string}`;
    const receipt = await client.waitForTransactionReceipt({ hash });
    expect(receipt.status).toBe('success');
    expect(receipt.from.toLowerCase()).toBe(ALICE.toLowerCase());
    expect((await client.getBalance({ address: BOB })) - before).toBe(parseEther('1.5'));
  });
});

describe('demo wallet gate', () => {
  const local = (rpcUrl: string, overrides: Partial<DemoWalletConfig> = {}): DemoWalletConfig => ({
    demoWallet: true,
    rpcUrl,
    deployments: { network: 'local' },
    ...overrides,
  });
  const chainIdFetch = (hex: string) =>
    vi.fn(async () => new Response(JSON.stringify({ jsonrpc: '2.0', id: 1, result: hex })));

  function listen(win: EventTarget) {
    const seen: string[] = [];
    const watcher = watchAnnouncedProviders(win, (list) =>
      seen.splice(0, seen.length, ...list.map((d) => d.info.rdns)),
    );
    return { seen, stop: watcher.stop };
  }

  it('announces the wallet on a loopback RPC that answers 201022', async () => {
    const win = new EventTarget();
    const { seen } = listen(win);
    await expect(announceDemoWalletIfAllowed({ config: local(anvil.rpcUrl), win })).resolves.toBe(true);
    expect(seen).toEqual([DEMO_WALLET_RDNS]);
    const later = listen(win);
    expect(later.seen).toEqual([DEMO_WALLET_RDNS]);
  });

  it('is not announced when the config disables it', async () => {
    const win = new EventTarget();
    const { seen } = listen(win);
    const load = vi.fn();
    const fetch = chainIdFetch('0x3113e');
    await expect(
      announceDemoWalletIfAllowed({ config: local('http://127.0.0.1:1', { demoWallet: false }), win, fetch, load }),
    ).resolves.toBe(false);
    expect(fetch).not.toHaveBeenCalled();
    expect(load).not.toHaveBeenCalled();
    expect(seen).toEqual([]);
  });

  it.each([
    ['the RPC is not on loopback', local('https://rpc.eterno.example')],
    ['the RPC host only looks like loopback', local('http://127.0.0.1.evil.example:8545')],
    [
      'the deployments are not the local network',
      local('http://127.0.0.1:8545', { deployments: { network: 'mainnet' } }),
    ],
  ])('is not announced when %s', async (_case, config) => {
    const load = vi.fn();
    const fetch = chainIdFetch('0x3113e');
    await expect(announceDemoWalletIfAllowed({ config, win: new EventTarget(), fetch, load })).resolves.toBe(false);
    expect(fetch).not.toHaveBeenCalled();
    expect(load).not.toHaveBeenCalled();
  });

  it('is not announced when the RPC chain id differs from 201022', async () => {
    const win = new EventTarget();
    const { seen } = listen(win);
    const load = vi.fn();
    const fetch = chainIdFetch('0x7a69');
    await expect(announceDemoWalletIfAllowed({ config: local('http://127.0.0.1:1'), win, fetch, load })).resolves.toBe(
      false,
    );
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(load).not.toHaveBeenCalled();
    expect(seen).toEqual([]);
  });

  it('announces a stand-in with the demo info that loads the wallet only on its first request', async () => {
    const win = new EventTarget();
    const details: Eip6963ProviderDetail[] = [];
    win.addEventListener('eip6963:announceProvider', (event) =>
      details.push((event as CustomEvent<Eip6963ProviderDetail>).detail),
    );
    const load = vi.fn(() => import('./demoWallet.ts'));
    await expect(announceDemoWalletIfAllowed({ config: local(anvil.rpcUrl), win, load })).resolves.toBe(true);
    expect(details).toHaveLength(1);
    expect(details[0]?.info).toMatchObject({ name: DEMO_WALLET_NAME, rdns: DEMO_WALLET_RDNS });
    expect(details[0]?.info.icon).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(load).not.toHaveBeenCalled();
    await expect(details[0]?.provider.request({ method: 'eth_chainId' })).resolves.toBe('0x3113e');
    await details[0]?.provider.request({ method: 'eth_chainId' });
    expect(load).toHaveBeenCalledTimes(1);
  });
});
