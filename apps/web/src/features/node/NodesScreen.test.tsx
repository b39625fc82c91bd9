// @vitest-environment jsdom
import '../../i18n/index.ts';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { NodeChainView } from '@eterno/protocol/nodes/readNode';
import type { NodeAccount, NodeDetail, NodePool, NodeSummary } from '../../api/nodes.ts';
import { setLanguage } from '../../i18n/index.ts';
import type { Pages } from '../market/useMarketLists.ts';
import { NodeDetailView } from './NodeDetailScreen.tsx';
import { NodesView } from './NodesScreen.tsx';

const E18 = 10n ** 18n;
const ALICE = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const BOB = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
const TX = `0x${'ab'.repeat(32)}` as const;
const NODE: NodeSummary = {
  nodeId: 3n,
  master: ALICE,
  partnerTokenId: 7n,
  name: 'Alpha',
  description: '',
  shareBps: 1250,
  weight: 6,
  members: 1,
  staked: 10_000n * E18,
  votes: 2_500n * E18,
  open: true,
  closeAt: null,
  rewardTotal: 12n * E18 + E18 / 2n,
  lastReward: 2n * E18,
  lastRewardDay: 1_700_006_400,
  createdAt: 1_700_000_000,
  createdTx: TX,
};
const pages = (data: NodeSummary[] | undefined, extra: Partial<Pages<NodeSummary>> = {}): Pages<NodeSummary> => ({
  data,
  error: null,
  hasMore: false,
  loadingMore: false,
  loadMore: vi.fn(),
  retry: vi.fn(),
  ...extra,
});
const ok = <T,>(data: T) => ({ data, error: null, retry: vi.fn() });
const ACCOUNT: NodeAccount = {
  membership: { nodeId: 3n, role: 'member', tokenId: 9n, weight: 2 },
  waiting: null,
  votes: [{ nodeId: 3n, amount: 5n * E18 }],
  rewardTotal: 3n * E18,
  lastReward: null,
};
const POOL: NodePool = {
  days: [{ day: 1, pool: 10n * E18, paid: 10n * E18, power: 1n }],
  nextBefore: null,
  today: 4n * E18,
  poolBps: 100,
};

afterEach(async () => {
  await setLanguage('en');
});

describe('Ecology › nodes', () => {
  it('lists each node with every figure of spec §3, and my standing', () => {
    const onCreate = vi.fn();
    render(
      <MemoryRouter>
        <NodesView
          nodes={pages([NODE])}
          account={ok(ACCOUNT)}
          pool={ok(POOL)}
          me={ALICE}
          canCreate
          onCreate={onCreate}
          canReclaim={false}
          onReclaim={vi.fn()}
        />
      </MemoryRouter>,
    );
    const card = within(screen.getByTestId('node-card'));
    expect(card.getByTestId('node-name').textContent).toBe('Alpha');
    expect(card.getByTestId('node-description').textContent).toBe('No description.');
    const figures = card.getByTestId('node-figures').textContent;
    for (const text of [
      'NFT weight6',
      'Reward (total)12.5 USDT',
      'Last day2 USDT',
      'Members1',
      'Needed ETRO10,000 ETRO',
      'Votes2,500 ETRO',
      'Share rate12.5 %',
      'Master0x709979…dc79C8',
    ])
      expect(figures).toContain(text);
    expect(card.getByText('Your node')).toBeTruthy();
    expect(card.getByTestId('node-view').getAttribute('href')).toBe('/ecology/nodes/3');
    expect(screen.getByTestId('node-membership').textContent).toBe('In node #3 as member, NFT #9 (weight 2)');
    expect(screen.getByTestId('node-my-votes').textContent).toBe('#3 · 5 ETRO');
    expect(screen.getByTestId('node-pool').textContent).toContain('Pool rate: 1 % of package payments');
    fireEvent.click(screen.getByTestId('node-create-open'));
    expect(onCreate).toHaveBeenCalled();
  });

  it('says when there is no node, pages on, and shows a failed read with Retry', () => {
    const loadMore = vi.fn();
    const { unmount } = render(
      <MemoryRouter>
        <NodesView
          nodes={pages([], { hasMore: true, loadMore })}
          account={ok(ACCOUNT)}
          pool={ok(POOL)}
          me={ALICE}
          canCreate
          onCreate={vi.fn()}
          canReclaim={false}
          onReclaim={vi.fn()}
        />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('node-list-empty')).toBeTruthy();
    fireEvent.click(screen.getByTestId('node-list-more'));
    expect(loadMore).toHaveBeenCalled();
    unmount();
    const retry = vi.fn();
    render(
      <MemoryRouter>
        <NodesView
          nodes={pages(undefined, { error: new Error('down'), retry })}
          account={ok(ACCOUNT)}
          pool={ok(POOL)}
          me={ALICE}
          canCreate={false}
          onCreate={vi.fn()}
          canReclaim={false}
          onReclaim={vi.fn()}
        />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByRole('button', { name: /Retry/ }));
    expect(retry).toHaveBeenCalled();
  });

  it('does not offer create to a wallet already in a node, and says why', () => {
    render(
      <MemoryRouter>
        <NodesView
          nodes={pages([NODE])}
          account={ok(ACCOUNT)}
          pool={ok(POOL)}
          me={ALICE}
          canCreate
          inNode={3n}
          onCreate={vi.fn()}
          canReclaim={false}
          onReclaim={vi.fn()}
        />
      </MemoryRouter>,
    );
    expect(screen.queryByTestId('node-create-open')).toBeNull();
    expect(screen.getByTestId('node-create-in-node').textContent).toBe(
      'You are in node #3: a wallet is in one node at a time. Quit it to create your own.',
    );
  });

  it('speaks Chinese', async () => {
    await act(() => setLanguage('zh'));
    render(
      <MemoryRouter>
        <NodesView
          nodes={pages([NODE])}
          account={ok(ACCOUNT)}
          pool={ok(POOL)}
          me={BOB}
          canCreate
          onCreate={vi.fn()}
          canReclaim={false}
          onReclaim={vi.fn()}
        />
      </MemoryRouter>,
    );
    expect(screen.getByText('开放中的节点')).toBeTruthy();
    expect(screen.getByTestId('node-membership').textContent).toBe('以成员身份在节点 #3，NFT #9（权重 2）');
    expect(screen.queryByTestId('node-waiting')).toBeNull();
  });

  describe('my entry NFT waiting in a closed node (review M-5)', () => {
    const WAITING: NodeAccount = {
      ...ACCOUNT,
      membership: null,
      waiting: { nodeId: 4n, name: 'Beta 节点', tokenId: 9n },
      votes: [],
    };
    const showWaiting = (canReclaim: boolean, account: NodeAccount = WAITING) => {
      const onReclaim = vi.fn();
      render(
        <MemoryRouter>
          <NodesView
            nodes={pages([NODE])}
            account={ok(account)}
            pool={ok(POOL)}
            me={BOB}
            canCreate
            onCreate={vi.fn()}
            canReclaim={canReclaim}
            onReclaim={onReclaim}
          />
        </MemoryRouter>,
      );
      return onReclaim;
    };
    const reclaim = () => screen.getByTestId('node-reclaim-open') as HTMLButtonElement;

    it('says the NFT waits (not "in no node") and takes it back through the reclaim', () => {
      const onReclaim = showWaiting(true);
      const me = within(screen.getByTestId('node-me'));
      expect(me.getByTestId('node-waiting').textContent).toBe(
        'Your NFT #9 is waiting in closed node #4 (Beta 节点) — take it back. It earns nothing there any more.',
      );
      expect(me.queryByTestId('node-membership')).toBeNull();
      expect(me.queryByText('You are in no node.')).toBeNull();
      expect(reclaim().textContent).toBe('Take my NFT back');
      fireEvent.click(reclaim());
      expect(onReclaim).toHaveBeenCalledTimes(1);
    });

    it('keeps the action disabled until the chain names the node (nothing sent before)', () => {
      const onReclaim = showWaiting(false);
      expect(reclaim().disabled).toBe(true);
      fireEvent.click(reclaim());
      expect(onReclaim).not.toHaveBeenCalled();
    });

    it('says nothing of a waiting NFT once it is back', () => {
      showWaiting(true, { ...WAITING, waiting: null });
      expect(screen.queryByTestId('node-waiting')).toBeNull();
      expect(screen.queryByTestId('node-reclaim-open')).toBeNull();
      expect(screen.getByTestId('node-membership').textContent).toBe('You are in no node.');
    });

    it('speaks Chinese', async () => {
      await act(() => setLanguage('zh'));
      showWaiting(true);
      expect(screen.getByTestId('node-waiting').textContent).toBe(
        '你的 NFT #9 正在已关闭的节点「Beta 节点」（#4）中等待——请取回。它在那里不再产生奖励。',
      );
      expect(reclaim().textContent).toBe('取回我的 NFT');
    });
  });
});

describe('a node', () => {
  const DETAIL: NodeDetail = {
    node: NODE,
    members: [
      { account: ALICE, role: 'master', tokenId: 7n, weight: 4, joinedAt: 1, txHash: TX },
      { account: BOB, role: 'member', tokenId: 9n, weight: 2, joinedAt: 2, txHash: TX },
    ],
    rewards: [{ day: 1_700_006_400, nodeId: 3n, power: 15_000n * E18, reward: 2n * E18, masterReward: E18 / 4n }],
  };
  const CHAIN = { votesOnNode: 40n * E18, membership: { nodeId: 0n, tokenId: 0n } } as NodeChainView;
  const show = (me: string, chain: NodeChainView | undefined = CHAIN, detail = DETAIL) => {
    const onAction = vi.fn();
    render(
      <MemoryRouter>
        <NodeDetailView read={ok(detail)} chain={chain} me={me as `0x${string}`} onAction={onAction} />
      </MemoryRouter>,
    );
    return onAction;
  };
  const actions = () => screen.queryAllByTestId(/^node-\w+-open$/).map((b) => b.dataset.testid);

  it('shows its NFTs with their weight, the rewards of recent days and my votes on it', () => {
    show(BOB);
    const rows = screen.getAllByTestId('node-member').map((r) => r.textContent);
    expect(rows).toEqual([
      '0x709979…dc79C8 · MasterNFT #7 · NFT weight 4',
      '0x3C44Cd…4293BC · MemberNFT #9 · NFT weight 2',
    ]);
    // Power = votes (ETRO) × weight, shown in whole ETRO × weight.
    expect(screen.getByTestId('node-reward-day').textContent).toContain('15,000');
    expect(screen.getByTestId('node-reward-day').textContent).toContain('0.25');
    expect(screen.getByTestId('node-my-stake').textContent).toBe('My votes on it: 40 ETRO');
  });

  it('offers what each role can do: the master edits, announces the close and closes, a member quits, others join; anyone votes', () => {
    const onAction = show(ALICE);
    expect(actions()).toEqual([
      'node-vote-open',
      'node-unvote-open',
      'node-edit-open',
      'node-announce-open',
      'node-quit-open',
    ]);
    fireEvent.click(screen.getByTestId('node-announce-open'));
    expect(onAction).toHaveBeenCalledWith('announce');
    fireEvent.click(screen.getByTestId('node-edit-open'));
    expect(onAction).toHaveBeenCalledWith('edit');
  });

  it('lets a member quit', () => {
    const member = show(BOB);
    expect(actions()).toEqual(['node-vote-open', 'node-unvote-open', 'node-quit-open']);
    fireEvent.click(screen.getByTestId('node-quit-open'));
    expect(member).toHaveBeenCalledWith('quit');
  });

  it('offers join to an outsider with no votes, and nothing but unvote on a closed node', () => {
    const carol = '0x90F79bf6EB2c4f870365E785982E1f101E93b906';
    const { unmount } = render(
      <MemoryRouter>
        <NodeDetailView
          read={ok(DETAIL)}
          chain={{ votesOnNode: 0n, membership: { nodeId: 0n, tokenId: 0n } } as NodeChainView}
          me={carol}
          onAction={vi.fn()}
        />
      </MemoryRouter>,
    );
    expect(actions()).toEqual(['node-vote-open', 'node-join-open']);
    unmount();
    show(carol, CHAIN, { ...DETAIL, node: { ...NODE, open: false }, members: [] });
    expect(actions()).toEqual(['node-unvote-open']);
    expect(screen.getByText('This node was closed by its master.')).toBeTruthy();
  });

  it('shows an announced close to everyone with its date, stops joins and votes, and lets the master cancel', async () => {
    const closing = { ...DETAIL, node: { ...NODE, closeAt: 1_700_604_800 } };
    const master = show(ALICE, CHAIN, closing);
    expect(screen.getByTestId('node-closing-banner').textContent).toMatch(
      /^Closing: the master announced the close for .*2023.* or later\. No new members or votes meanwhile;/,
    );
    expect(actions()).toEqual(['node-unvote-open', 'node-cancel-open', 'node-quit-open']);
    fireEvent.click(screen.getByTestId('node-cancel-open'));
    expect(master).toHaveBeenCalledWith('cancel');
    cleanup();
    const carol = '0x90F79bf6EB2c4f870365E785982E1f101E93b906';
    show(carol, { votesOnNode: 0n, membership: { nodeId: 0n, tokenId: 0n } } as NodeChainView, closing);
    expect(actions()).toEqual([]);
    cleanup();
    await setLanguage('zh');
    show(BOB, CHAIN, closing);
    expect(screen.getByTestId('node-closing-banner').textContent).toMatch(
      /^关闭中：节点主已公告将于 .+ 或之后关闭节点。/,
    );
  });

  it('offers a member of a closed node to take its NFT back', () => {
    const closed = { ...DETAIL, node: { ...NODE, open: false, closeAt: 1_700_604_800 }, members: [] };
    const onAction = show(BOB, { votesOnNode: 0n, membership: { nodeId: 3n, tokenId: 9n } } as NodeChainView, closed);
    expect(screen.getByTestId('node-waiting-banner').textContent).toBe(
      'This node is closed and still holds your entry NFT #9: take it back (it earns nothing here any more).',
    );
    expect(actions()).toEqual(['node-reclaim-open']);
    fireEvent.click(screen.getByTestId('node-reclaim-open'));
    expect(onAction).toHaveBeenCalledWith('reclaim');
  });
});
