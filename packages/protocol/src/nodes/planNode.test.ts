import { describe, expect, it } from 'vitest';
import { decodeFunctionData, encodeFunctionData, type Address } from 'viem';
import { callOf } from '../tx/execute.ts';
import { InsufficientBalanceError, type TxStep } from '../tx/steps.ts';
import { eternoNodesAbi } from '../generated/abis.ts';
import { planCreateNode, planEditNode, planJoinNode, planQuitNode, planUnvote, planVote } from './planNode.ts';

const NODES: Address = '0x00000000000000000000000000000000000000a1';
const NFT: Address = '0x00000000000000000000000000000000000000a2';
const ETRO_ADDRESS: Address = '0x00000000000000000000000000000000000000a3';
const ETRO = 10n ** 18n;
const view = {
  nodes: NODES,
  nft: NFT,
  etro: ETRO_ADDRESS,
  nftApprovedForAll: false,
  neededEtro: 10_000n * ETRO,
  balance: 12_000n * ETRO,
  allowance: 0n,
};

/** Each step as "target.function(args)", decoded from its calldata. */
const described = (steps: readonly TxStep[]) =>
  steps.map((step) => {
    const call = callOf(step);
    const label = step.kind === 'call' ? step.action : `approve ${step.symbol}`;
    return { label, to: call.address, fn: call.functionName, args: call.args };
  });

describe('the node flows as step lists', () => {
  it('creates: approve the partner NFT, approve exactly the needed ETRO, then createNode', () => {
    const steps = planCreateNode(view, { tokenId: 7n, name: 'Alpha', description: '', shareBps: 1500n });
    expect(described(steps)).toEqual([
      { label: 'node.approveNft', to: NFT, fn: 'approve', args: [NODES, 7n] },
      { label: 'approve ETRO', to: ETRO_ADDRESS, fn: 'approve', args: [NODES, 10_000n * ETRO] },
      { label: 'node.create', to: NODES, fn: 'createNode', args: [7n, 'Alpha', '', 1500n] },
    ]);
    const create = callOf(steps[2]!);
    const data = encodeFunctionData({ abi: create.abi, functionName: create.functionName, args: create.args });
    expect(decodeFunctionData({ abi: eternoNodesAbi, data })).toEqual({
      functionName: 'createNode',
      args: [7n, 'Alpha', '', 1500n],
    });
  });

  it('skips the approvals already given, and refuses a stake above the balance before sending', () => {
    const steps = planCreateNode(
      { ...view, nftApprovedForAll: true, allowance: 10_000n * ETRO },
      { tokenId: 7n, name: 'A', description: 'd', shareBps: 0n },
    );
    expect(described(steps).map((s) => s.label)).toEqual(['node.create']);
    expect(() =>
      planCreateNode({ ...view, balance: 9_999n * ETRO }, { tokenId: 7n, name: 'A', description: '', shareBps: 0n }),
    ).toThrow(InsufficientBalanceError);
  });

  it('joins with the entry NFT approved first', () => {
    expect(described(planJoinNode(view, 3n, 9n))).toEqual([
      { label: 'node.approveNft', to: NFT, fn: 'approve', args: [NODES, 9n] },
      { label: 'node.join', to: NODES, fn: 'joinNode', args: [3n, 9n] },
    ]);
    expect(described(planJoinNode({ ...view, nftApprovedForAll: true }, 3n, 9n)).map((s) => s.label)).toEqual([
      'node.join',
    ]);
  });

  it('edits, quits and unvotes in one step each', () => {
    expect(described(planEditNode(NODES, 3n, { name: 'B', description: 'x', shareBps: 2000n }))).toEqual([
      { label: 'node.edit', to: NODES, fn: 'editNode', args: [3n, 'B', 'x', 2000n] },
    ]);
    expect(described(planQuitNode(NODES, 3n))).toEqual([{ label: 'node.quit', to: NODES, fn: 'quitNode', args: [3n] }]);
    expect(described(planUnvote(NODES, 3n, 5n))).toEqual([
      { label: 'node.unvote', to: NODES, fn: 'unvote', args: [3n, 5n] },
    ]);
  });

  it('votes with an exact ETRO approval when the allowance is short', () => {
    expect(described(planVote(view, 3n, 100n * ETRO))).toEqual([
      { label: 'approve ETRO', to: ETRO_ADDRESS, fn: 'approve', args: [NODES, 100n * ETRO] },
      { label: 'node.vote', to: NODES, fn: 'vote', args: [3n, 100n * ETRO] },
    ]);
    expect(described(planVote({ ...view, allowance: 100n * ETRO }, 3n, 100n * ETRO)).map((s) => s.label)).toEqual([
      'node.vote',
    ]);
    expect(() => planVote(view, 3n, 12_001n * ETRO)).toThrow(InsufficientBalanceError);
  });
});
