import { transportFailure } from './transportFailure.ts';

/**
 * The chain's block watch (wagmi polls eth_blockNumber for every screen): a poll that found the RPC
 * out of reach is no query of its own, so it is reported here (`reportBlockWatchError`, the watch's
 * `onError`) and cleared by the next block number read that succeeds (features/network).
 */
let down = false;
const listeners = new Set<() => void>();

/** Whether the last block poll found the RPC out of reach. */
export const blockWatchDown = (): boolean => down;

export function setBlockWatchDown(next: boolean): void {
  if (down === next) return;
  down = next;
  for (const listener of listeners) listener();
}

/** Calls `listener` when the watch goes down or comes back; returns the function that stops it. */
export function onBlockWatchChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The block watch's `onError` (a stable function: wagmi re-subscribes when it changes). */
export function reportBlockWatchError(error: unknown): void {
  if (transportFailure(error) === 'chain') setBlockWatchDown(true);
}
