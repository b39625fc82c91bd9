import { describe, expect, it } from 'vitest';
import { ApiError } from '../../http/errors.ts';
import { parseMarketFillsQuery } from './marketFills.ts';
import { parseMyMarketOrdersQuery } from './marketMyOrders.ts';
import { parseMarketOrdersQuery } from './marketOrders.ts';

const ALICE = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

describe('the EUSD market routes’ queries', () => {
  it('reads the book cursor <unitPrice>:<orderId>, a seller’s order-id cursor and the fills’ event cursor', () => {
    expect(parseMarketOrdersQuery({})).toEqual({ limit: 20, after: undefined });
    expect(parseMarketOrdersQuery({ limit: '5', after: '950000000000000000:12' })).toEqual({
      limit: 5,
      after: { unitPrice: 950000000000000000n, orderId: 12n },
    });
    expect(parseMyMarketOrdersQuery({ account: ALICE, before: '7' })).toEqual({
      account: ALICE.toLowerCase(),
      limit: 20,
      before: 7n,
    });
    expect(parseMarketFillsQuery({ account: ALICE, before: '10:2' })).toEqual({
      account: ALICE.toLowerCase(),
      limit: 20,
      before: { blockNumber: 10n, logIndex: 2 },
    });
  });

  it.each([
    () => parseMarketOrdersQuery({ after: '12' }),
    () => parseMarketOrdersQuery({ after: '-1:2' }),
    () => parseMarketOrdersQuery({ limit: '101' }),
    () => parseMyMarketOrdersQuery({ account: ALICE, before: 'x' }),
    () => parseMyMarketOrdersQuery({}),
    () => parseMarketFillsQuery({ account: ALICE, before: '10' }),
  ])('refuses a bad query with BAD_REQUEST (%#)', (parse) => {
    expect(parse).toThrow(ApiError);
    expect(parse).toThrow(expect.objectContaining({ code: 'BAD_REQUEST', status: 400 }));
  });

  it('refuses a malformed account with INVALID_WALLET_ADDRESS', () => {
    expect(() => parseMarketFillsQuery({ account: '0x12' })).toThrow(
      expect.objectContaining({ code: 'INVALID_WALLET_ADDRESS' }),
    );
  });
});
