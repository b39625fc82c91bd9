import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createToastStore } from './toast.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('toast store', () => {
  it('replaces a toast in place by id (a transaction updating its notice)', () => {
    const store = createToastStore();
    const id = store.show({ tone: 'info', message: 'Submitting' });
    store.show({ id, tone: 'info', message: 'Confirming', hash: '0xab' });
    expect(store.getState()).toEqual([{ id, tone: 'info', message: 'Confirming', hash: '0xab' }]);
  });

  it('keeps info until replaced; success and error expire', () => {
    const store = createToastStore();
    const id = store.show({ tone: 'info', message: 'Confirming' });
    vi.advanceTimersByTime(60_000);
    expect(store.getState()).toHaveLength(1);
    store.show({ id, tone: 'success', message: 'Submitted successfully' });
    vi.advanceTimersByTime(4_999);
    expect(store.getState()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(store.getState()).toHaveLength(0);
    store.show({ tone: 'error', message: 'Refused transaction request' });
    vi.advanceTimersByTime(8_000);
    expect(store.getState()).toHaveLength(0);
  });

  it('notifies subscribers and can be dismissed', () => {
    const store = createToastStore();
    const seen: number[] = [];
    const unsubscribe = store.subscribe(() => seen.push(store.getState().length));
    const id = store.show({ tone: 'error', message: 'x' });
    store.dismiss(id);
    store.dismiss(id);
    unsubscribe();
    store.show({ tone: 'info', message: 'y' });
    expect(seen).toEqual([1, 0]);
  });
});
