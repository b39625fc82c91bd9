// @vitest-environment jsdom
import '../../i18n/index.ts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createPublicClient, createWalletClient, erc20Abi, http, parseUnits, type Address } from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { WagmiProvider } from 'wagmi';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startAnvil, type Anvil } from '@eterno/devstack/anvil';
import { deploy } from '@eterno/devstack/deploy';
import { defineEternoChain } from '@eterno/protocol/chain';
import type { Deployments } from '@eterno/protocol/deployments';
import { createWagmiConfig } from '../../chain/wagmiConfig.ts';
import { setConfigForTesting } from '../../config.ts';
import { setLanguage } from '../../i18n/index.ts';
import DataIndex from './DataIndex.tsx';

/**
 * Real chain for the app's own check of the holdings (anvil, contracts deployed and seeded); the
 * figures are the server's answer. A fresh account stands in for the vault, so its holdings are exactly
 * what the test sends it.
 */
const MNEMONIC = 'test test test test test test test test test test test junk';
const bob = mnemonicToAccount(MNEMONIC, { addressIndex: 2 });
const VAULT = mnemonicToAccount(MNEMONIC, { addressIndex: 15 }).address;
const E18 = 10n ** 18n;

let anvil: Anvil;
let deployments: Deployments;
/** The block after the test's transfers: the server's figures are "at" it. */
let head: bigint;

beforeAll(async () => {
  anvil = await startAnvil();
  deployments = await deploy({ rpcUrl: anvil.rpcUrl });
  const chain = defineEternoChain(anvil.rpcUrl);
  const wallet = createWalletClient({ account: bob, chain, transport: http(anvil.rpcUrl) });
  const client = createPublicClient({ chain, transport: http(anvil.rpcUrl) });
  for (const [token, amount] of [
    [deployments.contracts.USDT, parseUnits('1000', 18)],
    [deployments.contracts.ETRO, parseUnits('40', 18)],
  ] as const) {
    const hash = await wallet.writeContract({
      address: token,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [VAULT, amount],
    });
    await client.waitForTransactionReceipt({ hash });
  }
  head = await client.getBlockNumber({ cacheTime: 0 });
}, 60_000);

afterAll(async () => {
  await anvil?.stop();
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
let statsAnswer: () => Response;
const realFetch = globalThis.fetch.bind(globalThis);
/** The API answers from the test; JSON-RPC goes to anvil. */
const fetchMock = vi.fn(async (input: string | URL | Request, init?: RequestInit) =>
  String(input).startsWith('http://api.test/') ? statsAnswer() : realFetch(input, init),
);
const apiCalls = () =>
  fetchMock.mock.calls.map(([input]) => String(input)).filter((url) => url.startsWith('http://api.test/'));

beforeEach(async () => {
  await setLanguage('en');
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
  setConfigForTesting(undefined);
});

function useChain(vault: Address): void {
  const contracts = { ...deployments.contracts, EternoVault: vault };
  setConfigForTesting({
    chainId: 201022,
    rpcUrl: anvil.rpcUrl,
    apiUrl: 'http://api.test',
    deployments: { ...deployments, contracts },
    demoWallet: false,
  });
}

type TokenFigures = { symbol: 'USDT' | 'ETRO'; holdings: bigint; liabilities: bigint; free: bigint };

function stats(tokens: TokenFigures[], blockNumber = head) {
  return {
    users: '3',
    blockNumber: blockNumber.toString(),
    tokens: tokens.map(({ symbol, holdings, liabilities, free }) => ({
      token: deployments.contracts[symbol].toLowerCase(),
      symbol,
      deposited: String(liabilities + 5n * E18),
      withdrawn: String(5n * E18),
      holdings: String(holdings),
      liabilities: String(liabilities),
      openVouchers: String(2n * E18),
      unexpiredQuotes: String(3n * E18),
      freeReserve: String(free),
      exchangeBudget: String(7n * E18),
    })),
  };
}

function renderDataIndex() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wagmiConfig = createWagmiConfig({ rpcUrl: anvil.rpcUrl, pollingInterval: 60_000 });
  const wrap = (children: ReactNode) => (
    <WagmiProvider config={wagmiConfig} reconnectOnMount={false}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </WagmiProvider>
  );
  render(wrap(<DataIndex />));
}

describe('Assets › data index', () => {
  it('shows the server’s figures of one block, whether the holdings cover the rest, and checks the holdings on chain at that block', async () => {
    useChain(VAULT);
    statsAnswer = () =>
      json(
        200,
        stats([
          { symbol: 'USDT', holdings: 1_000n * E18, liabilities: 900n * E18, free: 95n * E18 },
          // The server claims 45 ETRO where the chain says 40 at that block, and a shortfall of 10.
          { symbol: 'ETRO', holdings: 45n * E18, liabilities: 50n * E18, free: -10n * E18 },
        ]),
      );
    renderDataIndex();
    await waitFor(() => expect(screen.getByTestId('chain-check-USDT').dataset.match).toBe('true'), {
      timeout: 10_000,
    });
    expect(screen.getByTestId('data-users').textContent).toBe('3');
    expect(screen.getByTestId('data-ledger-block').textContent).toBe(`#${head}`);
    expect(screen.getByTestId('holdings-USDT').textContent).toBe('1,000 USDT');
    expect(screen.getByTestId('liabilities-USDT').textContent).toBe('900 USDT');
    expect(screen.getByTestId('vouchers-USDT').textContent).toBe('2 USDT');
    expect(screen.getByTestId('quotes-USDT').textContent).toBe('3 USDT');
    expect(screen.getByTestId('free-USDT').textContent).toBe('95 USDT');
    expect(screen.getByTestId('budget-USDT').textContent).toBe('7 USDT');
    expect(screen.getByTestId('deposited-USDT').textContent).toBe('905 USDT');
    expect(screen.getByTestId('withdrawn-USDT').textContent).toBe('5 USDT');
    expect(screen.getByTestId('coverage-USDT').dataset.covered).toBe('true');
    expect(screen.getByTestId('coverage-USDT').textContent).toBe('Covered');
    expect(screen.getByTestId('chain-check-USDT').textContent).toBe('The holdings match the chain at this block.');
    expect(screen.getByTestId('free-ETRO').textContent).toBe('−10 ETRO');
    expect(screen.getByTestId('coverage-ETRO').dataset.covered).toBe('false');
    expect(screen.getByTestId('coverage-ETRO').textContent).toBe('Not covered: short by 10 ETRO');
    expect(screen.getByTestId('chain-check-ETRO').dataset.match).toBe('false');
    expect(screen.getByTestId('chain-check-ETRO').textContent).toBe(
      'The chain says the vault held 40 ETRO at this block.',
    );
    expect(screen.getByText(`Block #${head}`)).toBeTruthy();
    expect(apiCalls()[0]).toBe('http://api.test/vault/stats');
  }, 20_000);

  it('in Chinese too', async () => {
    await setLanguage('zh');
    useChain(VAULT);
    statsAnswer = () =>
      json(200, stats([{ symbol: 'USDT', holdings: 1_000n * E18, liabilities: 900n * E18, free: 95n * E18 }]));
    renderDataIndex();
    await waitFor(() => expect(screen.getByTestId('chain-check-USDT').dataset.match).toBe('true'), {
      timeout: 10_000,
    });
    expect(screen.getByText('未过期报价')).toBeTruthy();
    expect(screen.getByText('可用储备')).toBeTruthy();
    expect(screen.getByTestId('chain-check-USDT').textContent).toBe('持有量与该区块的链上数据一致。');
  }, 20_000);

  it('shows a holding it cannot check on chain as an error, keeping the server’s figures', async () => {
    useChain(VAULT);
    // The server names a token at an address with no contract: its balanceOf sub-call returns no data.
    const body = stats([{ symbol: 'USDT', holdings: 0n, liabilities: 0n, free: 0n }]);
    body.tokens[0]!.token = bob.address.toLowerCase();
    statsAnswer = () => json(200, body);
    renderDataIndex();
    const alert = await screen.findByRole('alert', {}, { timeout: 10_000 });
    expect(alert.textContent).toContain('USDT.balanceOf');
    expect(screen.getByTestId('chain-check-USDT').textContent).toBe('The holdings could not be checked on chain.');
    expect(screen.getByTestId('holdings-USDT').textContent).toBe('0 USDT');
  }, 20_000);

  it('shows a failed answer with Retry', async () => {
    useChain(VAULT);
    statsAnswer = () => json(500, { error: { code: 'INTERNAL', message: 'down' } });
    renderDataIndex();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeTruthy();
    expect(screen.queryByTestId('data-users')).toBeNull();
  });
});
