/** `GET /referral/binary?limit=&before=` → BinaryDaysPageJson (session): the binary detail, newest day first. */
import { Hono } from 'hono';
import { ApiError } from '../../http/errors.ts';
import { readBinaryDays } from '../../referral/incomeReads.ts';
import { parseLimit } from './page.ts';
import type { ReferralRouteDeps } from './referralDeps.ts';

/** `before`: a day (unix seconds of a 00:00 UTC); anything else → BAD_REQUEST. */
function parseDayCursor(value: string | undefined): bigint | undefined {
  if (value === undefined) return undefined;
  if (!/^[1-9]\d{0,11}$/.test(value) || BigInt(value) % 86_400n !== 0n) throw new ApiError('BAD_REQUEST');
  return BigInt(value);
}

export function referralBinaryRoute({ db, session }: ReferralRouteDeps): Hono {
  return new Hono().get('/referral/binary', async (c) => {
    const page = { limit: parseLimit(c.req.query('limit')), before: parseDayCursor(c.req.query('before')) };
    return c.json(await readBinaryDays(db, await session(c), page));
  });
}
