/**
 * `GET /nodes/:id`: one node (open or closed), the NFTs it holds (the master's partner NFT first, then
 * the members' by join order) and its last 30 settled days, newest first. Not a node id → BAD_REQUEST;
 * no such node → NOT_FOUND.
 */
import type { NodeDetailJson } from '@eterno/protocol/nodesApi';
import { Hono } from 'hono';
import { and, asc, desc, eq, isNull } from 'ponder';
import { node, nodeMember, nodeRewardDay } from '../../../ponder.schema.ts';
import { ApiError } from '../../http/errors.ts';
import { nodeJson, nodeMemberJson, nodeRewardDayJson } from './nodeJson.ts';
import type { ApiDb } from './page.ts';

/** The settled days a node's detail lists. */
export const NODE_DETAIL_DAYS = 30;

/** `:id`: a decimal node id (ids count from 1); anything else → BAD_REQUEST. */
export function parseNodeId(value: string): bigint {
  if (!/^\d{1,20}$/.test(value)) throw new ApiError('BAD_REQUEST');
  return BigInt(value);
}

export function nodeDetailRoute(db: ApiDb): Hono {
  return new Hono().get('/nodes/:id', async (c) => {
    const nodeId = parseNodeId(c.req.param('id'));
    const [row] = await db.select().from(node).where(eq(node.nodeId, nodeId)).limit(1);
    if (row === undefined) throw new ApiError('NOT_FOUND');
    const [members, rewards] = await Promise.all([
      db
        .select()
        .from(nodeMember)
        .where(and(eq(nodeMember.nodeId, nodeId), isNull(nodeMember.quitAt)))
        .orderBy(desc(eq(nodeMember.role, 'master')), asc(nodeMember.blockNumber), asc(nodeMember.logIndex)),
      db
        .select()
        .from(nodeRewardDay)
        .where(eq(nodeRewardDay.nodeId, nodeId))
        .orderBy(desc(nodeRewardDay.day))
        .limit(NODE_DETAIL_DAYS),
    ]);
    return c.json({
      node: nodeJson(row),
      members: members.map(nodeMemberJson),
      rewards: rewards.map(nodeRewardDayJson),
    } satisfies NodeDetailJson);
  });
}
