/** The wire forms of the node tables (`@eterno/protocol/nodesApi`), shared by the node routes. */
import type { NodeJson, NodeMemberJson, NodeRewardDayJson } from '@eterno/protocol/nodesApi';
import type { node, nodeMember, nodeRewardDay } from '../../../ponder.schema.ts';
import { known } from './page.ts';

export const NODE_ROLES = ['master', 'member'] as const;

export function nodeJson(row: typeof node.$inferSelect): NodeJson {
  return {
    nodeId: row.nodeId.toString(),
    master: row.master,
    partnerTokenId: row.partnerTokenId.toString(),
    name: row.name,
    description: row.description,
    shareBps: row.shareBps,
    weight: row.weight,
    members: row.members,
    staked: row.staked.toString(),
    votes: row.votes.toString(),
    open: row.open,
    closeAt: row.closeAt === null ? null : row.closeAt.toString(),
    rewardTotal: row.rewardTotal.toString(),
    lastReward: row.lastReward === null ? null : row.lastReward.toString(),
    lastRewardDay: row.lastRewardDay === null ? null : row.lastRewardDay.toString(),
    createdAt: row.createdAt.toString(),
    createdTx: row.createdTx,
  };
}

export function nodeMemberJson(row: typeof nodeMember.$inferSelect): NodeMemberJson {
  return {
    account: row.account,
    role: known(NODE_ROLES, row.role, 'node_member.role'),
    tokenId: row.tokenId.toString(),
    weight: row.weight,
    joinedAt: row.joinedAt.toString(),
    txHash: row.txHash,
  };
}

export function nodeRewardDayJson(row: typeof nodeRewardDay.$inferSelect): NodeRewardDayJson {
  return {
    day: row.day.toString(),
    nodeId: row.nodeId.toString(),
    power: row.power.toString(),
    reward: row.reward.toString(),
    masterReward: row.masterReward.toString(),
  };
}
