// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../session/ApiError.ts';
import { getSession, setSession } from '../session/session.ts';
import { IndexerResponseError } from './indexer.ts';
import {
  cancelWithdrawal,
  fetchLedgerBalances,
  fetchVaultLimits,
  fetchVaultConfig,
  fetchWithdrawals,
  requestDeposit,
  requestExchangeQuote,
  requestWithdrawal,
} from './vault.ts';

const ALICE = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const alice = ALICE.toLowerCase();
const USDT = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const usdt = USDT.toLowerCase();
const EUSD = '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512';
const eusd = EUSD.toLowerCase();
const VAULT = '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0';
const R = `0x${'11'.repeat(32)}`;
const S = `0x${'22'.repeat(32)}`;
const TX = `0x${'ab'.repeat(32)}`;
const E18 = 10n ** 18n;
const API = 'http://api.test';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function stubFetch(status: number, body: unknown) {
  return vi.fn(async (_url: string | URL | Request, _init?: RequestInit) => json(status, body));
}

const SIGNED = {
  id: 'v1',
  user: alice,
  token: usdt,
  amount: '5000000000000000000',
  nonce: '3',
  deadline: '1700001800',
  signedAt: '1700000000',
  state: 'signed',
  signature: { r: R, s: S, v: 27 },
  settledTx: null,
  settledAt: null,
};

beforeEach(() => {
  sessionStorage.clear();
  setSession({ address: ALICE, token: 'tok-1' });
});

afterEach(() => {
  sessionStorage.clear();
});

describe('fetchVaultConfig', () => {
  it('GETs /vault/config without a token and returns caps as bigint, addresses checksummed', async () => {
    const fetch = stubFetch(200, {
      chainId: 31337,
      vault: VAULT.toLowerCase(),
      tokens: [
        { token: usdt, symbol: 'USDT', perTxCap: '100000000000000000000000', perDayCap: '1', perUserDayCap: '2' },
      ],
      voucherLifetime: 1800,
      quoteLifetime: 120,
      exchange: [{ tokenIn: usdt, tokenOut: eusd, pricing: 'fixed', feeBps: 300, perDayCap: '7', dayBudget: '9' }],
      paused: true,
      withdrawalsPaused: false,
      withdrawalsReopenAt: '1700604800',
    });
    const config = await fetchVaultConfig({ apiUrl: API, fetch });
    expect(fetch.mock.calls[0]![0]).toBe(`${API}/vault/config`);
    const headers = fetch.mock.calls[0]![1]?.headers as Record<string, string>;
    expect(headers.authorization).toBeUndefined();
    expect(config).toEqual({
      chainId: 31337,
      vault: VAULT,
      tokens: [{ token: USDT, symbol: 'USDT', perTxCap: 100_000n * E18, perDayCap: 1n, perUserDayCap: 2n }],
      voucherLifetime: 1800,
      quoteLifetime: 120,
      exchange: [{ tokenIn: USDT, tokenOut: EUSD, pricing: 'fixed', feeBps: 300, perDayCap: 7n, dayBudget: 9n }],
      paused: true,
      withdrawalsPaused: false,
      withdrawalsReopenAt: 1_700_604_800,
    });
  });

  it('refuses an unknown pricing', async () => {
    const fetch = stubFetch(200, {
      chainId: 1,
      vault: VAULT,
      tokens: [],
      voucherLifetime: 1800,
      quoteLifetime: 120,
      exchange: [{ tokenIn: usdt, tokenOut: eusd, pricing: 'spot', feeBps: 300, perDayCap: '7' }],
      paused: false,
    });
    await expect(fetchVaultConfig({ apiUrl: API, fetch })).rejects.toThrow(/exchange\[0\]\.pricing/);
  });
});

describe('fetchVaultLimits', () => {
  it('sends the session token and parses what each cap and budget leaves today', async () => {
    const row = {
      token: usdt,
      symbol: 'USDT',
      perTxCap: '1',
      vaultDayCap: '2',
      vaultRemainingToday: '3',
      userDayCap: '4',
      userRemainingToday: '5',
      exchangeUserDayCap: '6',
      exchangeUserRemainingToday: '7',
      exchangeDayBudget: '8',
      exchangeDayRemaining: '9',
      exchangeBudgetRemaining: '10',
    };
    const fetch = stubFetch(200, { tokens: [row], blockNumber: '77' });
    const result = await fetchVaultLimits({ apiUrl: API, fetch });
    expect(fetch.mock.calls[0]![0]).toBe(`${API}/vault/limits`);
    expect((fetch.mock.calls[0]![1]?.headers as Record<string, string>).authorization).toBe('Bearer tok-1');
    expect(result).toEqual({
      tokens: [
        {
          token: USDT,
          symbol: 'USDT',
          perTxCap: 1n,
          vaultDayCap: 2n,
          vaultRemainingToday: 3n,
          userDayCap: 4n,
          userRemainingToday: 5n,
          exchangeUserDayCap: 6n,
          exchangeUserRemainingToday: 7n,
          exchangeDayBudget: 8n,
          exchangeDayRemaining: 9n,
          exchangeBudgetRemaining: 10n,
        },
      ],
      blockNumber: 77n,
    });
    const bad = await fetchVaultLimits({
      apiUrl: API,
      fetch: stubFetch(200, { tokens: [{ ...row, userRemainingToday: '-1' }], blockNumber: '77' }),
    }).catch((e: unknown) => e);
    expect((bad as Error).message).toContain('tokens[0].userRemainingToday');
  });
});

describe('fetchLedgerBalances', () => {
  it('sends the session token and parses every figure', async () => {
    const row = {
      token: usdt,
      symbol: 'USDT',
      credited: '10',
      unreleased: '1',
      released: '9',
      withdrawn: '2',
      reserved: '3',
      available: '4',
      contributed: '10',
    };
    const fetch = stubFetch(200, { balances: [row], blockNumber: '77', blockTime: '1700000000' });
    const result = await fetchLedgerBalances({ apiUrl: API, fetch });
    const headers = fetch.mock.calls[0]![1]?.headers as Record<string, string>;
    expect(headers.authorization).toBe('Bearer tok-1');
    expect(result).toEqual({
      balances: [
        {
          token: USDT,
          symbol: 'USDT',
          credited: 10n,
          unreleased: 1n,
          released: 9n,
          withdrawn: 2n,
          reserved: 3n,
          available: 4n,
          contributed: 10n,
        },
      ],
      blockNumber: 77n,
      blockTime: 1_700_000_000,
    });
  });

  it('without a session throws UNAUTHORIZED and sends nothing', async () => {
    sessionStorage.clear();
    setSession({ address: ALICE, token: 'x', expiresAt: 1 });
    const fetch = stubFetch(200, {});
    await expect(fetchLedgerBalances({ apiUrl: API, fetch })).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    expect(fetch).not.toHaveBeenCalled();
  });

  it('a 401 clears the session', async () => {
    const fetch = stubFetch(401, { error: { code: 'UNAUTHORIZED', message: 'Please sign in again' } });
    await expect(fetchLedgerBalances({ apiUrl: API, fetch })).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    expect(getSession()).toBeNull();
  });

  it('a negative figure is a malformed answer', async () => {
    const fetch = stubFetch(200, { balances: [{ token: usdt, symbol: 'USDT', credited: '-1' }], blockNumber: '1' });
    await expect(fetchLedgerBalances({ apiUrl: API, fetch })).rejects.toBeInstanceOf(IndexerResponseError);
  });
});

describe('withdrawals', () => {
  it('POSTs {token, amount} as lower-case hex and a decimal string and returns the voucher', async () => {
    const fetch = stubFetch(201, SIGNED);
    const voucher = await requestWithdrawal({ token: USDT, amount: 5n * E18 }, { apiUrl: API, fetch });
    const init = fetch.mock.calls[0]![1]!;
    expect(fetch.mock.calls[0]![0]).toBe(`${API}/vault/withdrawals`);
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body as string)).toEqual({ token: usdt, amount: '5000000000000000000' });
    expect(voucher).toEqual({
      id: 'v1',
      user: ALICE,
      token: USDT,
      amount: 5n * E18,
      nonce: 3n,
      deadline: 1_700_001_800n,
      signedAt: 1_700_000_000,
      state: 'signed',
      signature: { r: R, s: S, v: 27 },
      settledTx: null,
      settledAt: null,
    });
  });

  it("passes the server's refusal on with its code and status", async () => {
    const fetch = stubFetch(409, { error: { code: 'INSUFFICIENT_BALANCE', message: 'Insufficient balance' } });
    const error = await requestWithdrawal({ token: USDT, amount: 1n }, { apiUrl: API, fetch }).catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'INSUFFICIENT_BALANCE', status: 409 });
  });

  it('a signed voucher must carry its signature, with v 27 or 28', async () => {
    await expect(
      requestWithdrawal(
        { token: USDT, amount: 1n },
        { apiUrl: API, fetch: stubFetch(201, { ...SIGNED, signature: null }) },
      ),
    ).rejects.toThrow(/signature/);
    await expect(
      requestWithdrawal(
        { token: USDT, amount: 1n },
        { apiUrl: API, fetch: stubFetch(201, { ...SIGNED, signature: { r: R, s: S, v: 1 } }) },
      ),
    ).rejects.toThrow(/signature\.v/);
  });

  it('lists vouchers with their state; a settled one has its transaction and no signature', async () => {
    const settled = { ...SIGNED, id: 'v0', state: 'settled', signature: null, settledTx: TX, settledAt: '1700000100' };
    const fetch = stubFetch(200, { withdrawals: [settled], nextBefore: 'v0' });
    const page = await fetchWithdrawals({ limit: 5 }, { apiUrl: API, fetch });
    expect(fetch.mock.calls[0]![0]).toBe(`${API}/vault/withdrawals?limit=5`);
    expect(page.nextBefore).toBe('v0');
    expect(page.items[0]).toMatchObject({ state: 'settled', signature: null, settledTx: TX, settledAt: 1_700_000_100 });
  });

  it('refuses a settled voucher without its transaction, and an unknown state', async () => {
    const noTx = { ...SIGNED, state: 'settled', signature: null };
    await expect(
      fetchWithdrawals({}, { apiUrl: API, fetch: stubFetch(200, { withdrawals: [noTx], nextBefore: null }) }),
    ).rejects.toThrow(/settledTx/);
    const unknown = { ...SIGNED, state: 'lost' };
    await expect(
      fetchWithdrawals({}, { apiUrl: API, fetch: stubFetch(200, { withdrawals: [unknown], nextBefore: null }) }),
    ).rejects.toThrow(/state/);
  });

  it('cancels by id', async () => {
    const fetch = stubFetch(200, { ...SIGNED, state: 'cancelled', signature: null });
    const voucher = await cancelWithdrawal('v/1', { apiUrl: API, fetch });
    expect(fetch.mock.calls[0]![0]).toBe(`${API}/vault/withdrawals/v%2F1/cancel`);
    expect(fetch.mock.calls[0]![1]?.method).toBe('POST');
    expect(voucher.state).toBe('cancelled');
  });
});

describe('requestDeposit and requestExchangeQuote', () => {
  it('returns the deposit authorisation', async () => {
    const fetch = stubFetch(200, {
      user: alice,
      token: usdt,
      amount: '7',
      custom: '0',
      custom1: '0',
      nonce: '0',
      deadline: '1700001800',
      signature: { r: R, s: S, v: 28 },
    });
    const auth = await requestDeposit({ token: USDT, amount: 7n }, { apiUrl: API, fetch });
    expect(JSON.parse(fetch.mock.calls[0]![1]!.body as string)).toEqual({ token: usdt, amount: '7' });
    expect(auth).toEqual({
      user: ALICE,
      token: USDT,
      amount: 7n,
      custom: 0n,
      custom1: 0n,
      nonce: 0n,
      deadline: 1_700_001_800n,
      signature: { r: R, s: S, v: 28 },
    });
  });

  it('returns the exchange quote', async () => {
    const fetch = stubFetch(200, {
      user: alice,
      tokenIn: usdt,
      tokenOut: eusd,
      amountIn: '100',
      amountOut: '97',
      fee: '3',
      feeBps: 300,
      pricing: 'fixed',
      price: '1000000000000000000',
      nonce: '2',
      deadline: '1700000120',
      signature: { r: R, s: S, v: 27 },
    });
    const quote = await requestExchangeQuote({ tokenIn: USDT, tokenOut: EUSD, amountIn: 100n }, { apiUrl: API, fetch });
    expect(JSON.parse(fetch.mock.calls[0]![1]!.body as string)).toEqual({
      tokenIn: usdt,
      tokenOut: eusd,
      amountIn: '100',
    });
    expect(quote).toMatchObject({ amountOut: 97n, fee: 3n, price: E18, nonce: 2n, deadline: 1_700_000_120n });
  });
});
