import type { SessionUser } from '../../auth/session.ts';
import type { ReferralContext } from '../../referral/context.ts';
import type { ReferralSql } from '../../referral/referralSql.ts';
import type { TeamReader } from '../../referral/teamBatch.ts';
import { ApiError } from '../../http/errors.ts';
import type { ApiDb } from './page.ts';

/**
 * What every referral route needs: the indexer's tables (Drizzle, and raw statements prepared where
 * the database allows: referral/preparedSql.ts), the team figures read in shared statements
 * (referral/teamBatch.ts) and the session's user.
 */
export type ReferralRouteDeps = { db: ApiDb; sql: ReferralSql; team: TeamReader; session: SessionUser };

/** The registration and invitation routes also need the referral context (signer, invitation store). */
export type RegistrationRouteDeps = ReferralRouteDeps & { ctx: ReferralContext };

/** `before` of a member list: an account id (a positive integer); anything else → BAD_REQUEST. */
export function parseIdCursor(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^[1-9]\d{0,9}$/.test(value)) throw new ApiError('BAD_REQUEST');
  const n = Number(value);
  if (n > 0xffffffff) throw new ApiError('BAD_REQUEST');
  return n;
}
