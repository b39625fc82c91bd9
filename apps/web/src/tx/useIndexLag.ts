import { useSyncExternalStore } from 'react';
import { indexLag, type IndexLagStore } from './indexLag.ts';

/** Whether the indexed view of `key` (now `current`) still lags a confirmed write (tx/indexLag.ts). */
export function useIndexLag(key: string | null, current: string | undefined, store: IndexLagStore = indexLag): boolean {
  useSyncExternalStore(store.subscribe, store.version, store.version);
  return key !== null && store.lagging(key, current);
}

/** The same for the rows of a list: one subscription, a check per row. */
export function useIndexLagCheck(
  store: IndexLagStore = indexLag,
): (key: string, current: string | undefined) => boolean {
  useSyncExternalStore(store.subscribe, store.version, store.version);
  return (key, current) => store.lagging(key, current);
}
