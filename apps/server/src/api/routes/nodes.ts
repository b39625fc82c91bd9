/**
 * `GET /nodes?limit=&after=`: the open nodes, most votes first (then the older node first),
 * keyset-paged by `<votes>:<nodeId>`.
 */
import type { NodesResponseJson } from '@eterno/protocol/nodesApi';
import { Hono } from 'hono';
import { and, asc, desc, eq, gt, lt, or } from 'ponder';
import { node } from '../../../ponder.schema.ts';
import { ApiError } from '../../http/errors.ts';
import { nodeJson } from './nodeJson.ts';
import { cutPage, parseLimit, type ApiDb } from './page.ts';

/** A position in the list: (votes descending, nodeId ascending). */
export type NodesCursor = { votes: bigint; nodeId: bigint };

export type NodesQuery = { limit: number; after: NodesCursor | undefined };

/** `after`: `<votes>:<nodeId>`, both decimal; anything else → BAD_REQUEST. */
export function parseNodesCursor(value: string | undefined): NodesCursor | undefined {
  if (value === undefined) return undefined;
  const match = /^(\d{1,78}):(\d{1,20})$/.exec(value);
  if (match === null) throw new ApiError('BAD_REQUEST');
  return { votes: BigInt(match[1]!), nodeId: BigInt(match[2]!) };
}

export function parseNodesQuery(query: { limit?: string; after?: string }): NodesQuery {
  return { limit: parseLimit(query.limit), after: parseNodesCursor(query.after) };
}

export function nodesRoute(db: ApiDb): Hono {
  return new Hono().get('/nodes', async (c) => {
    const query = parseNodesQuery(c.req.query());
    const after = query.after;
    const rows = await db
      .select()
      .from(node)
      .where(
        and(
          eq(node.open, true),
          after === undefined
            ? undefined
            : or(lt(node.votes, after.votes), and(eq(node.votes, after.votes), gt(node.nodeId, after.nodeId))),
        ),
      )
      .orderBy(desc(node.votes), asc(node.nodeId))
      .limit(query.limit + 1);
    const page = cutPage(rows, query.limit, (row) => `${row.votes}:${row.nodeId}`);
    return c.json({ nodes: page.items.map(nodeJson), nextAfter: page.nextBefore } satisfies NodesResponseJson);
  });
}
