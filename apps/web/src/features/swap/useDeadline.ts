import { DEFAULT_DEADLINE_MINUTES, isDeadlineMinutes } from '@eterno/protocol/swap/deadline';
import { useStoredBigint } from './useStoredBigint.ts';

/** Where the transaction deadline is kept in the browser (minutes, decimal string). */
export const DEADLINE_STORAGE_KEY = 'eterno.swap.deadlineMinutes';

/** The user's transaction deadline in minutes (default 20), kept across visits. */
export function useDeadline(): [bigint, (minutes: bigint) => void] {
  return useStoredBigint(DEADLINE_STORAGE_KEY, DEFAULT_DEADLINE_MINUTES, isDeadlineMinutes);
}
