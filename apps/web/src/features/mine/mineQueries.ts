import { ApiError } from '../../session/ApiError.ts';

/** Every referral API read of the Mine and income screens lives under this query-key prefix. */
export const MINE_QUERY = 'mine';

/** How often the referral reads are taken again (the indexer follows the chain: a purchase in the team moves them). */
export const MINE_REFRESH_MS = 4_000;

/** Rows per page of the member lists and the binary days. */
export const MINE_PAGE = 20;

/**
 * The server answered 404 for a whole route (not for one record): it does not serve these figures
 * (yet). The screens then say so instead of showing a number.
 */
export function isMissingRoute(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

/** A TanStack Query retry rule that does not ask again for a route the server does not have. */
export function retryUnlessMissing(failures: number, error: unknown): boolean {
  return !isMissingRoute(error) && failures < 2;
}
