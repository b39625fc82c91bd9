import { ApiError } from '../../session/ApiError.ts';

/** Every referral API read of the Mine and income screens lives under this query-key prefix. */
export const MINE_QUERY = 'mine';

/** How often the referral reads are taken again (the indexer follows the chain: a purchase in the team moves them). */
export const MINE_REFRESH_MS = 4_000;

/** Rows per page of the member lists and the binary days. */
export const MINE_PAGE = 20;

/**
 * The server answered 404. A screen that reads one record (a tree root outside the team) says what
 * that means; anywhere else it is an error with Retry like any other (a misrouted API URL or proxy),
 * never "not provided" (docs/decisions/referral.md, "A 404 is an error").
 */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

/** A TanStack Query retry rule: a 404 is not asked again by itself (the screen offers Retry), others twice. */
export function retryUnlessNotFound(failures: number, error: unknown): boolean {
  return !isNotFound(error) && failures < 2;
}
