/**
 * The node flows against the deployed contracts on anvil, through the same plans the sheets run:
 * alice buys and reveals a partner NFT and creates a node (NFT approval, exact ETRO approval, create),
 * bob joins with an entry NFT, alice edits, carol votes and takes part back, bob quits and has his
 * NFT back, alice closes the empty node and has her NFT and stake back. The chain read shows each step.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWalletClient, erc721Abi, http, parseEther, type PublicClient } from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { deploy, localNftOperatorKey } from '@eterno/devstack/deploy';
import { recordingClient, startAnvil, type Anvil } from '@eterno/devstack/testChain';
import { LOCAL_TEST_MNEMONIC, defineEternoChain } from '../chain.ts';
import type { Deployments } from '../deployments.ts';
import { eternoNodesAbi } from '../generated/abis.ts';
import type { NftKind } from '../nft/kinds.ts';
import { planBuyNft, planRevealNft } from '../nft/planNft.ts';
import { readNft } from '../nft/readNft.ts';
import { nftSeedSecret, seedOpening } from '../nft/seedTree.ts';
import { TxSimulationError } from '../tx/errors.ts';
import { executeSteps } from '../tx/execute.ts';
import type { TxStep } from '../tx/steps.ts';
import { NodesNotDeployedError } from './nodeContracts.ts';
import { checkQuit, revealedOf } from './nodeForm.ts';
import {
  planAnnounceClose,
  planCancelClose,
  planCreateNode,
  planEditNode,
  planJoinNode,
  planQuitNode,
  planUnvote,
  planVote,
} from './planNode.ts';
import { readNodeChain, readNodeParams } from './readNode.ts';

const alice = mnemonicToAccount(LOCAL_TEST_MNEMONIC, { addressIndex: 1 });
const bob = mnemonicToAccount(LOCAL_TEST_MNEMONIC, { addressIndex: 2 });
const carol = mnemonicToAccount(LOCAL_TEST_MNEMONIC, { addressIndex: 3 });
type Who = typeof alice;

let anvil: Anvil;
let deployments: Deployments;
let client: PublicClient;
const requests: string[][] = [];

beforeAll(async () => {
  anvil = await startAnvil();
  deployments = await deploy({ rpcUrl: anvil.rpcUrl });
  client = recordingClient(anvil.rpcUrl, requests);
}, 120_000);

afterAll(async () => {
  await anvil?.stop();
});

const run = (who: Who, steps: readonly TxStep[]) => {
  const chain = defineEternoChain(anvil.rpcUrl);
  return executeSteps(steps, {
    publicClient: client,
    walletClient: createWalletClient({ account: who, chain, transport: http(anvil.rpcUrl) }),
    account: who.address,
    chain,
    receiptPollingInterval: 50,
  });
};
const chainView = (who: Who, nodeId?: bigint) =>
  readNodeChain(client, {
    contracts: deployments.contracts,
    account: who.address,
    ...(nodeId !== undefined ? { nodeId } : {}),
  });
const nftView = (who: Who) => readNft(client, { contracts: deployments.contracts, account: who.address });
const labels = (steps: readonly TxStep[]) => steps.map((s) => (s.kind === 'call' ? s.action : `approve ${s.symbol}`));

/** Buys an NFT of `kind` and reveals it; returns its token id. */
async function buyRevealed(who: Who, kind: NftKind): Promise<bigint> {
  await run(who, planBuyNft(await nftView(who), kind));
  const bought = (await nftView(who)).owned.at(-1)!;
  const nft = deployments.contracts.EternoNft;
  const opening = seedOpening(
    nftSeedSecret(localNftOperatorKey()),
    { chainId: deployments.chainId, nft },
    bought.tokenId,
  );
  await run(who, planRevealNft(nft, bought.tokenId, opening));
  return bought.tokenId;
}

describe('the node flows on anvil', () => {
  it('reads the parameters in force in one eth_call', async () => {
    requests.length = 0;
    const params = await readNodeParams(client, { contracts: deployments.contracts });
    expect(requests).toEqual([['eth_call']]);
    expect(params).toMatchObject({
      nodes: deployments.contracts.EternoNodes,
      neededEtro: parseEther('10000'),
      maxShareBps: 3000n,
      rarityWeights: { N: 1, R: 2, SR: 4, SSR: 8 },
    });
  });

  it('creates, joins, edits, votes, unvotes, quits and closes through the plans', async () => {
    const nodes = deployments.contracts.EternoNodes;
    const partner = await buyRevealed(alice, 'partner');
    const a0 = await chainView(alice);
    expect(a0.membership).toEqual({ nodeId: 0n, tokenId: 0n });
    expect(revealedOf((await nftView(alice)).owned, 'partner').map((n) => n.tokenId)).toEqual([partner]);
    const create = planCreateNode(a0, { tokenId: partner, name: 'Alpha', description: 'first', shareBps: 1500n });
    expect(labels(create)).toEqual(['node.approveNft', 'approve ETRO', 'node.create']);
    await run(alice, create);
    const a1 = await chainView(alice, 1n);
    expect(a1.membership).toEqual({ nodeId: 1n, tokenId: partner });
    expect(a1.balance).toBe(a0.balance - parseEther('10000'));
    const node = await client.readContract({ address: nodes, abi: eternoNodesAbi, functionName: 'nodeOf', args: [1n] });
    expect(node).toMatchObject({ master: alice.address, members: 0, shareBps: 1500, open: true, name: 'Alpha' });
    const partnerWeight = node.weight;

    const entry = await buyRevealed(bob, 'entry');
    const join = planJoinNode(await chainView(bob), 1n, entry);
    expect(labels(join)).toEqual(['node.approveNft', 'node.join']);
    await run(bob, join);
    expect((await chainView(bob)).membership).toEqual({ nodeId: 1n, tokenId: entry });
    expect(
      await client.readContract({
        address: deployments.contracts.EternoNft,
        abi: erc721Abi,
        functionName: 'ownerOf',
        args: [entry],
      }),
    ).toBe(nodes);

    await run(alice, planEditNode(nodes, 1n, { name: 'Alpha 2', description: '', shareBps: 3000n }));
    // Above the max share rate: the simulation refuses it, nothing is sent.
    await expect(run(alice, planEditNode(nodes, 1n, { name: 'A', description: '', shareBps: 3001n }))).rejects.toThrow(
      TxSimulationError,
    );

    const c0 = await chainView(carol, 1n);
    const vote = planVote(c0, 1n, parseEther('250'));
    expect(labels(vote)).toEqual(['approve ETRO', 'node.vote']);
    await run(carol, vote);
    await run(carol, planUnvote(nodes, 1n, parseEther('50')));
    const c1 = await chainView(carol, 1n);
    expect(c1.votesOnNode).toBe(parseEther('200'));
    expect(c1.balance).toBe(c0.balance - parseEther('200'));
    const edited = await client.readContract({
      address: nodes,
      abi: eternoNodesAbi,
      functionName: 'nodeOf',
      args: [1n],
    });
    expect(edited).toMatchObject({
      name: 'Alpha 2',
      description: '',
      shareBps: 3000,
      members: 1,
      votes: parseEther('200'),
    });
    expect(edited.weight).toBeGreaterThan(partnerWeight);

    // The master cannot close while bob is in without announcing it: the sheet refuses it first, and
    // so would the contract. Announced, the close is due after the notice; until then it is refused too.
    const beforeClose = await chainView(alice);
    expect(
      checkQuit({ role: 'master', members: edited.members, closeAt: null, now: beforeClose.timestamp }),
    ).toMatchObject({
      problem: 'MASTER_HAS_MEMBERS',
    });
    await expect(run(alice, planQuitNode(nodes, 1n))).rejects.toThrow(TxSimulationError);
    await run(alice, planAnnounceClose(nodes, 1n));
    const closing = await client.readContract({
      address: nodes,
      abi: eternoNodesAbi,
      functionName: 'nodeOf',
      args: [1n],
    });
    expect(closing.closeAt).toBe((await chainView(alice)).timestamp + beforeClose.closeNotice);
    expect(
      checkQuit({ role: 'master', members: 1, closeAt: closing.closeAt, now: (await chainView(alice)).timestamp }),
    ).toMatchObject({ problem: 'CLOSE_NOT_DUE' });
    await expect(run(alice, planQuitNode(nodes, 1n))).rejects.toThrow(TxSimulationError);
    await run(alice, planCancelClose(nodes, 1n));
    expect(
      (await client.readContract({ address: nodes, abi: eternoNodesAbi, functionName: 'nodeOf', args: [1n] })).closeAt,
    ).toBe(0n);

    await run(bob, planQuitNode(nodes, 1n));
    expect((await nftView(bob)).owned.map((n) => n.tokenId)).toContain(entry);
    expect((await chainView(bob)).membership.nodeId).toBe(0n);

    await run(alice, planQuitNode(nodes, 1n));
    const a2 = await chainView(alice);
    expect(a2.membership.nodeId).toBe(0n);
    expect(a2.balance).toBe(a0.balance);
    expect((await nftView(alice)).owned.map((n) => n.tokenId)).toContain(partner);
  });

  it('refuses to read without a nodes contract in the deployments', async () => {
    const { EternoNodes: _, ...rest } = deployments.contracts;
    await expect(
      readNodeChain(client, { contracts: rest as Deployments['contracts'], account: alice.address }),
    ).rejects.toThrow(NodesNotDeployedError);
  });
});
