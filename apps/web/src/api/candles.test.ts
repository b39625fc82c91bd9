import { afterEach, describe, expect, it, vi } from 'vitest';
import { setConfigForTesting } from '../config.ts';
import { ApiError } from '../session/ApiError.ts';
import { fetchCandles } from './candles.ts';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const stubFetch = (status: number, body: unknown) =>
  vi.fn(async (_url: string | URL | Request, _init?: RequestInit) => json(status, body));

const CANDLE = {
  time: '1699999200',
  open: '500000000000000000',
  high: '520000000000000000',
  low: '490000000000000000',
  close: '510000000000000000',
  volumeToken: '1000000000000000000000',
  volumeUsdt: '500000000000000000000',
  trades: 3,
};

afterEach(() => setConfigForTesting(undefined));

describe('fetchCandles', () => {
  it('GETs {apiUrl}/candles with the query and returns bigint prices, oldest first', async () => {
    const fetch = stubFetch(200, { pair: 'ETRO', interval: '1h', candles: [CANDLE], nextBefore: '1699999200' });
    const page = await fetchCandles({ pair: 'ETRO', interval: '1h', limit: 50 }, { apiUrl: 'http://api.test/', fetch });
    expect(fetch.mock.calls[0]![0]).toBe('http://api.test/candles?pair=ETRO&interval=1h&limit=50');
    expect(page).toEqual({
      pair: 'ETRO',
      interval: '1h',
      candles: [
        {
          time: 1_699_999_200,
          open: 5n * 10n ** 17n,
          high: 52n * 10n ** 16n,
          low: 49n * 10n ** 16n,
          close: 51n * 10n ** 16n,
          volumeToken: 10n ** 21n,
          volumeUsdt: 5n * 10n ** 20n,
          trades: 3,
        },
      ],
      nextBefore: '1699999200',
    });
  });

  it.each([
    ['a float price', { pair: 'FON', interval: '1d', candles: [{ ...CANDLE, close: '0.5' }], nextBefore: null }],
    ['another pair', { pair: 'ETRO', interval: '1d', candles: [], nextBefore: null }],
    [
      'candles out of order',
      { pair: 'FON', interval: '1d', candles: [CANDLE, { ...CANDLE, time: '1699995600' }], nextBefore: null },
    ],
  ])('refuses %s as SERVER_ERROR', async (_what, body) => {
    const fetch = stubFetch(200, body);
    await expect(
      fetchCandles({ pair: 'FON', interval: '1d' }, { apiUrl: 'http://api.test', fetch }),
    ).rejects.toMatchObject({ code: 'SERVER_ERROR' });
  });

  it("passes the server's 400 on as ApiError", async () => {
    const fetch = stubFetch(400, { error: { code: 'BAD_REQUEST', message: 'Bad request' } });
    const err = await fetchCandles({ pair: 'ETRO', interval: '1h' }, { apiUrl: 'http://api.test', fetch }).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ code: 'BAD_REQUEST', status: 400 });
  });
});
