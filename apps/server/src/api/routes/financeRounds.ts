/** `GET /finance/rounds` → FinanceRoundsJson (public; a session adds myPlace and myWaiting). */
import { Hono } from 'hono';
import { readRounds } from '../../finance/rounds.ts';
import { optionalUser, type FinanceRouteDeps } from './financeDeps.ts';

export function financeRoundsRoute({ ctx, session }: FinanceRouteDeps): Hono {
  return new Hono().get('/finance/rounds', async (c) => c.json(await readRounds(ctx, await optionalUser(session, c))));
}
