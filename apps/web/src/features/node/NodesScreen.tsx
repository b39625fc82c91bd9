import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Address } from 'viem';
import { shortenAddress } from '@eterno/protocol/address';
import { DISPLAY_DIGITS } from '@eterno/protocol/amount';
import { figureAmount } from '@eterno/protocol/figure';
import { revealedOf } from '@eterno/protocol/nodes/nodeForm';
import type { NodeAccount, NodePool, NodeSummary } from '../../api/nodes.ts';
import { readErrorText } from '../../chain/readErrorText.ts';
import { FigureText, useFigureLocale } from '../../components/FigureText.tsx';
import { ReadErrorCard } from '../../components/ReadErrorCard.tsx';
import { useWallet } from '../../shell/walletContext.ts';
import { useIndexLag } from '../../tx/useIndexLag.ts';
import type { Pages } from '../market/useMarketLists.ts';
import { useNftView } from '../nft/useNftView.ts';
import { NodeFormSheet, QuitSheet } from './NodeSheets.tsx';
import { bpsPercent, etroText, usdtText } from './nodeFormat.ts';
import type { NodeT } from './nodeProblemText.ts';
import { useNodeAccount, useNodeChain, useNodeDetail, useNodePool, useNodes, type Read } from './useNodeReads.ts';
import { useCreateNode, useQuitNode } from './useNodeWrites.ts';
import './node.css';

function ReadError({ error, retry, fallback }: { error: unknown; retry: () => void; fallback: string }) {
  const { t } = useTranslation(['node', 'errors', 'common']);
  return <ReadErrorCard failure={readErrorText(error, t as (key: string) => string, fallback)} onRetry={retry} />;
}

/** The index-lag key of a node's vote total (the indexer counts a vote a block or two after it). */
export function nodeVotesKey(nodeId: bigint): string {
  return `node:${nodeId}:votes`;
}

/** One node's figures (spec §3): NFT weight, reward, members, needed ETRO, votes, share rate, master. */
export function NodeFigures({ node }: { node: NodeSummary }) {
  const t = useTranslation(['node']).t as NodeT;
  const common = useTranslation('common').t;
  // Voted here, not indexed yet: the total from before the vote is not shown as current.
  const recording = useIndexLag(nodeVotesKey(node.nodeId), node.votes.toString());
  return (
    <dl className="figure-grid node-figures" data-testid="node-figures">
      <div>
        <dt>{t('node:list.weight')}</dt>
        <dd data-testid="node-weight">{node.weight}</dd>
      </div>
      <div>
        <dt>{t('node:list.reward')}</dt>
        <dd data-testid="node-reward">{usdtText(node.rewardTotal)} USDT</dd>
      </div>
      <div>
        <dt>{t('node:list.lastReward')}</dt>
        <dd data-testid="node-last-reward">{node.lastReward === null ? '—' : `${usdtText(node.lastReward)} USDT`}</dd>
      </div>
      <div>
        <dt>{t('node:list.members')}</dt>
        <dd data-testid="node-members">{node.members}</dd>
      </div>
      <div>
        <dt>{t('node:list.needed')}</dt>
        <dd>{etroText(node.staked)} ETRO</dd>
      </div>
      <div>
        <dt>{t('node:list.votes')}</dt>
        <dd data-testid="node-votes">{recording ? common('recording') : `${etroText(node.votes)} ETRO`}</dd>
      </div>
      <div>
        <dt>{t('node:list.share')}</dt>
        <dd data-testid="node-share">{bpsPercent(node.shareBps)} %</dd>
      </div>
      <div className="node-figures-wide">
        <dt>{t('node:list.master')}</dt>
        <dd title={node.master}>{shortenAddress(node.master)}</dd>
      </div>
    </dl>
  );
}

/**
 * The account's standing: its node and role (or its entry NFT waiting in a closed node, with the way to
 * take it back: `onReclaim`, enabled by `canReclaim`), its node rewards, its votes.
 */
export function MyNodeCard({
  read,
  canReclaim,
  onReclaim,
}: {
  read: Read<NodeAccount>;
  canReclaim: boolean;
  onReclaim: () => void;
}) {
  const t = useTranslation(['node']).t as NodeT;
  if (read.error && !read.data)
    return <ReadError error={read.error} retry={read.retry} fallback="node:mine.loadError" />;
  const me = read.data;
  if (!me) return <div className="market-card skeleton node-skeleton" aria-busy="true" />;
  return (
    <div className="market-card" data-testid="node-me">
      <h3 className="node-card-title">{t('node:mine.title')}</h3>
      {me.waiting ? (
        <>
          <p className="node-banner" role="status" data-testid="node-waiting">
            {t('node:mine.waiting', {
              token: me.waiting.tokenId.toString(),
              name: me.waiting.name,
              id: me.waiting.nodeId.toString(),
            })}
          </p>
          <div className="node-actions">
            <button
              type="button"
              className="button button-primary"
              data-testid="node-reclaim-open"
              disabled={!canReclaim}
              onClick={onReclaim}
            >
              {t('node:actions.reclaim')}
            </button>
          </div>
        </>
      ) : null}
      {me.membership || !me.waiting ? (
        <p className="node-note" data-testid="node-membership">
          {me.membership ? (
            <Link to={`/ecology/nodes/${me.membership.nodeId}`}>
              {t('node:mine.in', {
                id: me.membership.nodeId.toString(),
                role: t(`node:mine.role.${me.membership.role}`),
                token: me.membership.tokenId.toString(),
                weight: me.membership.weight,
              })}
            </Link>
          ) : (
            t('node:mine.none')
          )}
        </p>
      ) : null}
      <dl className="figure-grid">
        <div>
          <dt>{t('node:mine.rewardTotal')}</dt>
          <dd data-testid="node-my-reward">{usdtText(me.rewardTotal)} USDT</dd>
        </div>
        <div>
          <dt>{t('node:mine.lastReward')}</dt>
          <dd>{me.lastReward === null ? '—' : `${usdtText(me.lastReward)} USDT`}</dd>
        </div>
        <div className="node-figures-wide">
          <dt>{t('node:mine.votes')}</dt>
          <dd data-testid="node-my-votes">
            {me.votes.length === 0
              ? t('node:mine.noVotes')
              : me.votes.map((v) => `#${v.nodeId} · ${etroText(v.amount)} ETRO`).join(', ')}
          </dd>
        </div>
      </dl>
    </div>
  );
}

/** The pool: today's so far, the rate in force, the last settled day. */
function PoolCard({ read }: { read: Read<NodePool> }) {
  const t = useTranslation(['node']).t as NodeT;
  const locale = useFigureLocale();
  const pool = read.data;
  if (!pool) return null;
  const last = pool.days[0];
  return (
    <dl className="figure-grid node-pool" data-testid="node-pool">
      <div>
        <dt>{t('node:pool.today')}</dt>
        <dd>
          <FigureText figure={figureAmount(pool.today, locale, { digits: DISPLAY_DIGITS.USDT })} suffix="USDT" />
        </dd>
      </div>
      <div>
        <dt>{t('node:pool.lastDay')}</dt>
        <dd>{last ? `${usdtText(last.paid)} USDT` : '—'}</dd>
      </div>
      <div className="node-figures-wide">
        <dd className="node-note">{t('node:pool.rate', { rate: bpsPercent(pool.poolBps) })}</dd>
      </div>
    </dl>
  );
}

/** Ecology › nodes as it renders its reads: the pool, my standing, create, the open nodes (most votes first). */
export function NodesView(props: {
  nodes: Pages<NodeSummary>;
  account: Read<NodeAccount>;
  pool: Read<NodePool>;
  me: Address | undefined;
  canCreate: boolean;
  /** The node this wallet is in (one node per wallet): create is not offered, the note says why. */
  inNode?: bigint | null;
  onCreate: () => void;
  canReclaim: boolean;
  onReclaim: () => void;
}) {
  const t = useTranslation(['node']).t as NodeT;
  const { nodes } = props;
  const me = props.me?.toLowerCase();
  return (
    <section className="market-screen node-screen" data-testid="node-screen">
      <header className="card-heading">
        <h2>{t('node:title')}</h2>
      </header>
      <p className="market-note">{t('node:intro')}</p>
      <PoolCard read={props.pool} />
      <MyNodeCard read={props.account} canReclaim={props.canReclaim} onReclaim={props.onReclaim} />
      {props.inNode ? (
        <p className="market-note" data-testid="node-create-in-node">
          {t('node:createInNode', { id: props.inNode.toString() })}
        </p>
      ) : (
        <button
          type="button"
          className="button button-primary"
          data-testid="node-create-open"
          disabled={!props.canCreate}
          onClick={props.onCreate}
        >
          {t('node:actions.create')}
        </button>
      )}
      <h3 className="market-subtitle">{t('node:list.title')}</h3>
      {nodes.error && !nodes.data ? (
        <ReadError error={nodes.error} retry={nodes.retry} fallback="node:list.loadError" />
      ) : !nodes.data ? (
        <div className="market-card skeleton node-skeleton" aria-busy="true" />
      ) : nodes.data.length === 0 ? (
        <p className="market-empty" data-testid="node-list-empty">
          {t('node:list.none')}
        </p>
      ) : (
        <ol className="node-list" data-testid="node-list">
          {nodes.data.map((node) => (
            <li
              key={node.nodeId.toString()}
              className="market-card node-card"
              data-testid="node-card"
              data-node={node.nodeId.toString()}
            >
              <div className="node-card-head">
                <strong className="node-name" data-testid="node-name">
                  {node.name}
                </strong>
                <span className="market-row-sub">#{node.nodeId.toString()}</span>
                {node.master.toLowerCase() === me ? <span className="market-tag">{t('node:list.yours')}</span> : null}
              </div>
              <p className="node-description" data-testid="node-description">
                {node.description || t('node:list.noDescription')}
              </p>
              <NodeFigures node={node} />
              <Link
                className="button"
                to={`/ecology/nodes/${node.nodeId}`}
                data-testid="node-view"
                aria-label={`${t('node:list.view')} ${node.name}`}
              >
                {t('node:list.view')}
              </Link>
            </li>
          ))}
        </ol>
      )}
      {nodes.hasMore ? (
        <button
          type="button"
          className="button"
          data-testid="node-list-more"
          disabled={nodes.loadingMore}
          onClick={nodes.loadMore}
        >
          {t('node:list.more')}
        </button>
      ) : null}
    </section>
  );
}

/**
 * `/ecology/nodes`: the node list, my standing, the create sheet, and the reclaim of an entry NFT waiting
 * in a closed node (the node page's quit sheet, offered once the chain's membership names that node).
 */
export default function NodesScreen() {
  const { account } = useWallet();
  const nodes = useNodes();
  const me = useNodeAccount(account);
  const pool = useNodePool();
  const chain = useNodeChain(account);
  const nft = useNftView(account);
  const create = useCreateNode();
  const quit = useQuitNode();
  const [open, setOpen] = useState(false);
  const waiting = me.data?.waiting ?? null;
  const waitingNode = useNodeDetail(waiting?.nodeId ?? null).data?.node;
  const [reclaim, setReclaim] = useState<{ node: NodeSummary; tokenId: bigint } | null>(null);
  const view = chain.data;
  const canReclaim =
    view !== undefined &&
    waitingNode !== undefined &&
    !waitingNode.open &&
    view.membership.nodeId === waitingNode.nodeId &&
    view.membership.tokenId === waiting?.tokenId;
  return (
    <>
      <NodesView
        nodes={nodes}
        account={me}
        pool={pool}
        me={account}
        canCreate={view !== undefined && nft.data !== undefined}
        inNode={view !== undefined && view.membership.nodeId !== 0n ? view.membership.nodeId : null}
        onCreate={() => {
          create.tx.reset();
          setOpen(true);
        }}
        canReclaim={canReclaim}
        onReclaim={() => {
          if (!canReclaim) return;
          quit.tx.reset();
          setReclaim({ node: waitingNode, tokenId: view.membership.tokenId });
        }}
      />
      {reclaim && view ? (
        <QuitSheet
          node={reclaim.node}
          role="member"
          tokenId={reclaim.tokenId}
          now={view.timestamp}
          tx={quit.tx}
          onQuit={() => quit.run(view.nodes, reclaim.node.nodeId)}
          onClose={() => setReclaim(null)}
        />
      ) : null}
      {open && view && nft.data ? (
        <NodeFormSheet
          mode="create"
          chain={view}
          partnerNfts={revealedOf(nft.data.owned, 'partner')}
          tx={create.tx}
          onSubmit={(form) => create.run(view, form)}
          onClose={() => setOpen(false)}
        />
      ) : null}
      {chain.error && !view ? (
        <ReadError error={chain.error} retry={chain.retry} fallback="node:list.loadError" />
      ) : null}
    </>
  );
}
