import { describe, expect, it } from 'vitest';
import { ApiError } from '../../http/errors.ts';
import { DEFAULT_TRANSFERS_LIMIT, parseTransfersQuery } from './transfers.ts';

const ALICE = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

describe('parseTransfersQuery', () => {
  it('lower-cases the address (as Ponder stores hex) and applies the default limit', () => {
    expect(parseTransfersQuery({ address: ALICE })).toEqual({
      address: ALICE.toLowerCase(),
      limit: DEFAULT_TRANSFERS_LIMIT,
    });
    expect(parseTransfersQuery({ address: ALICE, limit: '7' }).limit).toBe(7);
  });

  it.each([
    [{}],
    [{ address: '0x1234' }],
    [{ address: 'alice' }],
    [{ address: ALICE, limit: '0' }],
    [{ address: ALICE, limit: '201' }],
    [{ address: ALICE, limit: '1.5' }],
    [{ address: ALICE, limit: '-3' }],
    [{ address: ALICE, limit: '' }],
  ])('refuses %j with BAD_REQUEST', (query) => {
    try {
      parseTransfersQuery(query);
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ApiError);
      expect((err as ApiError).code).toBe('BAD_REQUEST');
      expect((err as ApiError).status).toBe(400);
    }
  });
});
