import { afterEach, describe, expect, it, vi } from 'vitest';
import { schedulePurge } from './purge.ts';

describe('schedulePurge', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('purges once at start and then every interval, with the time of each run, until stopped', async () => {
    vi.useFakeTimers({ now: new Date('2030-01-01T00:00:00Z') });
    const runs: string[] = [];
    const store = { purgeExpired: async (now: Date) => (runs.push(now.toISOString()), { nonces: 0, sessions: 0 }) };
    const schedule = schedulePurge(store, { intervalMs: 60_000 });
    expect(runs).toEqual(['2030-01-01T00:00:00.000Z']);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(runs).toEqual(['2030-01-01T00:00:00.000Z', '2030-01-01T00:01:00.000Z', '2030-01-01T00:02:00.000Z']);
    schedule.stop();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(runs).toHaveLength(3);
  });

  it('reports a failed run and keeps the schedule', async () => {
    vi.useFakeTimers();
    const errors: unknown[] = [];
    let calls = 0;
    const store = {
      purgeExpired: async () => {
        calls += 1;
        throw new Error('database down');
      },
    };
    const schedule = schedulePurge(store, { intervalMs: 1000, onError: (e) => errors.push(e) });
    await vi.advanceTimersByTimeAsync(2000);
    schedule.stop();
    expect(calls).toBe(3);
    expect(errors).toHaveLength(3);
  });
});
