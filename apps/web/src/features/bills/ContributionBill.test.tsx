// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import { getAddress } from 'viem';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setConfigForTesting } from '../../config.ts';
import { setLanguage } from '../../i18n/index.ts';
import { setSession } from '../../session/session.ts';
import { WalletContext } from '../../shell/walletContext.ts';
import { testAppConfig } from '../../testing/appConfig.ts';
import ContributionBill from './ContributionBill.tsx';

const ALICE = getAddress('0x70997970C51812dc3A010C7d01b50e0d17dc79C8');
const config = testAppConfig({ apiUrl: 'http://api.test' });
const { USDT, ETRO } = config.deployments.contracts;
const E18 = 10n ** 18n;
const TX = `0x${'3c'.repeat(32)}`;

const ledgerRow = (token: string, symbol: string, contributed: bigint) => ({
  token: token.toLowerCase(),
  symbol,
  credited: String(contributed),
  unreleased: '0',
  released: String(contributed),
  withdrawn: '0',
  reserved: '0',
  available: String(contributed),
  contributed: String(contributed),
});

let balances: unknown;
const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200 });
const fetchMock = vi.fn(async (input: string | URL | Request, _init?: RequestInit) => {
  const url = new URL(String(input));
  if (url.pathname === '/vault/balances') return json(balances);
  if (url.pathname === '/bills' && url.searchParams.get('type') === 'deposit') {
    return json({
      bills: [
        {
          id: 'd1',
          type: 'deposit',
          token: USDT.toLowerCase(),
          amount: String(250n * E18),
          time: '1700000000',
          txHash: TX,
        },
      ],
      nextBefore: null,
    });
  }
  return json({ bills: [], nextBefore: null });
});

beforeEach(async () => {
  await setLanguage('en');
  sessionStorage.clear();
  setSession({ address: ALICE, token: 'tok' });
  setConfigForTesting(config);
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
  setConfigForTesting(undefined);
});

function renderScreen() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <WalletContext.Provider value={{ account: ALICE, provider: { request: async () => null } }}>
        <ContributionBill />
      </WalletContext.Provider>
    </QueryClientProvider>,
  );
}

describe('Assets › contribution bill', () => {
  it('shows the accumulated contribution per token from the ledger and the deposit bill', async () => {
    balances = {
      balances: [ledgerRow(USDT, 'USDT', 250n * E18), ledgerRow(ETRO, 'ETRO', 0n)],
      blockNumber: '88',
      blockTime: '1700000000',
    };
    renderScreen();
    await waitFor(() => expect(screen.getByTestId('contributed-USDT').textContent).toContain('250'));
    expect(screen.getByTestId('contributed-ETRO').textContent).toContain('0');
    expect(screen.getByTestId('ledger-block').textContent).toBe('Ledger at block #88');
    expect(screen.queryByTestId('contribution-none')).toBeNull();
    const row = await screen.findByTestId('bill-row');
    expect(row.dataset.type).toBe('deposit');
    expect(row.textContent).toContain('+250 USDT');
    const filter = screen.getByTestId('bill-filter') as HTMLSelectElement;
    expect([...filter.options].map((o) => o.textContent)).toEqual(['Deposit', 'Buy package']);
    const calls = fetchMock.mock.calls.map(([input]) => new URL(String(input)));
    expect(calls.find((url) => url.pathname === '/bills')?.searchParams.get('type')).toBe('deposit');
  });

  it('says so when there is no contribution yet', async () => {
    balances = { balances: [ledgerRow(USDT, 'USDT', 0n)], blockNumber: '3', blockTime: '1700000000' };
    renderScreen();
    expect((await screen.findByTestId('contribution-none')).textContent).toContain('No contribution yet');
  });

  it('shows a malformed ledger answer as an error with Retry, never as zeros', async () => {
    balances = {
      balances: [{ ...ledgerRow(USDT, 'USDT', E18), contributed: 'lots' }],
      blockNumber: '3',
      blockTime: '1',
    };
    renderScreen();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('balances[0].contributed');
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeTruthy();
    expect(screen.queryByTestId('contributed-USDT')).toBeNull();
  });
});
