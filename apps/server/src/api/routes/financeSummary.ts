/** `GET /finance/summary` → FinanceSummaryJson (session required). */
import { Hono } from 'hono';
import { readSummary } from '../../finance/summary.ts';
import type { FinanceRouteDeps } from './financeDeps.ts';

export function financeSummaryRoute({ ctx, session }: FinanceRouteDeps): Hono {
  return new Hono().get('/finance/summary', async (c) => c.json(await readSummary(ctx, await session(c))));
}
