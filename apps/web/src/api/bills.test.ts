// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../session/ApiError.ts';
import { getSession, setSession } from '../session/session.ts';
import { fetchBills } from './bills.ts';
import { IndexerResponseError } from './indexer.ts';

const ALICE = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const USDT = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const TX = `0x${'ab'.repeat(32)}`;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const stubFetch = (status: number, body: unknown) =>
  vi.fn(async (_url: string | URL | Request, _init?: RequestInit) => json(status, body));

const deposit = {
  id: 'b1',
  type: 'deposit',
  token: USDT.toLowerCase(),
  amount: '5000000000000000000',
  time: '1700000100',
  txHash: TX,
};
const timeout = {
  id: 'v7:return',
  type: 'timeout_return',
  token: USDT.toLowerCase(),
  amount: '2000000000000000000',
  time: '1700000000',
  txHash: null,
};
const withdraw = {
  id: 'v7',
  type: 'withdraw',
  token: USDT.toLowerCase(),
  amount: '-2000000000000000000',
  time: '1699990000',
  txHash: null,
};

const api = { apiUrl: 'http://api.test' };

describe('fetchBills', () => {
  beforeEach(() => {
    sessionStorage.clear();
    setSession({ address: ALICE, token: 'tok-1' });
  });

  it('GETs /bills with the session token and the filter, and returns signed bigint amounts', async () => {
    const fetch = stubFetch(200, { bills: [deposit, timeout, withdraw], nextBefore: '1699990000:v7' });
    const page = await fetchBills(
      { type: 'deposit', token: USDT, limit: 20, before: '1700000200:x' },
      { ...api, fetch },
    );
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe(`http://api.test/bills?type=deposit&token=${USDT.toLowerCase()}&limit=20&before=1700000200%3Ax`);
    expect(new Headers(init?.headers).get('authorization')).toBe('Bearer tok-1');
    expect(page.nextBefore).toBe('1699990000:v7');
    expect(page.items).toEqual([
      { id: 'b1', type: 'deposit', token: USDT, amount: 5n * 10n ** 18n, time: 1_700_000_100, txHash: TX },
      {
        id: 'v7:return',
        type: 'timeout_return',
        token: USDT,
        amount: 2n * 10n ** 18n,
        time: 1_700_000_000,
        txHash: null,
      },
      { id: 'v7', type: 'withdraw', token: USDT, amount: -2n * 10n ** 18n, time: 1_699_990_000, txHash: null },
    ]);
  });

  it('sends no query for the unfiltered first page', async () => {
    const fetch = stubFetch(200, { bills: [], nextBefore: null });
    await expect(fetchBills({}, { ...api, fetch })).resolves.toEqual({ items: [], nextBefore: null });
    expect(fetch.mock.calls[0]![0]).toBe('http://api.test/bills');
  });

  it.each([
    ['an unknown type', { ...deposit, type: 'bonus' }, '/bills.bills[0].type'],
    ['a number amount', { ...deposit, amount: 5 }, '/bills.bills[0].amount'],
    ['a fractional amount', { ...deposit, amount: '1.5' }, '/bills.bills[0].amount'],
    ['a bad token', { ...deposit, token: '0x1234' }, '/bills.bills[0].token'],
    ['a short tx hash', { ...deposit, txHash: '0xabcd' }, '/bills.bills[0].txHash'],
    ['a missing time', { ...deposit, time: undefined }, '/bills.bills[0].time'],
  ])('refuses %s, naming the field', async (_name, entry, field) => {
    const fetch = stubFetch(200, { bills: [entry], nextBefore: null });
    const failure = await fetchBills({}, { ...api, fetch }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(IndexerResponseError);
    expect((failure as IndexerResponseError).message).toContain(field);
  });

  it('without a session, sends nothing and throws UNAUTHORIZED', async () => {
    sessionStorage.clear();
    const fetch = stubFetch(200, { bills: [], nextBefore: null });
    await expect(fetchBills({}, { ...api, fetch })).rejects.toMatchObject({ code: 'UNAUTHORIZED', status: 401 });
    expect(fetch).not.toHaveBeenCalled();
  });

  it('a 401 clears the session; another 4xx keeps it and carries the server’s code', async () => {
    const refused = stubFetch(400, { error: { code: 'BAD_REQUEST', message: 'bad type' } });
    const error = await fetchBills({}, { ...api, fetch: refused }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'BAD_REQUEST', status: 400 });
    expect(getSession()).not.toBeNull();
    const expired = stubFetch(401, { error: { code: 'UNAUTHORIZED', message: 'expired' } });
    await expect(fetchBills({}, { ...api, fetch: expired })).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    expect(getSession()).toBeNull();
  });
});
