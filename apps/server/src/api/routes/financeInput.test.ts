import { describe, expect, it } from 'vitest';
import { ApiError } from '../../http/errors.ts';
import { parseOrderCursor, parseOrderFilter, parseProductId } from './financeInput.ts';

const code = (fn: () => unknown): string => {
  try {
    fn();
  } catch (err) {
    if (err instanceof ApiError) return `${err.status} ${err.code}`;
    throw err;
  }
  return 'none';
};

describe('finance inputs', () => {
  it('takes a product id as a positive JSON integer', () => {
    expect(parseProductId(3)).toBe(3);
    expect(parseProductId(104)).toBe(104);
    for (const bad of [0, -1, 1.5, '3', null, undefined, 2 ** 53, Number.NaN])
      expect(code(() => parseProductId(bad))).toBe('400 BAD_REQUEST');
  });

  it('takes the order status active or past, absent for every order', () => {
    expect(parseOrderFilter(undefined)).toBe('all');
    expect(parseOrderFilter('active')).toBe('active');
    expect(parseOrderFilter('past')).toBe('past');
    expect(code(() => parseOrderFilter('finished'))).toBe('400 BAD_REQUEST');
  });

  it('takes an order number as the cursor', () => {
    expect(parseOrderCursor(undefined)).toBeUndefined();
    expect(parseOrderCursor('12')).toBe(12n);
    for (const bad of ['0', 'u3', '1:2', '', '01']) expect(code(() => parseOrderCursor(bad))).toBe('400 BAD_REQUEST');
  });
});
