import { useCallback, useState } from 'react';

/** Where the ids of the pending changes a user dismissed are kept: this browser tab's session. */
export const DISMISSED_KEY = 'eterno.pendingChanges.dismissed';

function sessionStore(): Storage | undefined {
  try {
    return globalThis.sessionStorage;
  } catch {
    return undefined;
  }
}

/** The dismissed ids stored in `store` (none when absent or unreadable). */
export function readDismissed(store: Storage | undefined = sessionStore()): ReadonlySet<string> {
  try {
    const parsed: unknown = JSON.parse(store?.getItem(DISMISSED_KEY) ?? '[]');
    return new Set(Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === 'string') : []);
  } catch {
    return new Set();
  }
}

/**
 * The pending changes dismissed in this session, and a function dismissing more. A change is known by
 * its id (`pendingChangeId`): a new proposal has a new id, so the banner comes back for it.
 */
export function useDismissedChanges(): [ReadonlySet<string>, (ids: readonly string[]) => void] {
  const [dismissed, setDismissed] = useState(() => readDismissed());
  const dismiss = useCallback((ids: readonly string[]) => {
    setDismissed((current) => {
      const next = new Set([...current, ...ids]);
      try {
        sessionStore()?.setItem(DISMISSED_KEY, JSON.stringify([...next]));
      } catch {
        // A full or blocked storage only means the banner comes back after a reload.
      }
      return next;
    });
  }, []);
  return [dismissed, dismiss];
}
