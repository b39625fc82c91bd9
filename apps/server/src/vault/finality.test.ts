import { describe, expect, it } from 'vitest';
import { createFinality } from './finality.ts';

const times = new Map<bigint, bigint>([
  [7n, 700n],
  [8n, 800n],
]);
const chain = { blockTime: async (n: bigint) => times.get(n) ?? 0n };

describe('finality', () => {
  it('with 0 confirmations the indexed head is final', async () => {
    const finality = createFinality(0, chain);
    expect(await finality.of({ blockNumber: 10n, timestamp: 1_000n })).toEqual({ blockNumber: 10n, timestamp: 1_000n });
    expect(finality.watermark()).toBe(1_000n);
  });

  it('with n confirmations the block n below the head is, with its time; near genesis nothing is', async () => {
    const finality = createFinality(2, chain);
    expect(await finality.of({ blockNumber: 10n, timestamp: 1_000n })).toEqual({ blockNumber: 8n, timestamp: 800n });
    expect(await finality.of({ blockNumber: 9n, timestamp: 900n })).toEqual({ blockNumber: 7n, timestamp: 700n });
    // The watermark keeps the latest final time seen, whatever came after.
    expect(finality.watermark()).toBe(800n);
    expect(await finality.of({ blockNumber: 2n, timestamp: 20n })).toEqual({ blockNumber: 0n, timestamp: 0n });
  });

  it('refuses a depth that is not a non-negative integer', () => {
    expect(() => createFinality(-1, chain)).toThrow(RangeError);
    expect(() => createFinality(1.5, chain)).toThrow(RangeError);
  });
});
