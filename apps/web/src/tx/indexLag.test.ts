import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createIndexLagStore, LAG_MS } from './indexLag.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('index lag marks', () => {
  it('lags while the indexed view still shows what it showed at the confirmation', () => {
    const store = createIndexLagStore(() => Date.now());
    expect(store.lagging('regular:7', 'unpaid')).toBe(false);
    store.mark('regular:7', 'unpaid');
    expect(store.lagging('regular:7', 'unpaid')).toBe(true);
    expect(store.lagging('regular:8', 'unpaid')).toBe(false);
  });

  it('ends once the view moved, and stays ended if the old value comes back', () => {
    const store = createIndexLagStore(() => Date.now());
    store.mark('package:1:left', '5');
    expect(store.lagging('package:1:left', '4')).toBe(false);
    expect(store.lagging('package:1:left', '5')).toBe(false);
  });

  it('a view not loaded yet (undefined) lags only if it was not loaded at the mark either', () => {
    const store = createIndexLagStore(() => Date.now());
    store.mark('node:1:votes', '100');
    expect(store.lagging('node:1:votes', undefined)).toBe(false);
    store.mark('node:2:votes', undefined);
    expect(store.lagging('node:2:votes', undefined)).toBe(true);
  });

  it('gives up after LAG_MS (an indexer that is down), and tells the subscribers', async () => {
    const store = createIndexLagStore(() => Date.now());
    const versions: number[] = [];
    store.subscribe(() => versions.push(store.version()));
    store.mark('regular:7', 'unpaid');
    vi.advanceTimersByTime(LAG_MS - 1);
    expect(store.lagging('regular:7', 'unpaid')).toBe(true);
    vi.advanceTimersByTime(1);
    await Promise.resolve();
    expect(store.lagging('regular:7', 'unpaid')).toBe(false);
    expect(versions).toEqual([1, 2]);
  });

  it('a second write on the same entity starts from what the view shows then', () => {
    const store = createIndexLagStore(() => Date.now());
    store.mark('node:1:votes', '100');
    store.mark('node:1:votes', '150');
    expect(store.lagging('node:1:votes', '100')).toBe(false);
  });
});
