import { describe, expect, test } from 'vitest';
import { until, WaitTimeoutError } from './wait.ts';

describe('until', () => {
  test('returns the first value that is not undefined or false', async () => {
    let n = 0;
    await expect(until('n to reach 3', () => (++n >= 3 ? n : false), { intervalMs: 1 })).resolves.toBe(3);
  });

  test('times out with what it waited for and the last error', async () => {
    const err = await until(
      'the impossible',
      () => {
        throw new Error('still broken');
      },
      { timeoutMs: 20, intervalMs: 5 },
    ).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(WaitTimeoutError);
    expect((err as Error).message).toMatch(/the impossible: still broken/);
  });
});
