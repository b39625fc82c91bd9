/** `POST /vault/exchange-quotes { tokenIn, tokenOut, amountIn }` → ExchangeQuoteJson (session required; rate-limited, ../vaultApp.ts). */
import { Hono } from 'hono';
import { quoteExchange } from '../../vault/exchange.ts';
import type { VaultRouteDeps } from './vaultDeps.ts';
import { jsonBody, parseAmountWei, parseToken } from './vaultInput.ts';

export function vaultExchangeQuotesRoute({ ctx, session, limited }: VaultRouteDeps): Hono {
  return new Hono().post('/vault/exchange-quotes', limited(), async (c) => {
    const user = await session(c);
    const body = await jsonBody(c);
    const tokenIn = parseToken(body.tokenIn);
    const tokenOut = parseToken(body.tokenOut);
    const amountIn = parseAmountWei(body.amountIn);
    return c.json(await quoteExchange(ctx, user, tokenIn, tokenOut, amountIn));
  });
}
