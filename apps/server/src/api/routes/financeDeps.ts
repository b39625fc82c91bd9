import type { Context } from 'hono';
import type { Address } from 'viem';
import type { SessionUser } from '../../auth/session.ts';
import type { FinanceContext } from '../../finance/context.ts';
import { ApiError } from '../../http/errors.ts';

/** What every finance route needs: the finance context and the session's user. */
export type FinanceRouteDeps = { ctx: FinanceContext; session: SessionUser };

/**
 * The session's user on a public route: null without an `authorization` header, and null when the
 * session is not live (the public answer, never a 401, on a page anyone may open).
 */
export async function optionalUser(session: SessionUser, c: Context): Promise<Address | null> {
  if (c.req.header('authorization') === undefined) return null;
  try {
    return await session(c);
  } catch (err) {
    if (err instanceof ApiError && err.code === 'UNAUTHORIZED') return null;
    throw err;
  }
}
