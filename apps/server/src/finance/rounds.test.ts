import { describe, expect, it } from 'vitest';
import type { Address } from 'viem';
import { myQueue } from './rounds.ts';

const A = '0x00000000000000000000000000000000000000aa' as Address;
const B = '0x00000000000000000000000000000000000000bb' as Address;

describe('myQueue', () => {
  const queue = [
    { seq: 4n, user: B, payment: 5n },
    { seq: 7n, user: A, payment: 10n },
    { seq: 9n, user: B, payment: 1n },
    { seq: 12n, user: A, payment: 3n },
  ];

  it("is the user's first waiting order's 1-based place and the sum of their waiting payments", () => {
    expect(myQueue(queue, A)).toEqual({ myPlace: 2, myWaiting: '13' });
    expect(myQueue(queue, B)).toEqual({ myPlace: 1, myWaiting: '6' });
  });

  it('is null and 0 without a session or without a waiting order', () => {
    expect(myQueue(queue, undefined)).toEqual({ myPlace: null, myWaiting: '0' });
    expect(myQueue(queue, '0x00000000000000000000000000000000000000cc')).toEqual({ myPlace: null, myWaiting: '0' });
  });
});
