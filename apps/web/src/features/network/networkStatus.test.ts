import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { blockWatchDown, reportBlockWatchError, setBlockWatchDown } from '../../chain/blockWatch.ts';
import { ApiError } from '../../session/ApiError.ts';
import { NETWORK_RETRY_S, networkStatusOf, REACHABLE, watchNetwork, type NetworkStatus } from './networkStatus.ts';

const offline = () => new ApiError('NETWORK_ERROR', 'Failed to fetch', 0);
const rpcDown = () => Object.assign(new Error('HTTP request failed.'), { name: 'HttpRequestError' });

let client: QueryClient;
const unsubscribes: Array<() => void> = [];

/** A query a screen shows (an observer subscribed), answered by `answer` on each fetch. */
function shown(key: string, answer: () => Promise<string>) {
  const observer = new QueryObserver(client, { queryKey: [key], queryFn: answer, retry: false });
  unsubscribes.push(observer.subscribe(() => undefined));
  return observer;
}

beforeEach(() => {
  vi.useFakeTimers();
  client = new QueryClient();
});
afterEach(() => {
  setBlockWatchDown(false);
  unsubscribes.splice(0).forEach((unsubscribe) => unsubscribe());
  client.clear();
  vi.useRealTimers();
});

describe('the network status', () => {
  it('names the server or the chain from the reads on screen, and ignores other failures', async () => {
    shown('bills', () => Promise.reject(offline()));
    shown('refused', () => Promise.reject(new ApiError('INSUFFICIENT_BALANCE', 'no', 409)));
    await vi.runOnlyPendingTimersAsync();
    expect(networkStatusOf(client)).toEqual({ server: true, chain: false });
    shown('balances', () => Promise.reject(rpcDown()));
    await vi.runOnlyPendingTimersAsync();
    expect(networkStatusOf(client)).toEqual({ server: true, chain: true });
  });

  it('does not count a failed read no screen shows any more', async () => {
    await client.prefetchQuery({ queryKey: ['gone'], queryFn: () => Promise.reject(offline()), retry: false });
    expect(client.getQueryState(['gone'])?.status).toBe('error');
    expect(networkStatusOf(client)).toBe(REACHABLE);
  });

  it('fetches the failed reads again every few seconds and reports the way back, once', async () => {
    let up = false;
    const answer = vi.fn(() => (up ? Promise.resolve('figures') : Promise.reject(offline())));
    const seen: NetworkStatus[] = [];
    const watch = watchNetwork(client, (status) => seen.push(status));
    shown('orders', answer);
    await vi.advanceTimersByTimeAsync(0);
    expect(seen).toEqual([{ server: true, chain: false }]);
    const fetches = answer.mock.calls.length;
    await vi.advanceTimersByTimeAsync(NETWORK_RETRY_S * 1000);
    expect(answer.mock.calls.length).toBe(fetches + 1);
    up = true;
    await vi.advanceTimersByTimeAsync(NETWORK_RETRY_S * 1000);
    expect(client.getQueryData(['orders'])).toBe('figures');
    expect(seen).toEqual([{ server: true, chain: false }, REACHABLE]);
    // Back online: no more retries.
    const after = answer.mock.calls.length;
    await vi.advanceTimersByTimeAsync(3 * NETWORK_RETRY_S * 1000);
    expect(answer.mock.calls.length).toBe(after);
    watch.stop();
  });

  it('retries at once on demand', async () => {
    const answer = vi.fn(() => Promise.reject(rpcDown()));
    const watch = watchNetwork(client, () => undefined);
    shown('farm', answer);
    await vi.advanceTimersByTimeAsync(0);
    const fetches = answer.mock.calls.length;
    await watch.retryNow();
    expect(answer.mock.calls.length).toBe(fetches + 1);
    watch.stop();
  });

  it("counts the block watch's failed poll, and finds the chain back with a probe when no block came", async () => {
    let chainUp = false;
    const probe = vi.fn(() => (chainUp ? Promise.resolve(7n) : Promise.reject(rpcDown())));
    const seen: NetworkStatus[] = [];
    const watch = watchNetwork(client, (status) => seen.push(status), probe);
    reportBlockWatchError(new ApiError('INSUFFICIENT_BALANCE', 'not an outage', 409));
    expect(blockWatchDown()).toBe(false);
    reportBlockWatchError(rpcDown());
    expect(seen).toEqual([{ server: false, chain: true }]);
    await vi.advanceTimersByTimeAsync(NETWORK_RETRY_S * 1000);
    expect(probe).toHaveBeenCalledTimes(1);
    expect(seen).toHaveLength(1);
    chainUp = true;
    await vi.advanceTimersByTimeAsync(NETWORK_RETRY_S * 1000);
    expect(seen).toEqual([{ server: false, chain: true }, REACHABLE]);
    watch.stop();
  });
});
