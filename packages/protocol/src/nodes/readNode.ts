import { erc20Abi, type Address } from 'viem';
import type { DeployedContracts } from '../deployments.ts';
import { nftAddress } from '../nft/readNft.ts';
import { eternoNftAbi, eternoNodesAbi } from '../generated/abis.ts';
import { aggregateStrict, blockNumberRead, blockTimestampRead, viewRead, type CallClient } from '../multicall.ts';
import { RARITIES, type Rarity } from '../nft/kinds.ts';
import { nodesAddress } from './nodeContracts.ts';

/** What the node sheets check before anything is sent, from ONE Multicall3 eth_call. */
export type NodeChainView = {
  readonly nodes: Address;
  readonly nft: Address;
  readonly etro: Address;
  readonly blockNumber: bigint;
  /** The latest block's time (unix seconds): what an announced close is compared with. */
  readonly timestamp: bigint;
  /** Seconds between a close's announcement and the earliest close (for announcements now). */
  readonly closeNotice: bigint;
  /** The parameters in force: the ETRO a master stakes, the highest share rate, the rarity weights. */
  readonly neededEtro: bigint;
  readonly maxShareBps: bigint;
  readonly rarityWeights: Readonly<Record<Rarity, number>>;
  /** The account's ETRO, its allowance to the nodes contract, and whether its NFTs are approved for all. */
  readonly balance: bigint;
  readonly allowance: bigint;
  readonly nftApprovedForAll: boolean;
  /** The node the account is in (0n: none) and the NFT it escrowed there. */
  readonly membership: { readonly nodeId: bigint; readonly tokenId: bigint };
  /** The account's votes on `nodeId` when one was asked for, else 0n. */
  readonly votesOnNode: bigint;
};

/** The parameters in force, as the help document lists them. */
export type NodeParams = Pick<
  NodeChainView,
  'nodes' | 'blockNumber' | 'neededEtro' | 'maxShareBps' | 'rarityWeights' | 'closeNotice'
>;

const paramReads = (nodes: Address) => ({
  parameters: viewRead('EternoNodes.parameters', nodes, eternoNodesAbi, 'parameters', []),
  closeNotice: viewRead('EternoNodes.closeNotice', nodes, eternoNodesAbi, 'closeNotice', []),
});

const weightsOf = (values: readonly number[]): Record<Rarity, number> =>
  Object.fromEntries(RARITIES.map((rarity, i) => [rarity, values[i]!])) as Record<Rarity, number>;

/** The nodes contract's parameters (needed ETRO, max share rate, rarity weights) in ONE eth_call. */
export async function readNodeParams(client: CallClient, args: { contracts: DeployedContracts }): Promise<NodeParams> {
  const nodes = nodesAddress(args.contracts);
  const r = await aggregateStrict(client, args.contracts.Multicall3, {
    blockNumber: blockNumberRead(args.contracts.Multicall3),
    ...paramReads(nodes),
  });
  return {
    nodes,
    blockNumber: r.blockNumber,
    neededEtro: r.parameters[0],
    maxShareBps: r.parameters[1],
    rarityWeights: weightsOf(r.parameters[2]),
    closeNotice: r.closeNotice,
  };
}

/**
 * The nodes contract's parameters and `account`'s standing (ETRO balance and allowance, NFT approval,
 * membership, votes on `nodeId`) at one block. Throws `NodesNotDeployedError` / `NftNotDeployedError`
 * when the deployments lack the contracts, `MulticallCallError` when a sub-call fails.
 */
export async function readNodeChain(
  client: CallClient,
  args: { contracts: DeployedContracts; account: Address; nodeId?: bigint },
): Promise<NodeChainView> {
  const nodes = nodesAddress(args.contracts);
  const nft = nftAddress(args.contracts);
  const etro = args.contracts.ETRO;
  const { account } = args;
  const r = await aggregateStrict(client, args.contracts.Multicall3, {
    blockNumber: blockNumberRead(args.contracts.Multicall3),
    timestamp: blockTimestampRead(args.contracts.Multicall3),
    ...paramReads(nodes),
    balance: viewRead('ETRO.balanceOf', etro, erc20Abi, 'balanceOf', [account]),
    allowance: viewRead('ETRO.allowance', etro, erc20Abi, 'allowance', [account, nodes]),
    approvedForAll: viewRead('EternoNft.isApprovedForAll', nft, eternoNftAbi, 'isApprovedForAll', [account, nodes]),
    membership: viewRead('EternoNodes.membershipOf', nodes, eternoNodesAbi, 'membershipOf', [account]),
    votes: viewRead('EternoNodes.votesOf', nodes, eternoNodesAbi, 'votesOf', [args.nodeId ?? 0n, account]),
  });
  const [nodeId, tokenId] = r.membership;
  return {
    nodes,
    nft,
    etro,
    blockNumber: r.blockNumber,
    timestamp: r.timestamp,
    closeNotice: r.closeNotice,
    neededEtro: r.parameters[0],
    maxShareBps: r.parameters[1],
    rarityWeights: weightsOf(r.parameters[2]),
    balance: r.balance,
    allowance: r.allowance,
    nftApprovedForAll: r.approvedForAll,
    membership: { nodeId, tokenId },
    votesOnNode: args.nodeId === undefined ? 0n : r.votes,
  };
}
