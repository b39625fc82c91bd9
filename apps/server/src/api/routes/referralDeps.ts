import type { SessionUser } from '../../auth/session.ts';
import { ApiError } from '../../http/errors.ts';
import type { ApiDb } from './page.ts';

/** What every referral route needs: the indexer's tables and the session's user. */
export type ReferralRouteDeps = { db: ApiDb; session: SessionUser };

/** `before` of a member list: an account id (a positive integer); anything else → BAD_REQUEST. */
export function parseIdCursor(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^[1-9]\d{0,9}$/.test(value)) throw new ApiError('BAD_REQUEST');
  const n = Number(value);
  if (n > 0xffffffff) throw new ApiError('BAD_REQUEST');
  return n;
}
