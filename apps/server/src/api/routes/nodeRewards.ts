/**
 * `GET /nodes/rewards?limit=&before=<day>`: the node reward pool's settled days, newest first, paged
 * by the day; `today` the indexed day's pool so far (its payments at the rate in force, plus what it
 * carried in), `poolBps` that rate (the nodes settings, src/nodes/settings.ts).
 */
import { dayPool } from '@eterno/protocol/nodes/dayPool';
import type { NodePoolResponseJson } from '@eterno/protocol/nodesApi';
import { Hono } from 'hono';
import { and, desc, eq, isNotNull, lt } from 'ponder';
import { nodePoolDay } from '../../../ponder.schema.ts';
import { ApiError } from '../../http/errors.ts';
import { nodesSettingsAt, type NodesSettings } from '../../nodes/settings.ts';
import { indexedDay } from '../../referral/referralView.ts';
import { cutPage, parseLimit, type ApiDb } from './page.ts';

export type NodeRewardsQuery = { limit: number; before: bigint | undefined };

export function parseNodeRewardsQuery(query: { limit?: string; before?: string }): NodeRewardsQuery {
  const before = query.before;
  if (before !== undefined && !/^\d{1,20}$/.test(before)) throw new ApiError('BAD_REQUEST');
  return { limit: parseLimit(query.limit), before: before === undefined ? undefined : BigInt(before) };
}

export function nodeRewardsRoute(db: ApiDb, settings: NodesSettings): Hono {
  return new Hono().get('/nodes/rewards', async (c) => {
    const query = parseNodeRewardsQuery(c.req.query());
    const day = await indexedDay(db);
    const [rows, [today]] = await Promise.all([
      db
        .select()
        .from(nodePoolDay)
        .where(
          and(isNotNull(nodePoolDay.pool), query.before === undefined ? undefined : lt(nodePoolDay.day, query.before)),
        )
        .orderBy(desc(nodePoolDay.day))
        .limit(query.limit + 1),
      db.select().from(nodePoolDay).where(eq(nodePoolDay.day, day)).limit(1),
    ]);
    const poolBps = nodesSettingsAt(settings, day).poolBps;
    const page = cutPage(rows, query.limit, (row) => row.day.toString());
    return c.json({
      days: page.items.map((row) => ({
        day: row.day.toString(),
        pool: (row.pool ?? 0n).toString(),
        paid: (row.paid ?? 0n).toString(),
        power: (row.power ?? 0n).toString(),
      })),
      nextBefore: page.nextBefore,
      today: (today === undefined ? 0n : dayPool(today.payments, poolBps, today.carryIn)).toString(),
      poolBps,
    } satisfies NodePoolResponseJson);
  });
}
