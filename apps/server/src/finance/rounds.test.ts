import { projectAllotment } from '@eterno/protocol/finance/rules';
import { describe, expect, it } from 'vitest';
import { queueHeadSize } from './rounds.ts';

describe('queueHeadSize', () => {
  it('reads no further than the first order that cannot fit whatever comes before it', () => {
    expect(queueHeadSize(250n, 1_000, 100n)).toBe(3);
    expect(queueHeadSize(250n, 2, 100n)).toBe(2);
    expect(queueHeadSize(50_000n, 100_000, 100n)).toBe(501);
    expect(queueHeadSize(250n, 0, 0n)).toBe(0);
  });

  it('projects the same allotment from the head as from the whole queue', () => {
    const queue = Array.from({ length: 50 }, (_, i) => ({
      seq: BigInt(i + 1),
      payment: BigInt(((i * 37) % 5) + 1) * 100n,
    }));
    for (const quota of [0n, 99n, 100n, 250n, 1_000n, 10_000n, 100_000n]) {
      const least = queue.reduce((m, q) => (q.payment < m ? q.payment : m), queue[0]!.payment);
      const head = queue.slice(0, queueHeadSize(quota, queue.length, least));
      expect([quota, projectAllotment(head, quota)]).toEqual([quota, projectAllotment(queue, quota)]);
    }
  });
});
