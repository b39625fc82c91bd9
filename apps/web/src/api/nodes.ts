/**
 * Typed client of the nodes' read API (GET /nodes, /nodes/:id, /nodes/account/:address, /nodes/rewards;
 * wire format `@eterno/protocol/nodesApi`, rules in docs/decisions/nodes.md). Every field is checked
 * (`Reader` of ./indexer.ts): amounts and ids as bigint, unix times as seconds, addresses checksummed;
 * a malformed answer throws IndexerResponseError, a refusal the server's ApiError.
 */
import type { Address, Hash } from 'viem';
import type { ApiDeps } from '../session/api.ts';
import { IndexerResponseError, Reader, readPublic } from './indexer.ts';

export type NodeRole = 'master' | 'member';
const ROLES = ['master', 'member'] as const;

export interface NodeSummary {
  readonly nodeId: bigint;
  readonly master: Address;
  readonly partnerTokenId: bigint;
  readonly name: string;
  readonly description: string;
  /** The master's share of the node's reward, in basis points. */
  readonly shareBps: number;
  /** Σ rarity weights of the NFTs the node holds (partner included). */
  readonly weight: number;
  /** Members, the master not counted. */
  readonly members: number;
  /** ETRO the master staked ("needed ETRO" when it was created). */
  readonly staked: bigint;
  /** ETRO staked on it by voters. */
  readonly votes: bigint;
  readonly open: boolean;
  /**
   * When the close its master announced is due (unix seconds), null when none is announced; after the
   * close, members' entry NFTs (`members`) wait for their owners.
   */
  readonly closeAt: number | null;
  /** USDT over all settled days. */
  readonly rewardTotal: bigint;
  /** USDT at the last settled day and that day (unix seconds of 00:00 UTC); null before any. */
  readonly lastReward: bigint | null;
  readonly lastRewardDay: number | null;
  readonly createdAt: number;
  readonly createdTx: Hash;
}

export interface NodesPage {
  readonly items: readonly NodeSummary[];
  /** Pass as `after` for the next page; null on the last. */
  readonly nextAfter: string | null;
}

export interface NodeMember {
  readonly account: Address;
  readonly role: NodeRole;
  readonly tokenId: bigint;
  readonly weight: number;
  readonly joinedAt: number;
  readonly txHash: Hash;
}

export interface NodeRewardDay {
  readonly day: number;
  readonly nodeId: bigint;
  /** votes × weight counted for the day. */
  readonly power: bigint;
  /** USDT. */
  readonly reward: bigint;
  readonly masterReward: bigint;
}

export interface NodeDetail {
  readonly node: NodeSummary;
  readonly members: readonly NodeMember[];
  readonly rewards: readonly NodeRewardDay[];
}

export interface NodeAccount {
  /** The open node it is in, else null. */
  readonly membership: {
    readonly nodeId: bigint;
    readonly role: NodeRole;
    readonly tokenId: bigint;
    readonly weight: number;
  } | null;
  /** Its entry NFT waiting in a node its master closed, until it takes it back; else null. */
  readonly waiting: { readonly nodeId: bigint; readonly name: string; readonly tokenId: bigint } | null;
  readonly votes: ReadonlyArray<{ readonly nodeId: bigint; readonly amount: bigint }>;
  readonly rewardTotal: bigint;
  readonly lastReward: bigint | null;
}

export interface NodePoolDay {
  readonly day: number;
  readonly pool: bigint;
  readonly paid: bigint;
  readonly power: bigint;
}

export interface NodePool {
  readonly days: readonly NodePoolDay[];
  readonly nextBefore: string | null;
  /** Today's pool so far (USDT). */
  readonly today: bigint;
  /** The pool rate in force (basis points of package payments). */
  readonly poolBps: number;
}

const nullableBigint = (r: Reader, key: string) => r.nullUnless(!r.isNull(key), key, (k) => r.bigint(k));

function nodeSummary(r: Reader): NodeSummary {
  return {
    nodeId: r.bigint('nodeId'),
    master: r.address('master'),
    partnerTokenId: r.bigint('partnerTokenId'),
    name: r.string('name'),
    description: r.text('description'),
    shareBps: r.int('shareBps'),
    weight: r.int('weight'),
    members: r.int('members'),
    staked: r.bigint('staked'),
    votes: r.bigint('votes'),
    open: r.bool('open'),
    closeAt: r.nullUnless(!r.isNull('closeAt'), 'closeAt', (k) => r.seconds(k)),
    rewardTotal: r.bigint('rewardTotal'),
    lastReward: nullableBigint(r, 'lastReward'),
    lastRewardDay: r.nullUnless(!r.isNull('lastRewardDay'), 'lastRewardDay', (k) => r.seconds(k)),
    createdAt: r.seconds('createdAt'),
    createdTx: r.hash('createdTx'),
  };
}

function nodeMember(r: Reader): NodeMember {
  return {
    account: r.address('account'),
    role: r.oneOf('role', ROLES),
    tokenId: r.bigint('tokenId'),
    weight: r.int('weight'),
    joinedAt: r.seconds('joinedAt'),
    txHash: r.hash('txHash'),
  };
}

function rewardDay(r: Reader): NodeRewardDay {
  return {
    day: r.seconds('day'),
    nodeId: r.bigint('nodeId'),
    power: r.bigint('power'),
    reward: r.bigint('reward'),
    masterReward: r.bigint('masterReward'),
  };
}

function poolDay(r: Reader): NodePoolDay {
  return { day: r.seconds('day'), pool: r.bigint('pool'), paid: r.bigint('paid'), power: r.bigint('power') };
}

/** GET /nodes: the open nodes, most votes first. */
export async function fetchNodes(
  query: { readonly limit?: number; readonly after?: string } = {},
  deps: Partial<ApiDeps> = {},
): Promise<NodesPage> {
  const root = await readPublic(deps, '/nodes', { limit: query.limit, after: query.after });
  return {
    items: root.list('nodes').map(nodeSummary),
    nextAfter: root.isNull('nextAfter') ? null : root.string('nextAfter'),
  };
}

/** GET /nodes/:id: the node, its NFTs (master first) and its last settled days. */
export async function fetchNode(nodeId: bigint, deps: Partial<ApiDeps> = {}): Promise<NodeDetail> {
  const root = await readPublic(deps, `/nodes/${nodeId}`);
  const node = nodeSummary(root.object('node'));
  if (node.nodeId !== nodeId) throw new IndexerResponseError('/nodes/:id.node.nodeId', 200);
  return { node, members: root.list('members').map(nodeMember), rewards: root.list('rewards').map(rewardDay) };
}

/** GET /nodes/account/:address: the account's node, its NFT waiting in a closed node, votes and node rewards. */
export async function fetchNodeAccount(account: Address, deps: Partial<ApiDeps> = {}): Promise<NodeAccount> {
  const root = await readPublic(deps, `/nodes/account/${account}`);
  return {
    membership: root.nullUnless(!root.isNull('membership'), 'membership', (k) => {
      const m = root.object(k);
      return {
        nodeId: m.bigint('nodeId'),
        role: m.oneOf('role', ROLES),
        tokenId: m.bigint('tokenId'),
        weight: m.int('weight'),
      };
    }),
    waiting: root.nullUnless(!root.isNull('waiting'), 'waiting', (k) => {
      const w = root.object(k);
      return { nodeId: w.bigint('nodeId'), name: w.string('name'), tokenId: w.bigint('tokenId') };
    }),
    votes: root.list('votes').map((v) => ({ nodeId: v.bigint('nodeId'), amount: v.bigint('amount') })),
    rewardTotal: root.bigint('rewardTotal'),
    lastReward: nullableBigint(root, 'lastReward'),
  };
}

/** GET /nodes/rewards: the pool's settled days (newest first), today's pool so far and the pool rate. */
export async function fetchNodePool(
  query: { readonly limit?: number; readonly before?: string } = {},
  deps: Partial<ApiDeps> = {},
): Promise<NodePool> {
  const root = await readPublic(deps, '/nodes/rewards', { limit: query.limit, before: query.before });
  return {
    days: root.list('days').map(poolDay),
    nextBefore: root.cursor(),
    today: root.bigint('today'),
    poolBps: root.int('poolBps'),
  };
}
