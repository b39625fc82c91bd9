/**
 * The wire format of the nodes' read API (apps/server: GET /nodes, /nodes/:id, /nodes/account/:address,
 * /nodes/rewards), shared by the server, which writes it, and the web client, which parses it. Same
 * conventions as `indexerApi.ts`: uint256 values and unix times are decimal strings, addresses and
 * hashes lower-case hex, `limit` 1–100 (default 20). Rules: docs/decisions/nodes.md.
 *
 * The node reward pool (ECONOMY §9) is paid in USDT, the package payments' token: each UTC day's pool
 * is `poolBps` of that day's package payments, split at the daily settlement between the nodes by
 * power = votes × NFT weight, both as held through the whole day (the day's minimum), and inside a
 * node the master takes `shareBps`, the node's NFTs (the master's partner NFT included) split the rest
 * by weight. Each share is a `node_reward` bill in the ledger.
 */

/** One node, from its `NodeCreated` event, updated by edits, joins, quits, votes and rewards. */
export interface NodeJson {
  nodeId: string;
  master: `0x${string}`;
  partnerTokenId: string;
  name: string;
  description: string;
  /** The master's share of the node's reward, in basis points. */
  shareBps: number;
  /** Σ rarity weights of the NFTs the node holds (partner included). */
  weight: number;
  /** Members, the master not counted. */
  members: number;
  /** The ETRO the master staked to create it ("needed ETRO" when it was created). */
  staked: string;
  /** ETRO staked on it by voters. */
  votes: string;
  /** False once its master closed it. */
  open: boolean;
  /**
   * When the close its master announced is due (unix seconds), null when none is announced; on a
   * closed node with members, when it was due. Members' entry NFTs wait for them after the close.
   */
  closeAt: string | null;
  /** USDT the node earned over all settled days (master's share and members' shares). */
  rewardTotal: string;
  /** USDT the node earned at the last settled day, and that day (unix seconds of 00:00 UTC); null before any. */
  lastReward: string | null;
  lastRewardDay: string | null;
  createdAt: string;
  createdTx: `0x${string}`;
}

/** Open nodes, most votes first (then the older node first); cursor `nextAfter` = `<votes>:<nodeId>`. */
export interface NodesResponseJson {
  nodes: NodeJson[];
  nextAfter: string | null;
}

/** One NFT held by a node: the master's partner NFT or a member's entry NFT. */
export interface NodeMemberJson {
  account: `0x${string}`;
  role: 'master' | 'member';
  tokenId: string;
  weight: number;
  joinedAt: string;
  txHash: `0x${string}`;
}

/** One settled day of one node. */
export interface NodeRewardDayJson {
  /** Unix seconds of the day's 00:00 UTC. */
  day: string;
  nodeId: string;
  /** votes × weight counted for the day. */
  power: string;
  /** The node's part of the day's pool (USDT). */
  reward: string;
  /** Of it, the master's share. */
  masterReward: string;
}

/** GET /nodes/:id: the node, its NFTs (master first, then members by join time) and its last 30 settled days. */
export interface NodeDetailJson {
  node: NodeJson;
  members: NodeMemberJson[];
  rewards: NodeRewardDayJson[];
}

/** GET /nodes/account/:address: where an account stands in the node area. */
export interface NodeAccountJson {
  /** The open node it is in (as master or member), else null. */
  membership: { nodeId: string; role: 'master' | 'member'; tokenId: string; weight: number } | null;
  /**
   * Its entry NFT still held by a node its master closed (review M-5), waiting until it takes it back
   * (`quitNode`) or anyone returns it (`returnNfts`); null when none. It earns nothing there, and the
   * account joins or creates no node until the NFT is back (the contract's membership stays).
   */
  waiting: { nodeId: string; name: string; tokenId: string } | null;
  /** Its votes, per node it has a non-zero stake on. */
  votes: Array<{ nodeId: string; amount: string }>;
  /** USDT it earned from nodes over all settled days, and at the last one. */
  rewardTotal: string;
  lastReward: string | null;
}

/** GET /nodes/rewards: the pool's settled days, newest first (cursor `nextBefore` = the last day). */
export interface NodePoolDayJson {
  day: string;
  /** `poolBps` of the day's package payments (USDT), plus what an earlier day could not pay. */
  pool: string;
  /**
   * Paid to nodes' accounts: the pool less the rounding dust when any node had power, else 0; what was
   * not paid carries to the next day's pool.
   */
  paid: string;
  /** Σ power over the nodes that day. */
  power: string;
}

export interface NodePoolResponseJson {
  days: NodePoolDayJson[];
  nextBefore: string | null;
  /** Today's pool so far (USDT), paid at the next settlement. */
  today: string;
  /** The parameters in force: pool rate (basis points of package payments). */
  poolBps: number;
}
