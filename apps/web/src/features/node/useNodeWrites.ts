import type { Address } from 'viem';
import { queryClient } from '../../chain/queryClient.ts';
import {
  planAnnounceClose,
  planCancelClose,
  planCreateNode,
  planEditNode,
  planJoinNode,
  planQuitNode,
  planUnvote,
  planVote,
} from '@eterno/protocol/nodes/planNode';
import type { NodeChainView } from '@eterno/protocol/nodes/readNode';
import { useTransaction, type Transaction, type TxOutcome } from '../../tx/useTransaction.ts';

/** The server's node figures are read again once a node write is mined (the chain's refresh by itself). */
const refreshNodes = () => queryClient.invalidateQueries({ queryKey: ['node'] });

type Write<A extends unknown[]> = { tx: Transaction; run: (...args: A) => Promise<TxOutcome> };

export type NodeTexts = { name: string; description: string; shareBps: bigint };

/** Create: approve the partner NFT, approve exactly the needed ETRO when short, then `createNode`. */
export function useCreateNode(): Write<[NodeChainView, { tokenId: bigint } & NodeTexts]> {
  const tx = useTransaction({ onConfirmed: refreshNodes });
  return { tx, run: (view, form) => tx.run(() => planCreateNode(view, form)) };
}

/** Join: approve the entry NFT, then `joinNode`. */
export function useJoinNode(): Write<[NodeChainView, bigint, bigint]> {
  const tx = useTransaction({ onConfirmed: refreshNodes });
  return { tx, run: (view, nodeId, tokenId) => tx.run(() => planJoinNode(view, nodeId, tokenId)) };
}

/** Edit (master): `editNode`. */
export function useEditNode(): Write<[Address, bigint, NodeTexts]> {
  const tx = useTransaction({ onConfirmed: refreshNodes });
  return { tx, run: (nodes, nodeId, form) => tx.run(() => planEditNode(nodes, nodeId, form)) };
}

/** Quit (a member, also taking its NFT back from a closed node), or close the node (the master): `quitNode`. */
export function useQuitNode(): Write<[Address, bigint]> {
  const tx = useTransaction({ onConfirmed: refreshNodes });
  return { tx, run: (nodes, nodeId) => tx.run(() => planQuitNode(nodes, nodeId)) };
}

/** Announce the close (master): `announceClose`. */
export function useAnnounceClose(): Write<[Address, bigint]> {
  const tx = useTransaction({ onConfirmed: refreshNodes });
  return { tx, run: (nodes, nodeId) => tx.run(() => planAnnounceClose(nodes, nodeId)) };
}

/** Cancel the announced close (master): `cancelClose`. */
export function useCancelClose(): Write<[Address, bigint]> {
  const tx = useTransaction({ onConfirmed: refreshNodes });
  return { tx, run: (nodes, nodeId) => tx.run(() => planCancelClose(nodes, nodeId)) };
}

/** Vote: approve exactly the ETRO when short, then `vote`. */
export function useVote(): Write<[NodeChainView, bigint, bigint]> {
  const tx = useTransaction({ onConfirmed: refreshNodes });
  return { tx, run: (view, nodeId, amount) => tx.run(() => planVote(view, nodeId, amount)) };
}

/** Unvote: `unvote`. */
export function useUnvote(): Write<[Address, bigint, bigint]> {
  const tx = useTransaction({ onConfirmed: refreshNodes });
  return { tx, run: (nodes, nodeId, amount) => tx.run(() => planUnvote(nodes, nodeId, amount)) };
}
