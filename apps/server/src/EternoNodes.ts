/**
 * The nodes (ECONOMY §9, docs/decisions/nodes.md): one handler per event of `IEternoNodes`. A node
 * row per `NodeCreated`, updated by the others; every NFT a node holds is a `node_member` row (the
 * event that brought it in is its key; leaving sets `quitAt`), votes a `node_vote` row per node and
 * voter (the event's `total`), and each day a node's votes or share rate change a `node_day` row keeps
 * what it held at the day's start and the day's minimum votes: what the daily settlement counts
 * (src/nodes/settleNodes.ts). A close (review M-5) ends every NFT's holding at the close's time, so
 * the node earns nothing from that day on, and marks its members' entry NFTs `waiting` (the contract
 * holds them for their owners); a later `NodeQuit` of the closed node (the member's reclaim or a
 * `returnNfts`) clears that NFT's mark and counts the waiting NFTs down. An announced close sets
 * `closeAt`, a cancel clears it.
 * Ponder reverts all of it with the events on a reorg.
 */
import { dayStartOf } from '@eterno/protocol/finance/rules';
import { and, eq, isNull } from 'ponder';
import { ponder, type Context } from 'ponder:registry';
import { node, nodeDay, nodeMember, nodeVote } from 'ponder:schema';
import type { Hex } from 'viem';
import { eventPlace } from './eventPlace.ts';
import { low } from './ledgerWrites.ts';

type NodesDb = Context<'EternoNodes:NodeCreated'>['db'];
type NodeRow = typeof node.$inferSelect;

async function nodeOf(db: NodesDb, nodeId: bigint, event: string): Promise<NodeRow> {
  const row = await db.find(node, { nodeId });
  if (row === null) throw new Error(`EternoNodes: ${event} of node ${nodeId}, never created`);
  return row;
}

/**
 * Before a change of the node's votes or share rate at `time`: the day's row keeps the values at the
 * day's start (made at the day's first change); `votesAfter` lowers the day's minimum.
 */
async function touchDay(db: NodesDb, before: NodeRow, time: bigint, votesAfter: bigint): Promise<void> {
  const min = before.votes < votesAfter ? before.votes : votesAfter;
  await db
    .insert(nodeDay)
    .values({
      nodeId: before.nodeId,
      day: dayStartOf(time),
      startVotes: before.votes,
      minVotes: min,
      startShareBps: before.shareBps,
    })
    .onConflictDoUpdate((row) => ({ minVotes: row.minVotes < votesAfter ? row.minVotes : votesAfter }));
}

/** NFT `tokenId` (rarity weight `weight`) of `account` enters node `nodeId`: its `node_member` row, keyed by the event. */
async function enter(
  db: NodesDb,
  eventId: string,
  place: ReturnType<typeof eventPlace>,
  entry: { nodeId: bigint; account: Hex; role: 'master' | 'member'; tokenId: bigint; weight: bigint },
): Promise<void> {
  const row = {
    nodeId: entry.nodeId,
    account: low(entry.account),
    role: entry.role,
    tokenId: entry.tokenId,
    weight: Number(entry.weight),
    joinedAt: place.timestamp,
    txHash: place.txHash,
    blockNumber: place.blockNumber,
    logIndex: place.logIndex,
    quitAt: null,
    quitTx: null,
    waiting: false,
  };
  await db
    .insert(nodeMember)
    .values({ id: eventId, ...row })
    .onConflictDoUpdate(row);
}

/** The NFT `tokenId` leaves open node `nodeId` at `time`: it stops counting. */
async function leave(db: NodesDb, nodeId: bigint, tokenId: bigint, time: bigint, txHash: Hex): Promise<void> {
  await db.sql
    .update(nodeMember)
    .set({ quitAt: time, quitTx: txHash })
    .where(and(eq(nodeMember.nodeId, nodeId), eq(nodeMember.tokenId, tokenId), isNull(nodeMember.quitAt)));
}

/**
 * Node `nodeId` closes at `time`: every NFT it still holds stops counting (partner and members alike);
 * the members' entry NFTs wait in the contract for their owners (the partner NFT went back).
 */
async function leaveAll(db: NodesDb, nodeId: bigint, time: bigint, txHash: Hex): Promise<void> {
  await db.sql
    .update(nodeMember)
    .set({ quitAt: time, quitTx: txHash, waiting: eq(nodeMember.role, 'member') })
    .where(and(eq(nodeMember.nodeId, nodeId), isNull(nodeMember.quitAt)));
}

/** The entry NFT `tokenId` that waited in closed node `nodeId` went back to its member. */
async function reclaim(db: NodesDb, nodeId: bigint, tokenId: bigint): Promise<void> {
  await db.sql
    .update(nodeMember)
    .set({ waiting: false })
    .where(and(eq(nodeMember.nodeId, nodeId), eq(nodeMember.tokenId, tokenId), eq(nodeMember.waiting, true)));
}

ponder.on('EternoNodes:NodeCreated', async ({ event, context }) => {
  const { nodeId, master, tokenId, weight, staked, shareBps, name, description } = event.args;
  const place = eventPlace(event);
  const row = {
    master: low(master),
    partnerTokenId: tokenId,
    name,
    description,
    shareBps: Number(shareBps),
    weight: Number(weight),
    members: 0,
    staked,
    votes: 0n,
    open: true,
    closeAt: null,
    rewardTotal: 0n,
    lastReward: null,
    lastRewardDay: null,
    createdAt: place.timestamp,
    createdTx: place.txHash,
  };
  await context.db
    .insert(node)
    .values({ nodeId, ...row })
    .onConflictDoUpdate(row);
  await enter(context.db, event.id, place, { nodeId, account: master, role: 'master', tokenId, weight });
});

ponder.on('EternoNodes:NodeEdited', async ({ event, context }) => {
  const { nodeId, name, description, shareBps } = event.args;
  const before = await nodeOf(context.db, nodeId, 'an edit');
  await touchDay(context.db, before, event.block.timestamp, before.votes);
  await context.db.update(node, { nodeId }).set({ name, description, shareBps: Number(shareBps) });
});

ponder.on('EternoNodes:NodeJoined', async ({ event, context }) => {
  const { nodeId, member, tokenId, weight } = event.args;
  const place = eventPlace(event);
  const before = await nodeOf(context.db, nodeId, 'a join');
  await context.db
    .update(node, { nodeId })
    .set({ weight: before.weight + Number(weight), members: before.members + 1 });
  await enter(context.db, event.id, place, { nodeId, account: member, role: 'member', tokenId, weight });
});

ponder.on('EternoNodes:NodeQuit', async ({ event, context }) => {
  const { nodeId, tokenId, weight } = event.args;
  const before = await nodeOf(context.db, nodeId, 'a quit');
  // From a closed node (weight 0 already) an NFT going back only counts the waiting NFTs down.
  await context.db
    .update(node, { nodeId })
    .set({ weight: before.open ? before.weight - Number(weight) : 0, members: before.members - 1 });
  if (before.open) await leave(context.db, nodeId, tokenId, event.block.timestamp, event.transaction.hash);
  else await reclaim(context.db, nodeId, tokenId);
});

ponder.on('EternoNodes:NodeClosed', async ({ event, context }) => {
  const { nodeId, members } = event.args;
  await nodeOf(context.db, nodeId, 'a close');
  // The partner NFT and the stake went back; the members' entry NFTs wait for them (`members`); the
  // node has no power from now on; its votes stay until unvoted.
  await context.db.update(node, { nodeId }).set({ open: false, weight: 0, members: Number(members) });
  await leaveAll(context.db, nodeId, event.block.timestamp, event.transaction.hash);
});

ponder.on('EternoNodes:CloseAnnounced', async ({ event, context }) => {
  const { nodeId, closeAt } = event.args;
  await nodeOf(context.db, nodeId, 'a close announcement');
  await context.db.update(node, { nodeId }).set({ closeAt });
});

ponder.on('EternoNodes:CloseCancelled', async ({ event, context }) => {
  const { nodeId } = event.args;
  await nodeOf(context.db, nodeId, 'a close cancellation');
  await context.db.update(node, { nodeId }).set({ closeAt: null });
});

ponder.on('EternoNodes:Voted', async ({ event, context }) => {
  const { nodeId, voter, amount, total } = event.args;
  const before = await nodeOf(context.db, nodeId, 'a vote');
  await touchDay(context.db, before, event.block.timestamp, before.votes + amount);
  await context.db.update(node, { nodeId }).set({ votes: before.votes + amount });
  await context.db
    .insert(nodeVote)
    .values({ nodeId, voter: low(voter), amount: total })
    .onConflictDoUpdate({ amount: total });
});

ponder.on('EternoNodes:Unvoted', async ({ event, context }) => {
  const { nodeId, voter, amount, total } = event.args;
  const before = await nodeOf(context.db, nodeId, 'an unvote');
  await touchDay(context.db, before, event.block.timestamp, before.votes - amount);
  await context.db.update(node, { nodeId }).set({ votes: before.votes - amount });
  await context.db
    .insert(nodeVote)
    .values({ nodeId, voter: low(voter), amount: total })
    .onConflictDoUpdate({ amount: total });
});
