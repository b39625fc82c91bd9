/**
 * Between a confirmed write and the indexer having seen it, a screen that shows indexed data (an
 * order's payment, a package's remaining count, a node's vote total) would show the state from
 * before the write. A write that the indexer will reflect marks the entity it changes with what the
 * screen showed for it at that moment; while the indexed view still shows that, the screen says
 * "Recording…" instead. The mark goes once the indexed view moved, or after LAG_MS at the latest
 * (an indexer that is down must not leave a screen saying "Recording…" for ever).
 */

/** How long a mark may stand: far beyond the indexer's usual lag of a block or two. */
export const LAG_MS = 60_000;

type Mark = { readonly seen: string | undefined; readonly until: number };
type Listener = () => void;

export type IndexLagStore = {
  /** After a confirmed write changing `key`: `seen` is what the indexed view showed for it. */
  mark(key: string, seen: string | undefined): void;
  /**
   * Whether the indexed view of `key`, now `current`, still lags the chain. A view that moved ends
   * the mark (so the same value coming back later is not taken for a lag).
   */
  lagging(key: string, current: string | undefined): boolean;
  subscribe(listener: Listener): () => void;
  /** Changes whenever a mark is set or ends: a snapshot for useSyncExternalStore. */
  version(): number;
};

export function createIndexLagStore(
  now: () => number = Date.now,
  timers: { setTimeout: typeof setTimeout } = globalThis,
): IndexLagStore {
  const marks = new Map<string, Mark>();
  const listeners = new Set<Listener>();
  let version = 0;
  const emit = () => {
    version += 1;
    for (const listener of listeners) listener();
  };
  const end = (key: string) => {
    if (marks.delete(key)) queueMicrotask(emit);
  };
  return {
    mark(key, seen) {
      marks.set(key, { seen, until: now() + LAG_MS });
      timers.setTimeout(() => {
        const mark = marks.get(key);
        if (mark && mark.until <= now()) end(key);
      }, LAG_MS);
      emit();
    },
    lagging(key, current) {
      const mark = marks.get(key);
      if (!mark) return false;
      if (mark.until <= now() || current !== mark.seen) {
        end(key);
        return false;
      }
      return true;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    version: () => version,
  };
}

/** The app's marks (they outlive a screen: a user may pay an order and open the orders list). */
export const indexLag = createIndexLagStore();
