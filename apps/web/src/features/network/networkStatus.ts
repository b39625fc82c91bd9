import type { QueryCacheNotifyEvent, QueryClient } from '@tanstack/react-query';
import { blockWatchDown, onBlockWatchChange, setBlockWatchDown } from '../../chain/blockWatch.ts';
import { transportFailure, type Unreachable } from '../../chain/transportFailure.ts';

/** Seconds between two automatic retries of the reads that found a service out of reach. */
export const NETWORK_RETRY_S = 5;

export type NetworkStatus = { readonly server: boolean; readonly chain: boolean };

export const REACHABLE: NetworkStatus = { server: false, chain: false };

/** wagmi's key of the chain's block number query. */
const isBlockNumberQuery = (queryKey: readonly unknown[]) => queryKey[0] === 'blockNumber';

/** The service each query's last finished fetch found out of reach (kept while it fetches again). */
type Failures = Map<string, Unreachable>;

/** The failures the cache holds now (a query that failed and is not fetching again). */
function failuresIn(client: QueryClient): Failures {
  const failures: Failures = new Map();
  for (const query of client.getQueryCache().getAll()) {
    const unreachable = query.state.status === 'error' ? transportFailure(query.state.error) : null;
    if (unreachable) failures.set(query.queryHash, unreachable);
  }
  return failures;
}

/** Which services the reads on screen found out of reach (a read no screen shows does not count). */
export function networkStatusOf(client: QueryClient, failures: Failures = failuresIn(client)): NetworkStatus {
  let server = false;
  let chain = false;
  for (const [hash, unreachable] of failures) {
    if ((client.getQueryCache().get(hash)?.getObserversCount() ?? 0) === 0) continue;
    if (unreachable === 'server') server = true;
    if (unreachable === 'chain') chain = true;
  }
  if (blockWatchDown()) chain = true;
  return !server && !chain ? REACHABLE : { server, chain };
}

/**
 * Follows the status as queries change (`onChange` only when it changes) and, while a service is
 * out of reach, fetches the reads that failed again every NETWORK_RETRY_S seconds, so the screens come
 * back by themselves. A read keeps its failure while it fetches again, until a fetch ends. Returns
 * the function that stops it; `retryNow` fetches them at once.
 */
export function watchNetwork(
  client: QueryClient,
  onChange: (status: NetworkStatus) => void,
  /** Asks the chain for its head: how the block watch is found back when no block came since. */
  probeChain?: () => Promise<unknown>,
): { stop: () => void; retryNow: () => Promise<void> } {
  const failures = failuresIn(client);
  let status = networkStatusOf(client, failures);
  let timer: ReturnType<typeof setInterval> | undefined;
  const retryNow = async () => {
    const probe =
      blockWatchDown() && probeChain
        ? probeChain().then(
            () => setBlockWatchDown(false),
            () => undefined,
          )
        : undefined;
    await Promise.all([
      probe,
      client.refetchQueries(
        {
          type: 'active',
          predicate: (query) =>
            failures.has(query.queryHash) || (blockWatchDown() && isBlockNumberQuery(query.queryKey)),
        },
        { throwOnError: false },
      ),
    ]);
  };
  const update = (event?: QueryCacheNotifyEvent) => {
    if (event?.type === 'removed') failures.delete(event.query.queryHash);
    if (event?.type === 'updated' && event.action.type === 'success') {
      failures.delete(event.query.queryHash);
      if (isBlockNumberQuery(event.query.queryKey)) setBlockWatchDown(false);
    }
    if (event?.type === 'updated' && event.action.type === 'error') {
      const unreachable = transportFailure(event.action.error);
      if (unreachable) failures.set(event.query.queryHash, unreachable);
      else failures.delete(event.query.queryHash);
    }
    const next = networkStatusOf(client, failures);
    const down = next.server || next.chain;
    if (down && timer === undefined) timer = setInterval(() => void retryNow(), NETWORK_RETRY_S * 1000);
    if (!down && timer !== undefined) {
      clearInterval(timer);
      timer = undefined;
    }
    if (next.server === status.server && next.chain === status.chain) return;
    status = next;
    onChange(status);
  };
  const unsubscribe = client.getQueryCache().subscribe(update);
  const stopBlockWatch = onBlockWatchChange(() => update());
  update();
  return {
    stop: () => {
      unsubscribe();
      stopBlockWatch();
      if (timer !== undefined) clearInterval(timer);
    },
    retryNow,
  };
}
