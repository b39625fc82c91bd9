// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { getAddress, type Address } from 'viem';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setConfigForTesting } from '../../config.ts';
import { setLanguage } from '../../i18n/index.ts';
import { setSession } from '../../session/session.ts';
import { testAppConfig } from '../../testing/appConfig.ts';
import { BillList } from './BillList.tsx';
import { CONTRIBUTION_BILL_TYPES } from '@eterno/protocol/bills';

const ALICE = getAddress('0x70997970C51812dc3A010C7d01b50e0d17dc79C8');
const config = testAppConfig({ apiUrl: 'http://api.test' });
const USDT = config.deployments.contracts.USDT;
const ETRO = config.deployments.contracts.ETRO;
const TX1 = `0x${'1a'.repeat(32)}`;
const TX2 = `0x${'2b'.repeat(32)}`;
const E18 = 10n ** 18n;

type WireBill = { id: string; type: string; token: string; amount: string; time: string; txHash: string | null };
const wire = (
  id: string,
  type: string,
  token: Address,
  amount: bigint,
  time: number,
  txHash: string | null,
): WireBill => ({
  id,
  type,
  token: token.toLowerCase(),
  amount: amount.toString(),
  time: String(time),
  txHash,
});

let answer: (url: URL) => { bills: WireBill[]; nextBefore: string | null };
const answerFetch = async (input: string | URL | Request, _init?: RequestInit) => {
  const body = answer(new URL(String(input)));
  return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
};
const fetchMock = vi.fn(answerFetch);
const requested = () => fetchMock.mock.calls.map(([input]) => new URL(String(input)));

beforeEach(async () => {
  await setLanguage('en');
  sessionStorage.clear();
  setSession({ address: ALICE, token: 'tok' });
  setConfigForTesting(config);
  fetchMock.mockReset();
  fetchMock.mockImplementation(answerFetch);
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
  setConfigForTesting(undefined);
});

function renderList(props: Partial<Parameters<typeof BillList>[0]> = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <BillList account={ALICE} {...props} />
    </QueryClientProvider>,
  );
}

const rows = () => within(screen.getByTestId('bill-list')).getAllByTestId('bill-row');

describe('BillList', () => {
  it('lists the entries newest first as the API gives them: type, signed coloured amount, time, transaction', async () => {
    answer = () => ({
      bills: [
        wire('b3', 'timeout_return', USDT, 2n * E18, 1_700_000_300, null),
        wire('b2', 'withdraw', USDT, -2n * E18, 1_700_000_200, TX2),
        wire('b1', 'deposit', USDT, 1234n * E18 + 5n * 10n ** 17n, 1_700_000_100, TX1),
      ],
      nextBefore: null,
    });
    renderList();
    await waitFor(() => expect(rows()).toHaveLength(3));
    const [ret, out, dep] = rows();
    expect(ret!.textContent).toContain('Timeout return');
    expect(ret!.textContent).toContain('+2 USDT');
    expect(ret!.textContent).toContain('No transaction');
    expect(out!.textContent).toContain('Withdraw');
    expect(out!.textContent).toContain('−2 USDT');
    expect(out!.querySelector('.bill-amount')!.className).toContain('bill-out');
    expect(dep!.textContent).toContain('Deposit');
    expect(dep!.textContent).toContain('+1,234.5 USDT');
    expect(dep!.querySelector('.bill-amount')!.className).toContain('bill-in');
    // No explorer configured: the short hash with a copy button.
    const copy = within(dep!).getByRole('button', { name: `Copy transaction hash ${TX1}` });
    expect(copy.textContent).toContain('0x1a1a1a…1a1a1a');
    expect(dep!.querySelector('a')).toBeNull();
    expect(screen.queryByTestId('bill-more')).toBeNull();
    const url = requested()[0]!;
    expect(url.pathname).toBe('/bills');
    expect(url.searchParams.get('type')).toBeNull();
    expect(url.searchParams.get('limit')).toBe('20');
  });

  it('links each entry to the explorer when the config has one', async () => {
    setConfigForTesting({ ...config, explorerUrl: 'https://explorer.example' });
    answer = () => ({ bills: [wire('b1', 'deposit', ETRO, E18, 1_700_000_100, TX1)], nextBefore: null });
    renderList();
    const link = await screen.findByRole('link', { name: `View transaction ${TX1}` });
    expect(link.getAttribute('href')).toBe(`https://explorer.example/tx/${TX1}`);
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(rows()[0]!.textContent).toContain('+1 ETRO');
  });

  it('filters by any of the 26 types, asking the API for that type only', async () => {
    answer = (url) =>
      url.searchParams.get('type') === 'withdraw'
        ? { bills: [wire('w1', 'withdraw', USDT, -E18, 1_700_000_200, TX2)], nextBefore: null }
        : { bills: [wire('b1', 'deposit', USDT, E18, 1_700_000_100, TX1)], nextBefore: null };
    renderList();
    await waitFor(() => expect(rows()[0]!.dataset.type).toBe('deposit'));
    const filter = screen.getByTestId('bill-filter') as HTMLSelectElement;
    expect(filter.options).toHaveLength(27);
    expect([...filter.options].map((o) => o.textContent)).toContain('Node reward');
    expect([...filter.options].map((o) => o.textContent)).toContain('Loop reinvestment');
    expect(filter.value).toBe('all');
    expect([...filter.options].map((o) => o.textContent)).toContain('Matching (distribution)');
    fireEvent.change(filter, { target: { value: 'withdraw' } });
    await waitFor(() => expect(rows().map((row) => row.dataset.type)).toEqual(['withdraw']));
    expect(requested().at(-1)!.searchParams.get('type')).toBe('withdraw');
  });

  it('says which type has no entries', async () => {
    answer = () => ({ bills: [], nextBefore: null });
    renderList();
    expect((await screen.findByTestId('bill-empty')).textContent).toBe('No bill entries yet.');
    fireEvent.change(screen.getByTestId('bill-filter'), { target: { value: 'lp_reward' } });
    await waitFor(() => expect(screen.getByTestId('bill-empty').textContent).toBe('No “LP reward” entries yet.'));
  });

  it('marks the reserved types in the filter and says why their list stays empty', async () => {
    answer = () => ({ bills: [], nextBefore: null });
    renderList();
    await screen.findByTestId('bill-empty');
    const filter = screen.getByTestId('bill-filter') as HTMLSelectElement;
    const label = (value: string) => [...filter.options].find((o) => o.value === value)!.textContent;
    expect(label('fon_release')).toBe('FON release (reserved)');
    expect(label('team')).toBe('Team (reserved)');
    expect(label('airdrop')).toBe('Airdrop (reserved)');
    expect(label('node_reward')).toBe('Node reward');
    fireEvent.change(filter, { target: { value: 'fon_release' } });
    await waitFor(() =>
      expect(screen.getByTestId('bill-empty').textContent).toBe(
        '“FON release” is a reserved type: no rule of ETERNO makes these entries yet, so none are listed.',
      ),
    );
  });

  it('loads older pages with "Load more", the cursor of the last page', async () => {
    answer = (url) =>
      url.searchParams.get('before') === '1700000100:b2'
        ? { bills: [wire('b1', 'deposit', USDT, E18, 1_700_000_000, TX1)], nextBefore: null }
        : {
            bills: [
              wire('b3', 'deposit', USDT, 3n * E18, 1_700_000_200, TX2),
              wire('b2', 'deposit', USDT, 2n * E18, 1_700_000_100, TX2),
            ],
            nextBefore: '1700000100:b2',
          };
    renderList();
    await waitFor(() => expect(rows()).toHaveLength(2));
    fireEvent.click(screen.getByTestId('bill-more'));
    await waitFor(() =>
      expect(rows().map((row) => row.dataset.amount)).toEqual([`${3n * E18}`, `${2n * E18}`, `${E18}`]),
    );
    expect(screen.queryByTestId('bill-more')).toBeNull();
  });

  it('asks for one token only when given one', async () => {
    answer = () => ({ bills: [], nextBefore: null });
    renderList({ token: ETRO });
    await screen.findByTestId('bill-empty');
    expect(requested()[0]!.searchParams.get('token')).toBe(ETRO.toLowerCase());
  });

  it('offers only the given types, the first selected, without "All types"', async () => {
    answer = () => ({ bills: [], nextBefore: null });
    renderList({ types: CONTRIBUTION_BILL_TYPES });
    await screen.findByTestId('bill-empty');
    const filter = screen.getByTestId('bill-filter') as HTMLSelectElement;
    expect([...filter.options].map((o) => o.value)).toEqual(['deposit', 'buy_package']);
    expect(requested()[0]!.searchParams.get('type')).toBe('deposit');
  });

  it('shows a failed load with Retry, which asks again', async () => {
    let fail = true;
    fetchMock.mockImplementation(async () =>
      fail
        ? new Response(JSON.stringify({ error: { code: 'SERVER_ERROR', message: 'down' } }), { status: 500 })
        : new Response(
            JSON.stringify({ bills: [wire('b1', 'deposit', USDT, E18, 1_700_000_100, TX1)], nextBefore: null }),
            {
              status: 200,
            },
          ),
    );
    renderList();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The bill could not be loaded.');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
  });

  it('speaks Chinese', async () => {
    answer = () => ({ bills: [wire('b1', 'binary', USDT, E18, 1_700_000_100, TX1)], nextBefore: null });
    await act(async () => setLanguage('zh'));
    renderList();
    await waitFor(() => expect(rows()[0]!.textContent).toContain('二元（平衡）'));
    expect((screen.getByTestId('bill-filter') as HTMLSelectElement).options[0]!.textContent).toBe('全部类型');
    await act(async () => setLanguage('en'));
  });
});
