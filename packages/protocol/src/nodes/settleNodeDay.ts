/**
 * One UTC day of the node reward pool (ECONOMY §9), as the daily settlement pays it: each node's
 * power (`nodePower`: the day's minimum votes × the weight of the NFTs held through the day), the
 * pool split between the nodes by power (`splitPool`), each node's part split between its master and
 * its NFTs (`splitNode`), and the credit per account (an account is paid the sum of its parts). The
 * floors' dust and a day without power are `carry`: paid + carry = pool exactly. Pure, bigint only.
 * Rules: docs/decisions/nodes.md ("Node rewards").
 */
import { nodePower } from './nodePower.ts';
import { splitNode, type NodeNft } from './splitNode.ts';
import { splitPool } from './splitPool.ts';

/** One node as held through the day: its day's minimum votes, share rate and NFTs held all day. */
export type NodeDayInput<A extends string> = {
  readonly nodeId: bigint;
  readonly master: A;
  readonly shareBps: number;
  readonly votes: bigint;
  readonly nfts: readonly NodeNft<A>[];
};

export type NodeDayReward = {
  nodeId: bigint;
  votes: bigint;
  weight: number;
  power: bigint;
  /** What the node's accounts were paid (master's share and the NFTs' parts). */
  reward: bigint;
  /** Of it, the master's share (`shareBps` of the node's part). */
  masterReward: bigint;
};

export type NodeDaySettlement<A extends string> = {
  /** Σ power over the nodes. */
  power: bigint;
  /** The nodes with power, in nodeId order. */
  nodes: NodeDayReward[];
  /** Per account (first-paid order), the sum of its parts; no zero entry. */
  credits: Array<{ account: A; amount: bigint }>;
  paid: bigint;
  carry: bigint;
};

export function settleNodeDay<A extends string>(pool: bigint, nodes: readonly NodeDayInput<A>[]): NodeDaySettlement<A> {
  const sorted = [...nodes].sort((a, b) => (a.nodeId < b.nodeId ? -1 : a.nodeId > b.nodeId ? 1 : 0));
  const weighed = sorted.map((n) => {
    const weight = n.nfts.reduce((s, x) => s + x.weight, 0);
    return { node: n, weight, power: nodePower(n.votes, weight) };
  });
  const power = weighed.reduce((s, w) => s + w.power, 0n);
  const split = splitPool(
    pool,
    weighed.map((w) => ({ key: w, power: w.power })),
  );
  const credits = new Map<A, bigint>();
  const credit = (account: A, amount: bigint) => {
    if (amount > 0n) credits.set(account, (credits.get(account) ?? 0n) + amount);
  };
  let carry = split.carry;
  const rewards: NodeDayReward[] = [];
  for (const { key: w, amount } of split.shares) {
    const inside = splitNode(amount, w.node.shareBps, w.node.nfts);
    credit(w.node.master, inside.master);
    for (const part of inside.nfts) credit(part.account, part.amount);
    carry += inside.dust;
    rewards.push({
      nodeId: w.node.nodeId,
      votes: w.node.votes,
      weight: w.weight,
      power: w.power,
      reward: amount - inside.dust,
      masterReward: inside.master,
    });
  }
  return {
    power,
    nodes: rewards,
    credits: [...credits].map(([account, amount]) => ({ account, amount })),
    paid: pool - carry,
    carry,
  };
}
