import { describe, expect, it } from 'vitest';
import { ApiError } from '../../http/errors.ts';
import { candleJson, parseCandlesQuery } from './candles.ts';

describe('parseCandlesQuery', () => {
  it('reads the pair, the interval, the cursor and the page size', () => {
    expect(parseCandlesQuery({ pair: 'ETRO', interval: '1h' })).toEqual({
      pair: 'ETRO',
      interval: '1h',
      before: undefined,
      limit: 200,
    });
    expect(parseCandlesQuery({ pair: 'FON', interval: '1d', before: '1700006400', limit: '500' })).toEqual({
      pair: 'FON',
      interval: '1d',
      before: 1_700_006_400n,
      limit: 500,
    });
  });

  it.each([
    [{ interval: '1h' }],
    [{ pair: 'ETRO' }],
    [{ pair: 'etro', interval: '1h' }],
    [{ pair: 'USDT', interval: '1h' }],
    [{ pair: 'ETRO', interval: '5m' }],
    [{ pair: 'ETRO', interval: '1h', before: '-1' }],
    [{ pair: 'ETRO', interval: '1h', before: '1e9' }],
    [{ pair: 'ETRO', interval: '1h', limit: '0' }],
    [{ pair: 'ETRO', interval: '1h', limit: '501' }],
  ])('refuses %j with BAD_REQUEST', (query) => {
    expect(() => parseCandlesQuery(query)).toThrow(ApiError);
    expect(() => parseCandlesQuery(query)).toThrow(expect.objectContaining({ code: 'BAD_REQUEST', status: 400 }));
  });
});

describe('candleJson', () => {
  it('writes the bucket and every uint256 as decimal strings', () => {
    expect(
      candleJson({
        pair: 'ETRO',
        interval: '1h',
        bucket: 1_699_999_200n,
        open: 500_000_000_000_000_000n,
        high: 520_000_000_000_000_000n,
        low: 490_000_000_000_000_000n,
        close: 510_000_000_000_000_000n,
        volumeToken: 10n ** 21n,
        volumeUsdt: 5n * 10n ** 20n,
        trades: 3,
      }),
    ).toEqual({
      time: '1699999200',
      open: '500000000000000000',
      high: '520000000000000000',
      low: '490000000000000000',
      close: '510000000000000000',
      volumeToken: '1000000000000000000000',
      volumeUsdt: '500000000000000000000',
      trades: 3,
    });
  });
});
