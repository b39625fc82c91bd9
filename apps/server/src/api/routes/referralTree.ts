/**
 * `GET /referral/tree/:address?root=` → TreeJson. Session required, and `:address` must be the
 * session's own (UNAUTHORIZED otherwise): the view is around `root` (default `:address`), a node
 * inside the viewer's team (NOT_FOUND outside it).
 */
import { Hono } from 'hono';
import { ApiError } from '../../http/errors.ts';
import { readTree } from '../../referral/teamReads.ts';
import { parseAccount } from './page.ts';
import type { ReferralRouteDeps } from './referralDeps.ts';

export function referralTreeRoute({ db, sql, session }: ReferralRouteDeps): Hono {
  return new Hono().get('/referral/tree/:address', async (c) => {
    const viewer = parseAccount(c.req.param('address'));
    const rootParam = c.req.query('root');
    const root = rootParam === undefined ? viewer : parseAccount(rootParam);
    if ((await session(c)) !== viewer) throw new ApiError('UNAUTHORIZED');
    return c.json(await readTree(db, sql, viewer, root));
  });
}
