/** `POST /finance/purchases { packageId, amount }` → 201 PurchaseAuthorisationJson (session required). */
import { Hono } from 'hono';
import { requestPurchase } from '../../finance/purchases.ts';
import type { FinanceRouteDeps } from './financeDeps.ts';
import { parseProductId } from './financeInput.ts';
import { jsonBody, parseAmountWei } from './vaultInput.ts';

export function financePurchasesRoute({ ctx, session }: FinanceRouteDeps): Hono {
  return new Hono().post('/finance/purchases', async (c) => {
    const user = await session(c);
    const body = await jsonBody(c);
    const productId = parseProductId(body.packageId);
    const amount = parseAmountWei(body.amount);
    return c.json(await requestPurchase(ctx, user, { kind: 'package', productId, amount }), 201);
  });
}
