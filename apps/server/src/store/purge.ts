/**
 * Removes expired sign-in rows on a schedule, so unauthenticated `POST /auth/nonce` calls and
 * old sessions do not pile up: every `intervalMs` (default one minute) and once at start.
 */
import type { AuthStore } from './authStore.ts';

export const PURGE_INTERVAL_MS = 60_000;

export type PurgeSchedule = { stop(): void };

export function schedulePurge(
  store: Pick<AuthStore, 'purgeExpired'>,
  {
    intervalMs = PURGE_INTERVAL_MS,
    now = () => new Date(),
    onError = (err: unknown) =>
      console.error(
        JSON.stringify({ level: 'error', msg: 'purge of expired sign-in rows failed', error: String(err) }),
      ),
  } = {},
): PurgeSchedule {
  let running = false;
  const run = () => {
    if (running) return;
    running = true;
    store
      .purgeExpired(now())
      .catch(onError)
      .finally(() => {
        running = false;
      });
  };
  run();
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
