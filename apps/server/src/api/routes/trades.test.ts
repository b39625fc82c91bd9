import { describe, expect, it } from 'vitest';
import { ApiError } from '../../http/errors.ts';
import { parseTradesQuery, tradeJson } from './trades.ts';

const ALICE = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const TX = `0x${'ab'.repeat(32)}` as const;

describe('parseTradesQuery', () => {
  it("lists everyone's trades without an account, one trader's with it", () => {
    expect(parseTradesQuery({})).toEqual({ account: undefined, limit: 20, before: undefined });
    expect(parseTradesQuery({ account: ALICE, limit: '5', before: '10:2' })).toEqual({
      account: ALICE.toLowerCase(),
      limit: 5,
      before: { blockNumber: 10n, logIndex: 2 },
    });
  });

  it.each([
    [{ account: '0x12' }, 'INVALID_WALLET_ADDRESS'],
    [{ account: '' }, 'INVALID_WALLET_ADDRESS'],
    [{ limit: '0' }, 'BAD_REQUEST'],
    [{ limit: '101' }, 'BAD_REQUEST'],
    [{ before: '10' }, 'BAD_REQUEST'],
  ])('refuses %j with %s', (query, code) => {
    expect(() => parseTradesQuery(query)).toThrow(ApiError);
    expect(() => parseTradesQuery(query)).toThrow(expect.objectContaining({ code, status: 400 }));
  });
});

describe('tradeJson', () => {
  it('writes bigints as decimal strings', () => {
    const row = {
      id: 'e1',
      trader: ALICE.toLowerCase() as `0x${string}`,
      isBuy: true,
      amountIn: 10n ** 21n,
      amountOut: 1_860_000_000_000_000_000_000n,
      fee: 6n * 10n ** 19n,
      blockNumber: 77n,
      timestamp: 1_700_000_000n,
      txHash: TX,
      logIndex: 5,
    };
    expect(tradeJson(row)).toEqual({
      id: 'e1',
      trader: ALICE.toLowerCase(),
      isBuy: true,
      amountIn: '1000000000000000000000',
      amountOut: '1860000000000000000000',
      fee: '60000000000000000000',
      blockNumber: '77',
      timestamp: '1700000000',
      txHash: TX,
      logIndex: 5,
    });
  });
});
