// @vitest-environment jsdom
import '../../i18n/index.ts';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OwnedNft } from '@eterno/protocol/nft/readNft';
import type { NodeChainView } from '@eterno/protocol/nodes/readNode';
import type { NodeSummary } from '../../api/nodes.ts';
import { setLanguage } from '../../i18n/index.ts';
import { IDLE } from '../../tx/txState.ts';
import { CloseSheet, JoinSheet, NodeFormSheet, QuitSheet, VoteSheet } from './NodeSheets.tsx';

const E18 = 10n ** 18n;
const CHAIN: NodeChainView = {
  nodes: '0x00000000000000000000000000000000000000a1',
  nft: '0x00000000000000000000000000000000000000a2',
  etro: '0x00000000000000000000000000000000000000a3',
  blockNumber: 10n,
  timestamp: 1_700_000_000n,
  closeNotice: 7n * 86_400n,
  neededEtro: 10_000n * E18,
  maxShareBps: 3000n,
  rarityWeights: { N: 1, R: 2, SR: 4, SSR: 8 },
  balance: 12_000n * E18,
  allowance: 0n,
  nftApprovedForAll: false,
  membership: { nodeId: 0n, tokenId: 0n },
  votesOnNode: 40n * E18,
};
const PARTNER: OwnedNft = { tokenId: 7n, kind: 'partner', rarity: 'SR' };
const ENTRY: OwnedNft = { tokenId: 9n, kind: 'entry', rarity: 'R' };
const NODE: NodeSummary = {
  nodeId: 3n,
  master: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  partnerTokenId: 7n,
  name: 'Alpha',
  description: 'first',
  shareBps: 1500,
  weight: 6,
  members: 1,
  staked: 10_000n * E18,
  votes: 0n,
  open: true,
  closeAt: null,
  rewardTotal: 0n,
  lastReward: null,
  lastRewardDay: null,
  createdAt: 1,
  createdTx: `0x${'ab'.repeat(32)}`,
};
const idle = { state: IDLE, busy: false };

const inRouter = (node: React.ReactNode) => render(<MemoryRouter>{node}</MemoryRouter>);
const type = (testId: string, text: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value: text } });
const submit = async (testId: string) => {
  await act(async () => {
    fireEvent.click(screen.getByTestId(`${testId}-submit`));
  });
};
const refusal = () => screen.queryByTestId('node-refusal');

afterEach(async () => {
  await setLanguage('en');
});

describe('the create sheet', () => {
  const open = (chain: NodeChainView, partnerNfts: OwnedNft[] = [PARTNER]) => {
    const onSubmit = vi.fn(async () => 'confirmed' as const);
    const onClose = vi.fn();
    inRouter(
      <NodeFormSheet
        mode="create"
        chain={chain}
        partnerNfts={partnerNfts}
        tx={idle}
        onSubmit={onSubmit}
        onClose={onClose}
      />,
    );
    return { onSubmit, onClose };
  };

  it('sends the chosen partner NFT and the checked texts, the share rate in basis points', async () => {
    const { onSubmit, onClose } = open(CHAIN);
    expect(screen.getByTestId('node-nft-select').textContent).toBe('#7 · SR · weight 4');
    expect(screen.getByText('Stake: 10,000 ETRO (returned when you close the node)')).toBeTruthy();
    type('node-name-input', '  Alpha  ');
    type('node-description-input', 'A node');
    type('node-share-input', '12.5');
    await submit('node-create-sheet');
    expect(onSubmit).toHaveBeenCalledWith({ tokenId: 7n, name: 'Alpha', description: 'A node', shareBps: 1250n });
    expect(onClose).toHaveBeenCalled();
  });

  it('refuses, before sending, a missing partner NFT with a link to buy one', async () => {
    const { onSubmit } = open(CHAIN, []);
    expect(refusal()?.dataset.problem).toBe('NO_PARTNER_NFT');
    expect(refusal()?.textContent).toContain('You need a revealed partner NFT to create a node.');
    expect(screen.getByTestId('node-buy-nft').getAttribute('href')).toBe('/ecology/nft');
    expect((screen.getByTestId('node-create-sheet-submit') as HTMLButtonElement).disabled).toBe(true);
    await submit('node-create-sheet');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('refuses not enough ETRO for the needed stake', () => {
    open({ ...CHAIN, balance: 9_999n * E18 });
    expect(refusal()?.textContent).toBe('Not enough ETRO: creating a node stakes 10,000 ETRO.');
  });

  it('refuses being in a node already', () => {
    open({ ...CHAIN, membership: { nodeId: 2n, tokenId: 5n } });
    expect(refusal()?.textContent).toBe('You are already in a node (#2): quit it first.');
  });

  it('does not call the node just created a refusal while the sheet closes', () => {
    inRouter(
      <NodeFormSheet
        mode="create"
        chain={{ ...CHAIN, membership: { nodeId: 1n, tokenId: 7n } }}
        partnerNfts={[]}
        tx={{ state: { ...IDLE, phase: 'confirmed' }, busy: false }}
        onSubmit={vi.fn()}
        onClose={vi.fn()}
      />,
    );
    expect(refusal()).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it.each([
    ['node-name-input', 'NAME_EMPTY', '', "Please enter the node's name"],
    ['node-name-input', 'NAME_TOO_LONG', 'x'.repeat(33), 'The name is too long (at most 32 bytes)'],
    [
      'node-description-input',
      'DESCRIPTION_TOO_LONG',
      'd'.repeat(281),
      'The description is too long (at most 280 bytes)',
    ],
    ['node-share-input', 'SHARE_TOO_HIGH', '30.5', 'The share rate cannot exceed 30 %'],
  ])('refuses %s (%s) with its message, and sends nothing', async (field, problem, text, message) => {
    const { onSubmit } = open(CHAIN);
    type('node-name-input', 'Alpha');
    type('node-share-input', '10');
    type(field, text);
    await submit('node-create-sheet');
    const shown = screen.getByRole('alert');
    expect(shown.dataset.problem).toBe(problem);
    expect(shown.textContent).toBe(message);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('says it in Chinese', async () => {
    await act(() => setLanguage('zh'));
    open(CHAIN, []);
    expect(refusal()?.textContent).toContain('创建节点需要一枚已揭晓的合伙人 NFT。');
  });
});

describe('the edit sheet', () => {
  it('starts from the node as it stands and sends the edited texts', async () => {
    const onSubmit = vi.fn(async () => 'confirmed' as const);
    inRouter(<NodeFormSheet mode="edit" chain={CHAIN} node={NODE} tx={idle} onSubmit={onSubmit} onClose={vi.fn()} />);
    expect((screen.getByTestId('node-name-input') as HTMLInputElement).value).toBe('Alpha');
    expect((screen.getByTestId('node-share-input') as HTMLInputElement).value).toBe('15');
    type('node-description-input', '');
    type('node-share-input', '30');
    await submit('node-edit-sheet');
    expect(onSubmit).toHaveBeenCalledWith({ tokenId: 0n, name: 'Alpha', description: '', shareBps: 3000n });
  });
});

describe('the join, quit and vote sheets', () => {
  it('joins with the chosen entry NFT, and refuses a closed node, a member of another node, no entry NFT', async () => {
    const onJoin = vi.fn(async () => 'confirmed' as const);
    const { unmount } = inRouter(
      <JoinSheet node={NODE} chain={CHAIN} entryNfts={[ENTRY]} tx={idle} onJoin={onJoin} onClose={vi.fn()} />,
    );
    await submit('node-join-sheet');
    expect(onJoin).toHaveBeenCalledWith(9n);
    unmount();
    const cases: [Partial<Parameters<typeof JoinSheet>[0]>, string][] = [
      [{ node: { ...NODE, open: false } }, 'NODE_CLOSED'],
      [{ chain: { ...CHAIN, membership: { nodeId: 1n, tokenId: 2n } } }, 'ALREADY_IN_NODE'],
      [{ entryNfts: [] }, 'NO_ENTRY_NFT'],
    ];
    for (const [props, problem] of cases) {
      const refused = vi.fn(async () => 'confirmed' as const);
      const view = inRouter(
        <JoinSheet
          {...{ node: NODE, chain: CHAIN, entryNfts: [ENTRY], tx: idle, onJoin: refused, onClose: vi.fn(), ...props }}
        />,
      );
      expect(refusal()?.dataset.problem).toBe(problem);
      await submit('node-join-sheet');
      expect(refused).not.toHaveBeenCalled();
      view.unmount();
    }
  });

  it('refuses the master quitting while members remain, and lets a member quit', async () => {
    const onQuit = vi.fn(async () => 'confirmed' as const);
    const master = inRouter(
      <QuitSheet
        node={NODE}
        role="master"
        tokenId={7n}
        now={CHAIN.timestamp}
        tx={idle}
        onQuit={onQuit}
        onClose={vi.fn()}
      />,
    );
    expect(refusal()?.textContent).toBe(
      'The node still has 1 member(s): announce the close first; you can close it after the notice, and their NFTs go back to them.',
    );
    await submit('node-quit-sheet');
    expect(onQuit).not.toHaveBeenCalled();
    master.unmount();
    // Announced: refused until the date, then the master closes with the member still in.
    const closing = { ...NODE, closeAt: Number(CHAIN.timestamp) + 100 };
    const early = inRouter(
      <QuitSheet
        node={closing}
        role="master"
        tokenId={7n}
        now={CHAIN.timestamp}
        tx={idle}
        onQuit={onQuit}
        onClose={vi.fn()}
      />,
    );
    expect(refusal()?.dataset.problem).toBe('CLOSE_NOT_DUE');
    expect(refusal()?.textContent).toMatch(/^The announced close is due on .+: you can close the node from then on\.$/);
    await submit('node-quit-sheet');
    expect(onQuit).not.toHaveBeenCalled();
    early.unmount();
    const due = inRouter(
      <QuitSheet
        node={closing}
        role="master"
        tokenId={7n}
        now={CHAIN.timestamp + 100n}
        tx={idle}
        onQuit={onQuit}
        onClose={vi.fn()}
      />,
    );
    expect(refusal()).toBeNull();
    await submit('node-quit-sheet');
    expect(onQuit).toHaveBeenCalledTimes(1);
    due.unmount();
    inRouter(
      <QuitSheet
        node={NODE}
        role="member"
        tokenId={9n}
        now={CHAIN.timestamp}
        tx={idle}
        onQuit={onQuit}
        onClose={vi.fn()}
      />,
    );
    expect(screen.getByText('Your entry NFT #9 comes back to you.')).toBeTruthy();
    await submit('node-quit-sheet');
    expect(onQuit).toHaveBeenCalledTimes(2);
  });

  it('votes within the balance and unvotes within the stake, refusing more before sending', async () => {
    const onVote = vi.fn(async () => 'confirmed' as const);
    const vote = inRouter(
      <VoteSheet mode="vote" node={NODE} chain={CHAIN} tx={idle} onSubmit={onVote} onClose={vi.fn()} />,
    );
    await submit('node-vote-sheet');
    expect(screen.getByRole('alert').textContent).toBe('Please enter an amount');
    type('node-vote-amount-input', '12000.5');
    expect(screen.getByRole('alert').textContent).toBe('You have only 12,000 ETRO');
    await submit('node-vote-sheet');
    expect(onVote).not.toHaveBeenCalled();
    type('node-vote-amount-input', '250');
    await submit('node-vote-sheet');
    expect(onVote).toHaveBeenCalledWith(250n * E18);
    vote.unmount();

    const onUnvote = vi.fn(async () => 'confirmed' as const);
    const unvote = inRouter(
      <VoteSheet mode="unvote" node={NODE} chain={CHAIN} tx={idle} onSubmit={onUnvote} onClose={vi.fn()} />,
    );
    type('node-unvote-amount-input', '41');
    expect(screen.getByRole('alert').textContent).toBe('Your votes on this node are 40 ETRO');
    await submit('node-unvote-sheet');
    expect(onUnvote).not.toHaveBeenCalled();
    unvote.unmount();

    inRouter(
      <VoteSheet
        mode="vote"
        node={{ ...NODE, open: false }}
        chain={CHAIN}
        tx={idle}
        onSubmit={onVote}
        onClose={vi.fn()}
      />,
    );
    expect(refusal()?.textContent).toBe('This node is closed.');
  });

  it('refuses joining and voting while a close is announced, and announces with the date the notice gives', async () => {
    const closing = { ...NODE, closeAt: 1_700_604_800 };
    const join = inRouter(
      <JoinSheet node={closing} chain={CHAIN} entryNfts={[ENTRY]} tx={idle} onJoin={vi.fn()} onClose={vi.fn()} />,
    );
    expect(refusal()?.dataset.problem).toBe('NODE_CLOSING');
    join.unmount();
    const onVote = vi.fn(async () => 'confirmed' as const);
    const vote = inRouter(
      <VoteSheet mode="vote" node={closing} chain={CHAIN} tx={idle} onSubmit={onVote} onClose={vi.fn()} />,
    );
    expect(refusal()?.textContent).toBe("The master announced this node's close: no new members, votes or edits.");
    await submit('node-vote-sheet');
    expect(onVote).not.toHaveBeenCalled();
    vote.unmount();
    const onAnnounce = vi.fn(async () => 'confirmed' as const);
    const announce = inRouter(
      <CloseSheet mode="announce" node={NODE} chain={CHAIN} tx={idle} onSubmit={onAnnounce} onClose={vi.fn()} />,
    );
    expect(screen.getByTestId('node-close-note').textContent).toMatch(
      /^The node can close on .+ or later \(7 days' notice\)/,
    );
    await submit('node-announce-sheet');
    expect(onAnnounce).toHaveBeenCalledTimes(1);
    announce.unmount();
    await setLanguage('zh');
    inRouter(<CloseSheet mode="cancel" node={closing} chain={CHAIN} tx={idle} onSubmit={vi.fn()} onClose={vi.fn()} />);
    expect(screen.getByTestId('node-close-note').textContent).toBe('节点保持开放：可以重新加入、投票和编辑。');
  });
});
