// @vitest-environment jsdom
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createPublicClient, http, parseEther, type Address } from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { WagmiProvider } from 'wagmi';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startAnvil, type Anvil } from '@eterno/devstack/anvil';
import { deploy } from '@eterno/devstack/deploy';
import { formatTokenAmount } from '@eterno/protocol/amount';
import { defineEternoChain, LOCAL_TEST_MNEMONIC } from '@eterno/protocol/chain';
import type { Deployments } from '@eterno/protocol/deployments';
import { etroSwapAbi, lockLedgerAbi } from '@eterno/protocol/generated/abis';
import { queryClient } from '../../chain/queryClient.ts';
import { createWagmiConfig } from '../../chain/wagmiConfig.ts';
import { setConfigForTesting } from '../../config.ts';
import { WalletContext } from '../../shell/walletContext.ts';
import SwapScreen from './SwapScreen.tsx';

/** Real chain: anvil with the contracts deployed and seeded; the wallet sends through anvil's unlocked accounts. */
const alice = mnemonicToAccount(LOCAL_TEST_MNEMONIC, { addressIndex: 1 }).address;
let anvil: Anvil;
let deployments: Deployments;

beforeAll(async () => {
  anvil = await startAnvil();
  deployments = await deploy({ rpcUrl: anvil.rpcUrl });
}, 120_000);
afterAll(async () => {
  await anvil?.stop();
});
afterEach(() => {
  setConfigForTesting(undefined);
  queryClient.clear();
});

const sent: string[] = [];
const provider = {
  async request({ method, params }: { method: string; params?: unknown }) {
    sent.push(method);
    const response = await fetch(anvil.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: params ?? [] }),
    });
    const body = (await response.json()) as { result?: unknown; error?: { message: string; code: number } };
    if (body.error) throw Object.assign(new Error(body.error.message), { code: body.error.code });
    return body.result;
  },
  on() {},
  removeListener() {},
};

function renderScreen(contracts: Deployments['contracts'] = deployments.contracts) {
  setConfigForTesting({
    chainId: 201022,
    rpcUrl: anvil.rpcUrl,
    apiUrl: 'http://127.0.0.1:9',
    deployments: { ...deployments, contracts },
    demoWallet: false,
  });
  render(
    <WagmiProvider
      config={createWagmiConfig({ rpcUrl: anvil.rpcUrl, pollingInterval: 60_000 })}
      reconnectOnMount={false}
    >
      <QueryClientProvider client={queryClient}>
        <WalletContext.Provider value={{ account: alice, provider }}>
          <SwapScreen />
        </WalletContext.Provider>
      </QueryClientProvider>
    </WagmiProvider>,
  );
}

const read = <T,>(address: Address, abi: readonly unknown[], functionName: string, args: readonly unknown[]) =>
  createPublicClient({ chain: defineEternoChain(anvil.rpcUrl), transport: http(anvil.rpcUrl) }).readContract({
    address,
    abi,
    functionName,
    args,
  } as never) as Promise<T>;

describe('Assets › swap on a real chain', () => {
  it('shows the chain figures, quotes the typed amount, buys (approve → swap) and shows the purchase locked', async () => {
    renderScreen();
    await screen.findByText('Balance: 50,000 USDT', {}, { timeout: 15_000 });
    expect(screen.getByTestId('swap-price').textContent).toBe('1 ETRO = 0.5 USDT');
    expect(screen.getByTestId('lock-locked').textContent).toBe('0 ETRO');

    const amountIn = parseEther('250');
    const [, out] = await read<[bigint, bigint]>(deployments.contracts.EtroSwap, etroSwapAbi, 'quoteBuy', [amountIn]);
    fireEvent.change(screen.getByTestId('swap-amount'), { target: { value: '250' } });
    await waitFor(
      () =>
        expect(screen.getByTestId('swap-receive').textContent).toBe(formatTokenAmount(out, 'ETRO', { grouping: true })),
      {
        timeout: 10_000,
      },
    );
    const submit = screen.getByTestId('swap-submit') as HTMLButtonElement;
    expect(submit.textContent).toBe('Approve USDT and buy');

    sent.length = 0;
    fireEvent.click(submit);
    const progress = within(screen.getByTestId('swap-panel')).getByTestId('tx-progress');
    await waitFor(() => expect(progress.dataset.phase).toBe('confirmed'), { timeout: 30_000 });
    expect(sent.filter((method) => method === 'eth_sendTransaction')).toHaveLength(2);
    const [credited] = await read<[bigint, bigint, bigint]>(
      deployments.contracts.LockLedger,
      lockLedgerAbi,
      'summaryOf',
      [alice],
    );
    expect(credited).toBe(out);
    await waitFor(
      () =>
        expect(screen.getByTestId('lock-released').textContent).toMatch(
          new RegExp(`of ${formatTokenAmount(out, 'ETRO', { grouping: true })} ETRO released$`),
        ),
      {
        timeout: 10_000,
      },
    );
    expect((screen.getByTestId('swap-amount') as HTMLInputElement).value).toBe('');
    await screen.findByText('Balance: 49,750 USDT');
  }, 60_000);

  it('shows a failed read as an error with the failed call and Retry, never zeros', async () => {
    renderScreen({ ...deployments.contracts, LockLedger: deployments.contracts.USDT });
    const alert = await screen.findByRole('alert', {}, { timeout: 15_000 });
    expect(alert.textContent).toContain('Could not read from the chain');
    expect(alert.textContent).toContain('LockLedger.summaryOf');
    expect(screen.queryByTestId('swap-panel')).toBeNull();
    setConfigForTesting({
      chainId: 201022,
      rpcUrl: anvil.rpcUrl,
      apiUrl: 'http://127.0.0.1:9',
      deployments,
      demoWallet: false,
    });
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await screen.findByTestId('swap-panel', {}, { timeout: 15_000 });
  }, 60_000);
});
