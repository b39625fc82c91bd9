import { describe, expect, it, vi } from 'vitest';
import { IndexerResponseError } from './indexer.ts';
import { fetchVaultStats } from './vaultStats.ts';

const USDT = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const stubFetch = (status: number, body: unknown) =>
  vi.fn(async (_url: string | URL | Request, _init?: RequestInit) => json(status, body));

const usdt = {
  token: USDT.toLowerCase(),
  symbol: 'USDT',
  deposited: '1000000000000000000000',
  withdrawn: '250000000000000000000',
  holdings: '900000000000000000000',
  liabilities: '740000000000000000000',
  openVouchers: '10000000000000000000',
  unexpiredQuotes: '20000000000000000000',
  freeReserve: '-1',
  exchangeBudget: '5',
};

describe('fetchVaultStats', () => {
  it('GETs /vault/stats without a token and returns bigint figures', async () => {
    const fetch = stubFetch(200, { users: '3', tokens: [usdt], blockNumber: '77' });
    const stats = await fetchVaultStats({ apiUrl: 'http://api.test', fetch });
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('http://api.test/vault/stats');
    expect(new Headers(init?.headers).get('authorization')).toBeNull();
    expect(stats).toEqual({
      users: 3n,
      blockNumber: 77n,
      tokens: [
        {
          token: USDT,
          symbol: 'USDT',
          deposited: 1000n * 10n ** 18n,
          withdrawn: 250n * 10n ** 18n,
          holdings: 900n * 10n ** 18n,
          liabilities: 740n * 10n ** 18n,
          openVouchers: 10n * 10n ** 18n,
          unexpiredQuotes: 20n * 10n ** 18n,
          freeReserve: -1n,
          exchangeBudget: 5n,
        },
      ],
    });
  });

  it.each([
    [
      'a negative liability',
      { users: '3', tokens: [{ ...usdt, liabilities: '-1' }], blockNumber: '77' },
      'tokens[0].liabilities',
    ],
    ['a number count', { users: 3, tokens: [], blockNumber: '77' }, 'users'],
    ['no token list', { users: '3', blockNumber: '77' }, 'tokens'],
    [
      'a free reserve that is no integer',
      { users: '3', tokens: [{ ...usdt, freeReserve: '1.5' }], blockNumber: '77' },
      'tokens[0].freeReserve',
    ],
    ['an empty symbol', { users: '3', tokens: [{ ...usdt, symbol: '' }], blockNumber: '77' }, 'tokens[0].symbol'],
  ])('refuses %s, naming the field', async (_name, body, field) => {
    const failure = await fetchVaultStats({ apiUrl: 'http://api.test', fetch: stubFetch(200, body) }).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(IndexerResponseError);
    expect((failure as Error).message).toContain(field);
  });

  it('a failed answer throws the server’s code', async () => {
    const fetch = stubFetch(503, { error: { code: 'SERVER_ERROR', message: 'down' } });
    await expect(fetchVaultStats({ apiUrl: 'http://api.test', fetch })).rejects.toMatchObject({
      code: 'SERVER_ERROR',
      status: 503,
    });
  });
});
