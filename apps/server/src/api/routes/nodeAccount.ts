/**
 * `GET /nodes/account/:address`: where an account stands in the node area: the node it is in (the
 * NFT it escrowed there), its entry NFT waiting in a closed node (review M-5), its non-zero votes by
 * node, and its `node_reward` bills' total and latest amount (null before any). Not an address →
 * INVALID_WALLET_ADDRESS.
 */
import type { NodeAccountJson } from '@eterno/protocol/nodesApi';
import { Hono } from 'hono';
import { and, asc, desc, eq, gt, isNull, sum } from 'ponder';
import { bill, node, nodeMember, nodeVote } from '../../../ponder.schema.ts';
import { NODE_ROLES } from './nodeJson.ts';
import { known, parseAccount, type ApiDb } from './page.ts';

export function nodeAccountRoute(db: ApiDb): Hono {
  return new Hono().get('/nodes/account/:address', async (c) => {
    const account = parseAccount(c.req.param('address'));
    const rewards = and(eq(bill.user, account), eq(bill.type, 'node_reward'));
    const [[member], [waiting], votes, [total], [last]] = await Promise.all([
      db
        .select()
        .from(nodeMember)
        .where(and(eq(nodeMember.account, account), isNull(nodeMember.quitAt)))
        .limit(1),
      db
        .select({ nodeId: nodeMember.nodeId, name: node.name, tokenId: nodeMember.tokenId })
        .from(nodeMember)
        .innerJoin(node, eq(node.nodeId, nodeMember.nodeId))
        .where(and(eq(nodeMember.account, account), eq(nodeMember.waiting, true)))
        .limit(1),
      db
        .select()
        .from(nodeVote)
        .where(and(eq(nodeVote.voter, account), gt(nodeVote.amount, 0n)))
        .orderBy(asc(nodeVote.nodeId)),
      db
        .select({ total: sum(bill.amount) })
        .from(bill)
        .where(rewards),
      db.select({ amount: bill.amount }).from(bill).where(rewards).orderBy(desc(bill.blockNumber)).limit(1),
    ]);
    return c.json({
      membership:
        member === undefined
          ? null
          : {
              nodeId: member.nodeId.toString(),
              role: known(NODE_ROLES, member.role, 'node_member.role'),
              tokenId: member.tokenId.toString(),
              weight: member.weight,
            },
      waiting:
        waiting === undefined
          ? null
          : { nodeId: waiting.nodeId.toString(), name: waiting.name, tokenId: waiting.tokenId.toString() },
      votes: votes.map((v) => ({ nodeId: v.nodeId.toString(), amount: v.amount.toString() })),
      rewardTotal: BigInt(total?.total ?? 0).toString(),
      lastReward: last === undefined ? null : last.amount.toString(),
    } satisfies NodeAccountJson);
  });
}
