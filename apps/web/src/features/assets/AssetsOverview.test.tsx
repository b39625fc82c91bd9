// @vitest-environment jsdom
import '../../i18n/index.ts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { createPublicClient, createWalletClient, erc20Abi, http, parseUnits, type Address } from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { WagmiProvider } from 'wagmi';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startAnvil, type Anvil } from '@eterno/devstack/anvil';
import { deploy } from '@eterno/devstack/deploy';
import { formatTokenAmount } from '@eterno/protocol/amount';
import { defineEternoChain } from '@eterno/protocol/chain';
import type { Deployments } from '@eterno/protocol/deployments';
import { createWagmiConfig } from '../../chain/wagmiConfig.ts';
import { setConfigForTesting } from '../../config.ts';
import { WalletContext } from '../../shell/walletContext.ts';
import AssetsOverview from './AssetsOverview.tsx';
import { refreshChainReads } from '../../chain/useBlockRead.ts';
import { OVERVIEW_SYMBOLS, type OverviewSymbol } from './overviewTokens.ts';

/** Real chain: anvil with the contracts deployed and seeded by the deploy script. */
const MNEMONIC = 'test test test test test test test test test test test junk';
const alice = mnemonicToAccount(MNEMONIC, { addressIndex: 1 });
const bob = mnemonicToAccount(MNEMONIC, { addressIndex: 2 });

let anvil: Anvil;
let deployments: Deployments;

beforeAll(async () => {
  anvil = await startAnvil();
  deployments = await deploy({ rpcUrl: anvil.rpcUrl });
}, 60_000);

afterAll(async () => {
  await anvil?.stop();
});

afterEach(() => setConfigForTesting(undefined));

function useDeployments(contracts: Deployments['contracts'] = deployments.contracts): void {
  setConfigForTesting({
    chainId: 201022,
    rpcUrl: anvil.rpcUrl,
    apiUrl: 'http://127.0.0.1:9',
    deployments: { ...deployments, contracts },
    demoWallet: false,
  });
}

async function chainBalances(account: Address): Promise<Record<OverviewSymbol, bigint>> {
  const client = createPublicClient({ chain: defineEternoChain(anvil.rpcUrl), transport: http(anvil.rpcUrl) });
  const token = (symbol: 'UNITS' | 'EULP' | 'ETRO' | 'USDT' | 'EUSD' | 'PUSD') =>
    client.readContract({
      address: deployments.contracts[symbol],
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [account],
    });
  const [UNITS, EULP, ETRO, USDT, EUSD, PUSD, FON] = await Promise.all([
    token('UNITS'),
    token('EULP'),
    token('ETRO'),
    token('USDT'),
    token('EUSD'),
    token('PUSD'),
    client.getBalance({ address: account }),
  ]);
  return { UNITS, EULP, ETRO, USDT, EUSD, PUSD, FON };
}

function renderOverview(account: Address, pollingInterval = 60_000) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wagmiConfig = createWagmiConfig({ rpcUrl: anvil.rpcUrl, pollingInterval });
  const wrap = (children: ReactNode) => (
    <WagmiProvider config={wagmiConfig} reconnectOnMount={false}>
      <QueryClientProvider client={queryClient}>
        <WalletContext.Provider value={{ account, provider: { request: async () => null } }}>
          {children}
        </WalletContext.Provider>
      </QueryClientProvider>
    </WagmiProvider>
  );
  const router = createMemoryRouter([{ path: '*', element: wrap(<AssetsOverview />) }], {
    initialEntries: ['/assets/overview'],
  });
  render(<RouterProvider router={router} />);
  return { queryClient };
}

const row = (symbol: OverviewSymbol) => screen.getByTestId(`balance-${symbol}`);

async function expectShown(expected: Record<OverviewSymbol, bigint>): Promise<void> {
  await waitFor(
    () => {
      for (const symbol of OVERVIEW_SYMBOLS) {
        expect(
          within(row(symbol)).getByText(formatTokenAmount(expected[symbol], symbol, { grouping: true })),
        ).toBeTruthy();
      }
    },
    { timeout: 10_000 },
  );
}

async function sendFromBob(token: Address | null, to: Address, amount: bigint): Promise<void> {
  const chain = defineEternoChain(anvil.rpcUrl);
  const wallet = createWalletClient({ account: bob, chain, transport: http(anvil.rpcUrl) });
  const client = createPublicClient({ chain, transport: http(anvil.rpcUrl) });
  const hash = token
    ? await wallet.writeContract({ address: token, abi: erc20Abi, functionName: 'transfer', args: [to, amount] })
    : await wallet.sendTransaction({ to, value: amount });
  await client.waitForTransactionReceipt({ hash });
}

describe('Assets › overview on a real chain', () => {
  it('shows the seven balances (PUSD too) of the account as the chain has them, skeletons first', async () => {
    useDeployments();
    renderOverview(alice.address);
    expect(row('UNITS').getAttribute('aria-busy')).toBe('true');
    const expected = await chainBalances(alice.address);
    for (const symbol of OVERVIEW_SYMBOLS) expect(expected[symbol], symbol).toBeGreaterThan(0n);
    await expectShown(expected);
    expect(row('UNITS').getAttribute('aria-busy')).toBe('false');
    expect(screen.getByText(/^Block #\d+$/)).toBeTruthy();
  });

  it('re-reads after refreshChainReads() (the user’s own transaction)', async () => {
    useDeployments();
    const { queryClient } = renderOverview(alice.address);
    await expectShown(await chainBalances(alice.address));
    await sendFromBob(deployments.contracts.USDT, alice.address, parseUnits('12.3456789', 18));
    await refreshChainReads(queryClient);
    await expectShown(await chainBalances(alice.address));
  });

  it('follows new blocks by itself', async () => {
    useDeployments();
    renderOverview(alice.address, 200);
    await expectShown(await chainBalances(alice.address));
    await sendFromBob(null, alice.address, parseUnits('1.25', 18));
    await expectShown(await chainBalances(alice.address));
  });

  it('shows a failed sub-call as an error with retry, never as a zero balance', async () => {
    useDeployments({ ...deployments.contracts, USDT: bob.address });
    renderOverview(alice.address);
    const alert = await screen.findByRole('alert', {}, { timeout: 10_000 });
    expect(alert.textContent).toContain('Could not read from the chain');
    expect(alert.textContent).toContain('USDT.balanceOf');
    expect(screen.queryByTestId('balance-USDT')).toBeNull();

    useDeployments();
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await expectShown(await chainBalances(alice.address));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
