/**
 * Withdrawal vouchers (session required; the user is the session's address):
 *   POST /vault/withdrawals { token, amount }   → 201 WithdrawalJson (a signed voucher)
 *   GET  /vault/withdrawals?limit=&before=      → WithdrawalsResponseJson, newest first
 *   POST /vault/withdrawals/:id/cancel          → WithdrawalJson (state cancelled)
 * The two POSTs are rate-limited (../vaultApp.ts).
 */
import { Hono } from 'hono';
import { cancelWithdrawal, listWithdrawals, requestWithdrawal, withdrawalJson } from '../../vault/vouchers.ts';
import type { VaultRouteDeps } from './vaultDeps.ts';
import { jsonBody, parseAmountWei, parseToken, parseVoucherId } from './vaultInput.ts';
import { parseLimit } from './page.ts';

export function vaultWithdrawalsRoute({ ctx, session, limited }: VaultRouteDeps): Hono {
  return new Hono()
    .post('/vault/withdrawals', limited(), async (c) => {
      const user = await session(c);
      const body = await jsonBody(c);
      const token = parseToken(body.token);
      const amount = parseAmountWei(body.amount);
      return c.json(withdrawalJson(await requestWithdrawal(ctx, user, token, amount)), 201);
    })
    .get('/vault/withdrawals', async (c) => {
      const user = await session(c);
      const limit = parseLimit(c.req.query('limit'));
      const before = c.req.query('before');
      return c.json(
        await listWithdrawals(
          ctx,
          user,
          limit,
          before === undefined ? undefined : parseVoucherId(before, 'BAD_REQUEST'),
        ),
      );
    })
    .post('/vault/withdrawals/:id/cancel', limited(), async (c) => {
      const user = await session(c);
      return c.json(await cancelWithdrawal(ctx, user, parseVoucherId(c.req.param('id'), 'VOUCHER_NOT_FOUND')));
    });
}
