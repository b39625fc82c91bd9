/** `GET /finance/catalogue` → FinanceCatalogueJson (public; a session adds cyclesLeft and registered). */
import { Hono } from 'hono';
import { readCatalogue } from '../../finance/catalogue.ts';
import { optionalUser, type FinanceRouteDeps } from './financeDeps.ts';

export function financeCatalogueRoute({ ctx, session }: FinanceRouteDeps): Hono {
  return new Hono().get('/finance/catalogue', async (c) =>
    c.json(await readCatalogue(ctx, await optionalUser(session, c))),
  );
}
