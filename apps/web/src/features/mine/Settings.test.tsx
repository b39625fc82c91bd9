// @vitest-environment jsdom
import '../../i18n/index.ts';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { inviteCodeOf } from '@eterno/protocol/referral/inviteCode';
import { setConfigForTesting, type AppConfig } from '../../config.ts';
import { setLanguage } from '../../i18n/index.ts';
import { getSession, setSession } from '../../session/session.ts';
import Settings from './Settings.tsx';

const E18_ = 10n ** 18n;
/** The chain's parameters as the help document reads them (one eth_call each, stubbed here). */
vi.mock('../../chain/useBlockRead.ts', () => ({
  useBlockRead: (name: string) => ({
    data:
      name === 'node-params'
        ? {
            nodes: '0x00000000000000000000000000000000000000a1',
            blockNumber: 1n,
            neededEtro: 12_000n * E18_,
            maxShareBps: 2500n,
            rarityWeights: { N: 1, R: 3, SR: 5, SSR: 9 },
          }
        : name === 'market-params'
          ? {
              market: '0x00000000000000000000000000000000000000a2',
              maxUnitPrice: E18_ * 2n,
              sellerFeeBps: 350n,
              rewardBps: 125n,
            }
          : undefined,
    error: null,
    loading: false,
    retry: () => {},
  }),
}));

beforeEach(() => {
  setConfigForTesting({ chainId: 201022, apiUrl: 'http://api.test' } as AppConfig);
});
afterEach(async () => {
  await act(() => setLanguage('en'));
  localStorage.clear();
  sessionStorage.clear();
  setConfigForTesting(undefined);
  vi.unstubAllGlobals();
});

const E18 = 10n ** 18n;
/** GET /finance/catalogue as the server answers it: the help document shows these live values. */
const CATALOGUE = {
  effectiveFrom: '0',
  usdt: '0x5fbdb2315678afecb367f032d93f642f64180aa3',
  etro: '0xe7f1725e7734ce288f8367e1bb143e90bb3f0512',
  unitPrice: (100n * E18).toString(),
  packages: [
    {
      id: 1,
      units: 1,
      price: (100n * E18).toString(),
      multiple01Bps: 20000,
      multiple02Bps: 30000,
      allocation01Bps: 6000,
      rewardLimit: (240n * E18).toString(),
      dailyRateBps: 50,
      cyclesMax: 5,
      cyclesLeft: null,
    },
  ],
  regular: [
    { id: 101, days: 7, dailyRateBps: 20, minAmount: (100n * E18).toString(), maxAmount: (100_000n * E18).toString() },
  ],
  dailyQuota: (50_000n * E18).toString(),
  purchaseLifetime: 1800,
  registered: null,
};

/** GET /referral/settings: the income rules in force (not the shipped file's, so nothing is a constant). */
const REFERRAL_SETTINGS = {
  effectiveFrom: '0',
  directBps: 1200,
  indirectBps: [600, 300, 150, 150, 150, 0, 100],
  binaryBps: 900,
  matchingBps: 1100,
  serviceCenterBps: 250,
  prizePoolBps: 150,
  prizePoolWinners: 7,
  loopBps: 2500,
  loopPackageId: 1,
  releaseDays: 30,
};

/** GET /account of a level-2 service centre invited by the genesis account. */
const ACCOUNT = {
  id: 5,
  is_original: false,
  is_service: 2,
  inviter_id: 1,
  inviter: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  ep: '0',
  wallet_address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' as const,
};

/** Renders the screen; `answer` stubs fetch (the catalogue's answer) unless the test stubbed it already. */
function renderSettings(answer?: () => Response, account: unknown = ACCOUNT) {
  if (answer !== undefined || !vi.isMockFunction(globalThis.fetch)) {
    const respond = answer ?? (() => Response.json(CATALOGUE));
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string | URL | Request) =>
        String(url).includes('/nodes/rewards')
          ? Response.json({ days: [], nextBefore: null, today: '0', poolBps: 150 })
          : answer === undefined && String(url).includes('/referral/settings')
            ? Response.json(REFERRAL_SETTINGS)
            : answer === undefined && String(url).endsWith('/account')
              ? Response.json(account)
              : respond(),
      ),
    );
  }
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <Settings />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('Mine › settings', () => {
  it('has the help document and security audit items', () => {
    renderSettings();
    expect(screen.getByText('Help document')).toBeTruthy();
    expect(screen.getByText('Security audit')).toBeTruthy();
    expect(screen.getByText(/30\/60\/90\/120\/150\/180\/210\/360 days/)).toBeTruthy();
  });

  it('the help document states the finance rules from the live settings (GET /finance/catalogue)', async () => {
    renderSettings();
    const help = await screen.findByTestId('finance-help');
    expect(help.textContent).toContain('1 unit = 100 USDT');
    expect(help.textContent).toContain('up to 50,000 USDT of payments are allotted');
    expect(help.textContent).toContain('1 unit · 100 USDT · multiples 2.0× / 3.0×');
    expect(help.textContent).toContain('limit 240 USDT · 5 cycles');
    expect(help.textContent).toContain('Regular 7 days');
    expect(help.textContent).toContain('100 USDT to 100,000 USDT');
  });

  it('the help document states the EUSD market and node parameters in force (contracts, GET /nodes/rewards)', async () => {
    renderSettings();
    const market = await screen.findByTestId('market-help');
    expect(market.textContent).toContain('Highest unit price of an order: 2 USDT per EUSD');
    expect(market.textContent).toContain('Seller fee: 3.5 %');
    expect(market.textContent).toContain('Buyer discount reward: 1.25 %');
    const node = await screen.findByTestId('node-help');
    expect(node.textContent).toContain('Needed ETRO to create a node: 12,000 ETRO');
    expect(node.textContent).toContain('Highest master share rate: 25 %');
    expect(node.textContent).toContain('N 1, R 3, SR 5, SSR 9');
    expect(await screen.findByText(/Node reward pool: 1\.5 % of each day's package payments/)).toBeTruthy();
  });

  it('the help document states every referral income rule with its value in force (GET /referral/settings)', async () => {
    renderSettings();
    const rule = async (name: string) => (await screen.findByTestId(`referral-help-${name}`)).textContent ?? '';
    expect(await rule('direct')).toBe('Direct referral: 12\u00a0% of each package payment of an account you invited.');
    // Level 7 pays nothing and is left out; equal neighbours are one line.
    expect(await rule('indirect')).toContain(
      'level 2 6\u00a0%, level 3 3\u00a0%, levels 4–6 1.5\u00a0% each, level 8 1\u00a0%',
    );
    expect(await rule('binary')).toContain('9\u00a0% of your weaker side');
    expect(await rule('binary')).toContain('carries over to the next day');
    expect(await rule('binary')).toContain('capped at your active package payments');
    expect(await rule('matching')).toContain('11\u00a0% of the binary income');
    expect(await rule('service')).toContain('2.5\u00a0% of each package payment');
    expect(await rule('pool')).toContain('1.5\u00a0% of each day');
    expect(await rule('pool')).toContain('top 7 accounts');
    // The loop unit is the loop package's price from the catalogue.
    await waitFor(async () =>
      expect(await rule('loop')).toContain(
        '25\u00a0% of every income paid goes to your loop balance; each full 100 USDT',
      ),
    );
    expect(await rule('release')).toContain('over 30 days');
    await act(() => setLanguage('zh'));
    expect(await rule('pool')).toContain('前 7 的账户');
    expect(await rule('release')).toContain('在 30 天内线性释放');
  });

  it('shows the signed-in account: registry id, inviter with its id, genesis status, service level', async () => {
    setSession({ address: ACCOUNT.wallet_address, token: 't' });
    renderSettings();
    expect((await screen.findByTestId('my-account-id')).textContent).toBe(`5 (invite code ${inviteCodeOf(5n)})`);
    expect(screen.getByTestId('my-account-inviter').textContent).toBe(
      `0xf39Fd6…b92266 · ID 1 (code ${inviteCodeOf(1n)})`,
    );
    expect(screen.getByTestId('my-account-genesis').textContent).toBe('No');
    expect(screen.getByTestId('my-account-service').textContent).toBe('Level 2');
    cleanup();
    vi.unstubAllGlobals();
    renderSettings(undefined, { ...ACCOUNT, id: 1, is_original: true, is_service: 0, inviter: null, inviter_id: null });
    expect((await screen.findByTestId('my-account-genesis')).textContent).toBe('Yes');
    expect(screen.getByTestId('my-account-inviter').textContent).toBe('None: the genesis account');
    expect(screen.getByTestId('my-account-service').textContent).toBe('None');
  });

  it('says so when the live finance settings cannot be read, and still states the settlement rules', async () => {
    renderSettings(() => Response.json({ error: { code: 'INTERNAL', message: 'x' } }, { status: 500 }));
    expect(await screen.findByText('The live finance settings could not be read from the server.')).toBeTruthy();
    expect(await screen.findByText('The live referral settings could not be read from the server.')).toBeTruthy();
    expect(screen.getByTestId('settlement-help')).toBeTruthy();
  });

  it('the help document states the daily settlement rules (ECONOMY §10) in both languages', async () => {
    renderSettings();
    const rule = (name: string) => screen.getByTestId(`settlement-help-${name}`).textContent ?? '';
    expect(rule('earners')).toContain('order paid before that moment');
    expect(rule('earners')).toContain('00:00:00 or later');
    expect(rule('price')).toContain('⌊USDT reserve × 10¹⁸ ÷ ETRO reserve⌋');
    expect(rule('price')).toContain('rounded down once');
    expect(rule('pool')).toContain('roll into the next day');
    expect(rule('pool')).toContain('lower account id');
    expect(rule('matching')).toContain('after any burn');
    // The loop bill is named as the bill screens name the type.
    expect(rule('loop')).toContain('“Loop reinvestment”');
    await act(() => setLanguage('zh'));
    expect(rule('price')).toContain('⌊USDT 储备 × 10¹⁸ ÷ ETRO 储备⌋');
    expect(rule('loop')).toContain('“循环复投”');
    expect(screen.getByTestId('settlement-help').querySelector('h4')?.textContent).toBe('每日结算（UTC 00:00）');
  });

  it('switches the language both ways and stores it in lang', async () => {
    renderSettings();
    const group = within(screen.getByRole('group', { name: 'Language' }));
    expect(group.getByRole('button', { name: 'English' }).getAttribute('aria-pressed')).toBe('true');
    await act(async () => {
      fireEvent.click(group.getByRole('button', { name: '中文' }));
    });
    expect(localStorage.getItem('lang')).toBe('zh');
    expect(screen.getByText('帮助文档')).toBeTruthy();
    const zhGroup = within(screen.getByRole('group', { name: '语言' }));
    expect(zhGroup.getByRole('button', { name: '中文' }).getAttribute('aria-pressed')).toBe('true');
    await act(async () => {
      fireEvent.click(zhGroup.getByRole('button', { name: 'English' }));
    });
    expect(localStorage.getItem('lang')).toBe('en');
    expect(screen.getByText('Help document')).toBeTruthy();
  });

  it('signs out by ending the session on the server, then here', async () => {
    setConfigForTesting({ chainId: 201022, apiUrl: 'http://api.test' } as AppConfig);
    const fetch = vi.fn(
      async (_url: string | URL | Request, _init?: RequestInit) => new Response(null, { status: 204 }),
    );
    vi.stubGlobal('fetch', fetch);
    try {
      setSession({ address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', token: 't' });
      renderSettings();
      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
      });
      const signOutCall = fetch.mock.calls.find(([url]) => String(url).endsWith('/auth/sign-out'));
      expect(signOutCall?.[0]).toBe('http://api.test/auth/sign-out');
      expect(new Headers(signOutCall?.[1]?.headers).get('authorization')).toBe('Bearer t');
      expect(getSession()).toBeNull();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
