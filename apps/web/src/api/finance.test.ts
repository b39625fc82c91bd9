// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorMessage } from '@eterno/protocol/errors';
import { ApiError } from '../session/ApiError.ts';
import { getSession, setSession } from '../session/session.ts';
import { IndexerResponseError } from './indexer.ts';
import {
  fetchCatalogue,
  fetchFinanceSummary,
  fetchOrders,
  fetchRegularOrders,
  fetchRounds,
  requestPurchase,
  requestRegularPurchase,
} from './finance.ts';

const ALICE = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const USDT = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const ETRO = '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512';
const R = `0x${'11'.repeat(32)}`;
const S = `0x${'22'.repeat(32)}`;
const TX = `0x${'ab'.repeat(32)}`;
const E18 = 10n ** 18n;
const API = 'http://api.test';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const stubFetch = (status: number, body: unknown) =>
  vi.fn(async (_url: string | URL | Request, _init?: RequestInit) => json(status, body));
const headersOf = (fetch: ReturnType<typeof stubFetch>) => fetch.mock.calls[0]![1]?.headers as Record<string, string>;

const CATALOGUE_JSON = {
  effectiveFrom: '0',
  usdt: USDT.toLowerCase(),
  etro: ETRO.toLowerCase(),
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
      cyclesLeft: 4,
    },
  ],
  regular: [
    { id: 101, days: 7, dailyRateBps: 20, minAmount: (100n * E18).toString(), maxAmount: (100_000n * E18).toString() },
  ],
  dailyQuota: (50_000n * E18).toString(),
  purchaseLifetime: 1800,
  registered: true,
};

const AUTH_JSON = {
  orderId: 'u7',
  user: ALICE.toLowerCase(),
  token: USDT.toLowerCase(),
  amount: (500n * E18).toString(),
  custom: '2',
  custom1: '1',
  nonce: '0',
  deadline: '1700001800',
  signature: { r: R, s: S, v: 28 },
};

const ORDER_JSON = {
  id: '12',
  packageId: 2,
  units: 5,
  registrationType: 'first',
  payment: (500n * E18).toString(),
  multiple01Bps: 20000,
  multiple02Bps: 30000,
  allocation01Bps: 6000,
  rewardLimit: (1200n * E18).toString(),
  gained: '0',
  gainedUsdt: '0',
  gainedEtro: '0',
  status: 'waiting',
  queuePosition: 3,
  createdAt: '1700000000',
  allottedAt: null,
  finishedAt: null,
  deadline: null,
  txHash: TX,
};

beforeEach(() => {
  sessionStorage.clear();
  setSession({ address: ALICE, token: 'tok-1' });
});
afterEach(() => sessionStorage.clear());

describe('fetchCatalogue', () => {
  it('GETs /finance/catalogue with the session token and returns amounts as bigint', async () => {
    const fetch = stubFetch(200, CATALOGUE_JSON);
    const catalogue = await fetchCatalogue({ apiUrl: API, fetch });
    expect(fetch.mock.calls[0]![0]).toBe(`${API}/finance/catalogue`);
    expect(headersOf(fetch).authorization).toBe('Bearer tok-1');
    expect(catalogue.usdt).toBe(USDT);
    expect(catalogue.packages[0]).toEqual({
      id: 1,
      units: 1,
      price: 100n * E18,
      multiple01Bps: 20000,
      multiple02Bps: 30000,
      allocation01Bps: 6000,
      rewardLimit: 240n * E18,
      dailyRateBps: 50,
      cyclesMax: 5,
      cyclesLeft: 4,
    });
    expect(catalogue.regular[0]).toEqual({
      id: 101,
      days: 7,
      dailyRateBps: 20,
      minAmount: 100n * E18,
      maxAmount: 100_000n * E18,
    });
    expect(catalogue.dailyQuota).toBe(50_000n * E18);
    expect(catalogue.registered).toBe(true);
  });

  it('is public: without a session no token is sent, and the user fields may be null', async () => {
    sessionStorage.clear();
    expect(getSession()).toBeNull();
    const fetch = stubFetch(200, {
      ...CATALOGUE_JSON,
      registered: null,
      packages: [{ ...CATALOGUE_JSON.packages[0], cyclesLeft: null }],
    });
    const catalogue = await fetchCatalogue({ apiUrl: API, fetch });
    expect(headersOf(fetch).authorization).toBeUndefined();
    expect(catalogue.registered).toBeNull();
    expect(catalogue.packages[0]!.cyclesLeft).toBeNull();
  });

  it('refuses a malformed answer (a price as a number) with the field named', async () => {
    const fetch = stubFetch(200, { ...CATALOGUE_JSON, packages: [{ ...CATALOGUE_JSON.packages[0], price: 100 }] });
    await expect(fetchCatalogue({ apiUrl: API, fetch })).rejects.toThrow(IndexerResponseError);
    await expect(fetchCatalogue({ apiUrl: API, fetch })).rejects.toThrow(/packages\[0\]\.price/);
  });
});

describe('requestPurchase / requestRegularPurchase', () => {
  it('POSTs the package id and the amount as a decimal string, and parses the 201 authorisation', async () => {
    const fetch = stubFetch(201, AUTH_JSON);
    const auth = await requestPurchase({ packageId: 2, amount: 500n * E18 }, { apiUrl: API, fetch });
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe(`${API}/finance/purchases`);
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ packageId: 2, amount: (500n * E18).toString() });
    expect(auth).toEqual({
      orderId: 'u7',
      user: ALICE,
      token: USDT,
      amount: 500n * E18,
      custom: 2n,
      custom1: 1n,
      nonce: 0n,
      deadline: 1_700_001_800n,
      signature: { r: R, s: S, v: 28 },
    });
  });

  it('POSTs /finance/regular-purchases with the product id', async () => {
    const fetch = stubFetch(201, { ...AUTH_JSON, custom: '101', custom1: '0' });
    const auth = await requestRegularPurchase({ productId: 101, amount: 100n * E18 }, { apiUrl: API, fetch });
    expect(fetch.mock.calls[0]![0]).toBe(`${API}/finance/regular-purchases`);
    expect(JSON.parse(String(fetch.mock.calls[0]![1]?.body))).toEqual({
      productId: 101,
      amount: (100n * E18).toString(),
    });
    expect(auth.custom).toBe(101n);
  });

  it.each([
    ['NOT_REGISTERED', 403, {}],
    ['CYCLES_USED_UP', 409, { max: '5' }],
    ['AMOUNT_NOT_PACKAGE_PRICE', 422, { price: '500' }],
    ['PACKAGE_NOT_FOUND', 404, {}],
    ['VAULT_PAUSED', 503, {}],
  ] as const)('a refusal %s is thrown as ApiError with its code and status', async (code, status, params) => {
    const fetch = stubFetch(status, { error: { code, message: errorMessage(code, params) } });
    const failure = requestPurchase({ packageId: 2, amount: 500n * E18 }, { apiUrl: API, fetch });
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(requestPurchase({ packageId: 2, amount: 1n }, { apiUrl: API, fetch })).rejects.toMatchObject({
      code,
      status,
    });
  });

  it('without a session nothing is sent', async () => {
    sessionStorage.clear();
    const fetch = stubFetch(201, AUTH_JSON);
    await expect(requestPurchase({ packageId: 1, amount: 1n }, { apiUrl: API, fetch })).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
    });
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe('fetchOrders', () => {
  it('GETs /finance/orders?status=… and parses every status with its own fields', async () => {
    const fetch = stubFetch(200, {
      orders: [
        ORDER_JSON,
        { ...ORDER_JSON, id: 'u3', status: 'unpaid', queuePosition: null, deadline: '1700001800', txHash: null },
      ],
      nextBefore: '12',
    });
    const page = await fetchOrders({ view: 'active', limit: 50 }, { apiUrl: API, fetch });
    expect(fetch.mock.calls[0]![0]).toBe(`${API}/finance/orders?status=active&limit=50`);
    expect(page.nextBefore).toBe('12');
    expect(page.items[0]).toMatchObject({
      id: '12',
      status: 'waiting',
      queuePosition: 3,
      payment: 500n * E18,
      deadline: null,
    });
    expect(page.items[1]).toMatchObject({ id: 'u3', status: 'unpaid', queuePosition: null, deadline: 1_700_001_800 });
  });

  it('refuses a waiting order without its queue position, and an unknown status', async () => {
    const missing = stubFetch(200, { orders: [{ ...ORDER_JSON, queuePosition: null }], nextBefore: null });
    await expect(fetchOrders({ view: 'active' }, { apiUrl: API, fetch: missing })).rejects.toThrow(/queuePosition/);
    const unknown = stubFetch(200, { orders: [{ ...ORDER_JSON, status: 'mining' }], nextBefore: null });
    await expect(fetchOrders({ view: 'active' }, { apiUrl: API, fetch: unknown })).rejects.toThrow(/status/);
  });

  it('a 401 clears the session', async () => {
    const fetch = stubFetch(401, { error: { code: 'UNAUTHORIZED', message: 'Please sign in again' } });
    await expect(fetchOrders({ view: 'past' }, { apiUrl: API, fetch })).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    expect(getSession()).toBeNull();
  });
});

describe('fetchRegularOrders, fetchRounds, fetchFinanceSummary', () => {
  it('parses the regular orders', async () => {
    const fetch = stubFetch(200, {
      orders: [
        {
          id: '4',
          productId: 101,
          days: 7,
          dailyRateBps: 20,
          principal: (1000n * E18).toString(),
          interest: (14n * E18).toString(),
          state: 'matured',
          startAt: '1700000000',
          maturesAt: '1700611200',
          deadline: null,
          txHash: TX,
        },
      ],
      nextBefore: null,
    });
    const page = await fetchRegularOrders({}, { apiUrl: API, fetch });
    expect(fetch.mock.calls[0]![0]).toBe(`${API}/finance/regular-orders`);
    expect(page.items[0]).toMatchObject({
      state: 'matured',
      principal: 1000n * E18,
      interest: 14n * E18,
      maturesAt: 1_700_611_200,
    });
  });

  it('parses the rounds, the current one null before the first settlement', async () => {
    const next = {
      settlesAt: '1700092800',
      quota: (50_000n * E18).toString(),
      allotted: (500n * E18).toString(),
      queueLength: 1,
      queueAmount: (500n * E18).toString(),
      myPlace: 1,
      myWaiting: (500n * E18).toString(),
    };
    const fetch = stubFetch(200, { current: null, next, now: '1700050000' });
    const rounds = await fetchRounds({ apiUrl: API, fetch });
    expect(rounds.current).toBeNull();
    expect(rounds.next).toEqual({
      settlesAt: 1_700_092_800,
      quota: 50_000n * E18,
      allotted: 500n * E18,
      queueLength: 1,
      queueAmount: 500n * E18,
      myPlace: 1,
      myWaiting: 500n * E18,
    });
    expect(rounds.now).toBe(1_700_050_000);
  });

  it('parses the summary', async () => {
    const fetch = stubFetch(200, {
      units: 6,
      currentValue: (600n * E18).toString(),
      rewardLimit: (1440n * E18).toString(),
      rewardGained: '0',
      rewardRemaining: (1440n * E18).toString(),
      cyclesRemaining: 23,
    });
    expect(await fetchFinanceSummary({ apiUrl: API, fetch })).toEqual({
      units: 6,
      currentValue: 600n * E18,
      rewardLimit: 1440n * E18,
      rewardGained: 0n,
      rewardRemaining: 1440n * E18,
      cyclesRemaining: 23,
    });
  });
});
