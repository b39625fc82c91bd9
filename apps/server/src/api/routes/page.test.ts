import { describe, expect, it } from 'vitest';
import { ApiError } from '../../http/errors.ts';
import { cutPage, formatEventCursor, known, newestFirst, parseAccount, parseEventCursor, parseLimit } from './page.ts';

const ALICE = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

function refusal(fn: () => unknown): { code: string; status: number } {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(ApiError);
    return { code: (err as ApiError).code, status: (err as ApiError).status };
  }
  throw new Error('expected a refusal');
}

describe('parseAccount', () => {
  it('accepts checksummed, lower-case and upper-case addresses and returns them lower-case', () => {
    expect(parseAccount(ALICE)).toBe(ALICE.toLowerCase());
    expect(parseAccount(ALICE.toLowerCase())).toBe(ALICE.toLowerCase());
    expect(parseAccount(`0x${ALICE.slice(2).toUpperCase()}`)).toBe(ALICE.toLowerCase());
  });

  it('refuses a missing account with BAD_REQUEST', () => {
    expect(refusal(() => parseAccount(undefined))).toEqual({ code: 'BAD_REQUEST', status: 400 });
  });

  it.each(['', '0x1234', 'alice', 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb', ALICE.replace('C5', 'c5')])(
    'refuses %j with INVALID_WALLET_ADDRESS (400)',
    (value) => {
      expect(refusal(() => parseAccount(value))).toEqual({ code: 'INVALID_WALLET_ADDRESS', status: 400 });
    },
  );
});

describe('parseLimit', () => {
  it('defaults to 20 and accepts 1–100', () => {
    expect(parseLimit(undefined)).toBe(20);
    expect(parseLimit('1')).toBe(1);
    expect(parseLimit('100')).toBe(100);
  });

  it.each(['0', '101', '1000', '1.5', '-3', '', 'ten', '1e2'])('refuses %j with BAD_REQUEST', (value) => {
    expect(refusal(() => parseLimit(value))).toEqual({ code: 'BAD_REQUEST', status: 400 });
  });
});

describe('event cursor', () => {
  it('round-trips block:logIndex', () => {
    const cursor = parseEventCursor('123456:7');
    expect(cursor).toEqual({ blockNumber: 123456n, logIndex: 7 });
    expect(formatEventCursor(cursor!)).toBe('123456:7');
    expect(parseEventCursor(undefined)).toBeUndefined();
  });

  it.each(['', '12', '12:', ':3', '12:3:4', 'a:1', '-1:2', '1.5:2'])('refuses %j with BAD_REQUEST', (value) => {
    expect(refusal(() => parseEventCursor(value))).toEqual({ code: 'BAD_REQUEST', status: 400 });
  });

  it('orders newest first by block, then log index', () => {
    const places = [
      { blockNumber: 5n, logIndex: 1 },
      { blockNumber: 9n, logIndex: 0 },
      { blockNumber: 5n, logIndex: 4 },
    ];
    expect([...places].sort(newestFirst)).toEqual([
      { blockNumber: 9n, logIndex: 0 },
      { blockNumber: 5n, logIndex: 4 },
      { blockNumber: 5n, logIndex: 1 },
    ]);
  });
});

describe('cutPage', () => {
  const cursor = (n: number) => `c${n}`;

  it('gives the next cursor only when a row beyond the page was fetched', () => {
    expect(cutPage([1, 2, 3], 2, cursor)).toEqual({ items: [1, 2], nextBefore: 'c2' });
    expect(cutPage([1, 2], 2, cursor)).toEqual({ items: [1, 2], nextBefore: null });
    expect(cutPage([], 2, cursor)).toEqual({ items: [], nextBefore: null });
  });
});

describe('known', () => {
  it('narrows a known value and throws on another', () => {
    expect(known(['a', 'b'] as const, 'b', 't.c')).toBe('b');
    expect(() => known(['a', 'b'] as const, 'z', 't.c')).toThrow('t.c: unknown value "z"');
  });
});
