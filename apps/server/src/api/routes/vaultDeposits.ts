/** `POST /vault/deposits { token, amount }` → DepositAuthorisationJson (session required; rate-limited, ../vaultApp.ts). */
import { Hono } from 'hono';
import { authoriseDeposit } from '../../vault/deposits.ts';
import type { VaultRouteDeps } from './vaultDeps.ts';
import { jsonBody, parseAmountWei, parseToken } from './vaultInput.ts';

export function vaultDepositsRoute({ ctx, session, limited }: VaultRouteDeps): Hono {
  return new Hono().post('/vault/deposits', limited(), async (c) => {
    const user = await session(c);
    const body = await jsonBody(c);
    return c.json(await authoriseDeposit(ctx, user, parseToken(body.token), parseAmountWei(body.amount)));
  });
}
