import { erc721Abi, type Address } from 'viem';
import { planWrite, type CallStep, type TxStep } from '../tx/steps.ts';
import { eternoNodesAbi } from '../generated/abis.ts';
import type { NodeChainView } from './readNode.ts';

/**
 * The node flows as typed step lists (docs/decisions/nodes.md): an NFT enters a node through an
 * approval of that one token to the nodes contract (skipped when the account approved the contract
 * for all its NFTs), ETRO through an exact approval only when the allowance is short. The sheets check
 * the form first (./nodeForm.ts); a spend above the balance throws `InsufficientBalanceError` here too.
 */

type NftApproval = Pick<NodeChainView, 'nodes' | 'nft' | 'nftApprovedForAll'>;

function approveNft(view: NftApproval, tokenId: bigint): CallStep[] {
  if (view.nftApprovedForAll) return [];
  return [
    {
      kind: 'call',
      action: 'node.approveNft',
      call: { address: view.nft, abi: erc721Abi, functionName: 'approve', args: [view.nodes, tokenId] },
    },
  ];
}

/** Create: `[approve partner NFT?, approve ETRO?, createNode(tokenId, name, description, shareBps)]`. */
export function planCreateNode(
  view: NftApproval & Pick<NodeChainView, 'etro' | 'neededEtro' | 'balance' | 'allowance'>,
  form: { tokenId: bigint; name: string; description: string; shareBps: bigint },
): TxStep[] {
  const create = planWrite({
    action: 'node.create',
    call: {
      address: view.nodes,
      abi: eternoNodesAbi,
      functionName: 'createNode',
      args: [form.tokenId, form.name, form.description, form.shareBps],
    },
    ...(view.neededEtro > 0n
      ? {
          spend: {
            token: view.etro,
            symbol: 'ETRO',
            spender: view.nodes,
            amount: view.neededEtro,
            balance: view.balance,
            allowance: view.allowance,
          },
        }
      : {}),
  });
  return [...approveNft(view, form.tokenId), ...create];
}

/** Join: `[approve entry NFT?, joinNode(nodeId, tokenId)]`. */
export function planJoinNode(view: NftApproval, nodeId: bigint, tokenId: bigint): TxStep[] {
  return [
    ...approveNft(view, tokenId),
    ...planWrite({
      action: 'node.join',
      call: { address: view.nodes, abi: eternoNodesAbi, functionName: 'joinNode', args: [nodeId, tokenId] },
    }),
  ];
}

/** Edit (the master): `[editNode(nodeId, name, description, shareBps)]`. */
export function planEditNode(
  nodes: Address,
  nodeId: bigint,
  form: { name: string; description: string; shareBps: bigint },
): TxStep[] {
  return planWrite({
    action: 'node.edit',
    call: {
      address: nodes,
      abi: eternoNodesAbi,
      functionName: 'editNode',
      args: [nodeId, form.name, form.description, form.shareBps],
    },
  });
}

/** The master announces the node's close (due after the close notice): `[announceClose(nodeId)]`. */
export function planAnnounceClose(nodes: Address, nodeId: bigint): TxStep[] {
  return planWrite({
    action: 'node.announceClose',
    call: { address: nodes, abi: eternoNodesAbi, functionName: 'announceClose', args: [nodeId] },
  });
}

/** The master cancels the announced close: `[cancelClose(nodeId)]`. */
export function planCancelClose(nodes: Address, nodeId: bigint): TxStep[] {
  return planWrite({
    action: 'node.cancelClose',
    call: { address: nodes, abi: eternoNodesAbi, functionName: 'cancelClose', args: [nodeId] },
  });
}

/**
 * Quit: a member takes its entry NFT back (also from a closed node); the master closes the node
 * (at once when empty, else once the announced close is due): `[quitNode(nodeId)]`.
 */
export function planQuitNode(nodes: Address, nodeId: bigint): TxStep[] {
  return planWrite({
    action: 'node.quit',
    call: { address: nodes, abi: eternoNodesAbi, functionName: 'quitNode', args: [nodeId] },
  });
}

/** Vote: `[approve ETRO?, vote(nodeId, amount)]`, the approval for exactly `amount`. */
export function planVote(
  view: Pick<NodeChainView, 'nodes' | 'etro' | 'balance' | 'allowance'>,
  nodeId: bigint,
  amount: bigint,
): TxStep[] {
  return planWrite({
    action: 'node.vote',
    call: { address: view.nodes, abi: eternoNodesAbi, functionName: 'vote', args: [nodeId, amount] },
    spend: {
      token: view.etro,
      symbol: 'ETRO',
      spender: view.nodes,
      amount,
      balance: view.balance,
      allowance: view.allowance,
    },
  });
}

/** Unvote: `[unvote(nodeId, amount)]` (the ETRO comes back). */
export function planUnvote(nodes: Address, nodeId: bigint, amount: bigint): TxStep[] {
  return planWrite({
    action: 'node.unvote',
    call: { address: nodes, abi: eternoNodesAbi, functionName: 'unvote', args: [nodeId, amount] },
  });
}
