import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { Address } from 'viem';
import { shortenAddress } from '@eterno/protocol/address';
import { revealedOf } from '@eterno/protocol/nodes/nodeForm';
import type { NodeChainView } from '@eterno/protocol/nodes/readNode';
import type { OwnedNft } from '@eterno/protocol/nft/readNft';
import type { NodeDetail } from '../../api/nodes.ts';
import { readErrorText } from '../../chain/readErrorText.ts';
import { ReadErrorCard } from '../../components/ReadErrorCard.tsx';
import { formatDateTime, formatDay } from '../../i18n/dateTime.ts';
import { useWallet } from '../../shell/walletContext.ts';
import { indexLag } from '../../tx/indexLag.ts';
import { useNftView } from '../nft/useNftView.ts';
import { CloseSheet, JoinSheet, NodeFormSheet, QuitSheet, VoteSheet } from './NodeSheets.tsx';
import { NodeFigures, nodeVotesKey } from './NodesScreen.tsx';
import { etroText, usdtText } from './nodeFormat.ts';
import type { NodeT } from './nodeProblemText.ts';
import { useNodeChain, useNodeDetail, type Read } from './useNodeReads.ts';
import {
  useAnnounceClose,
  useCancelClose,
  useEditNode,
  useJoinNode,
  useQuitNode,
  useUnvote,
  useVote,
} from './useNodeWrites.ts';
import './node.css';

export type NodeAction = 'join' | 'edit' | 'quit' | 'reclaim' | 'vote' | 'unvote' | 'announce' | 'cancel';

/** A node's page as it renders its reads: the figures, its NFTs, recent days, my votes and what I can do. */
export function NodeDetailView(props: {
  read: Read<NodeDetail>;
  chain: NodeChainView | undefined;
  me: Address | undefined;
  onAction: (action: NodeAction) => void;
}) {
  const { t: tt, i18n } = useTranslation(['node', 'errors', 'common']);
  const t = tt as NodeT;
  const { data, error } = props.read;
  if (error && !data)
    return (
      <ReadErrorCard
        failure={readErrorText(error, tt as (key: string) => string, 'node:detail.loadError')}
        onRetry={props.read.retry}
      />
    );
  if (!data) return <div className="market-card skeleton node-skeleton" aria-busy="true" />;
  const { node, members, rewards } = data;
  const me = props.me?.toLowerCase();
  const mine = members.find((m) => m.account.toLowerCase() === me);
  const chain = props.chain;
  const closing = node.open && node.closeAt !== null;
  // A closed node still holding my entry NFT (the chain's membership names it): I take it back.
  const waiting = !node.open && chain !== undefined && chain.membership.nodeId === node.nodeId;
  const button = (action: NodeAction, label: string, primary = false) => (
    <button
      type="button"
      className={primary ? 'button button-primary' : 'button'}
      data-testid={`node-${action}-open`}
      disabled={!chain}
      onClick={() => props.onAction(action)}
    >
      {label}
    </button>
  );
  return (
    <section className="market-screen node-screen" data-testid="node-detail" data-node={node.nodeId.toString()}>
      <Link className="node-back" to="/ecology/nodes">
        ‹ {t('node:detail.back')}
      </Link>
      <div className="market-card">
        <div className="node-card-head">
          <h2 className="node-name" data-testid="node-name">
            {node.name}
          </h2>
          <span className="market-row-sub">{t('node:detail.title', { id: node.nodeId.toString() })}</span>
        </div>
        {!node.open ? <p className="market-paused">{t('node:detail.closed')}</p> : null}
        {closing ? (
          <p className="node-banner" role="status" data-testid="node-closing-banner">
            {t('node:detail.closing', { date: formatDateTime(node.closeAt!, i18n.language) })}
          </p>
        ) : null}
        {waiting ? (
          <p className="node-banner" role="status" data-testid="node-waiting-banner">
            {t('node:detail.waiting', { token: chain.membership.tokenId.toString() })}
          </p>
        ) : null}
        <p className="node-description" data-testid="node-description">
          {node.description || t('node:list.noDescription')}
        </p>
        <NodeFigures node={node} />
        <p className="node-note" data-testid="node-my-stake">
          {tt('common:labelValue', {
            label: t('node:detail.myVotes'),
            value: chain ? `${etroText(chain.votesOnNode)} ETRO` : '…',
          })}
        </p>
        <div className="node-actions">
          {waiting ? button('reclaim', t('node:actions.reclaim'), true) : null}
          {node.open && !closing ? button('vote', t('node:actions.vote'), true) : null}
          {chain && chain.votesOnNode > 0n ? button('unvote', t('node:actions.unvote')) : null}
          {mine?.role === 'master' && !closing ? button('edit', t('node:actions.edit')) : null}
          {mine?.role === 'master' && !closing && node.members > 0
            ? button('announce', t('node:actions.announceClose'))
            : null}
          {mine?.role === 'master' && closing ? button('cancel', t('node:actions.cancelClose')) : null}
          {mine?.role === 'master' ? button('quit', t('node:actions.closeNode')) : null}
          {mine?.role === 'member' ? button('quit', t('node:actions.quit')) : null}
          {!mine && node.open && !closing ? button('join', t('node:actions.join'), true) : null}
        </div>
      </div>

      <h3 className="market-subtitle">{t('node:detail.members')}</h3>
      <ol className="node-members" data-testid="node-member-list">
        {members.map((m) => (
          <li key={m.tokenId.toString()} className="market-row" data-testid="node-member" data-account={m.account}>
            <div className="market-row-main">
              <span>
                {shortenAddress(m.account)} · {t(`node:detail.role.${m.role}`)}
              </span>
              <span className="market-row-sub">
                NFT #{m.tokenId.toString()} · {t('node:list.weight')} {m.weight}
              </span>
            </div>
          </li>
        ))}
      </ol>

      <h3 className="market-subtitle">{t('node:detail.rewards')}</h3>
      {rewards.length === 0 ? (
        <p className="market-empty" data-testid="node-rewards-empty">
          {t('node:detail.noRewards')}
        </p>
      ) : (
        <table className="node-rewards" data-testid="node-rewards">
          <thead>
            <tr>
              <th>{t('node:detail.day')}</th>
              <th>{t('node:detail.power')}</th>
              <th>{t('node:detail.reward')}</th>
              <th>{t('node:detail.masterReward')}</th>
            </tr>
          </thead>
          <tbody>
            {rewards.map((r) => (
              <tr key={r.day} data-testid="node-reward-day">
                <td>{formatDay(r.day, i18n.language)}</td>
                <td>{etroText(r.power)}</td>
                <td>{usdtText(r.reward)}</td>
                <td>{usdtText(r.masterReward)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/** `/ecology/nodes/:id`: one node, and the join, edit, quit, vote and unvote sheets. */
export default function NodeDetailScreen() {
  const { id } = useParams();
  const nodeId = id !== undefined && /^\d{1,20}$/.test(id) && id !== '0' ? BigInt(id) : null;
  const { account } = useWallet();
  const read = useNodeDetail(nodeId);
  const chain = useNodeChain(account, nodeId ?? undefined);
  const nft = useNftView(account);
  const join = useJoinNode();
  const edit = useEditNode();
  const quit = useQuitNode();
  const vote = useVote();
  const unvote = useUnvote();
  const announce = useAnnounceClose();
  const cancel = useCancelClose();
  const [sheet, setSheet] = useState<NodeAction | null>(null);
  const view = chain.data;
  const detail = read.data;
  const mine = detail?.members.find((m) => m.account.toLowerCase() === account?.toLowerCase());
  const entryNfts: readonly OwnedNft[] = nft.data ? revealedOf(nft.data.owned, 'entry') : [];
  const open = (action: NodeAction) => {
    ({ join, edit, quit, reclaim: quit, vote, unvote, announce, cancel })[action].tx.reset();
    setSheet(action);
  };
  const close = () => setSheet(null);
  return (
    <>
      <NodeDetailView
        read={nodeId === null ? { data: undefined, error: new Error('bad node id'), retry: () => {} } : read}
        chain={view}
        me={account}
        onAction={open}
      />
      {view && detail && nodeId !== null ? (
        <>
          {sheet === 'join' && nft.data ? (
            <JoinSheet
              node={detail.node}
              chain={view}
              entryNfts={entryNfts}
              tx={join.tx}
              onJoin={(tokenId) => join.run(view, nodeId, tokenId)}
              onClose={close}
            />
          ) : null}
          {sheet === 'edit' ? (
            <NodeFormSheet
              mode="edit"
              chain={view}
              node={detail.node}
              tx={edit.tx}
              onSubmit={(form) => edit.run(view.nodes, nodeId, form)}
              onClose={close}
            />
          ) : null}
          {sheet === 'quit' && mine ? (
            <QuitSheet
              node={detail.node}
              role={mine.role}
              tokenId={mine.tokenId}
              now={view.timestamp}
              tx={quit.tx}
              onQuit={() => quit.run(view.nodes, nodeId)}
              onClose={close}
            />
          ) : null}
          {sheet === 'reclaim' && view.membership.nodeId === nodeId ? (
            <QuitSheet
              node={detail.node}
              role="member"
              tokenId={view.membership.tokenId}
              now={view.timestamp}
              tx={quit.tx}
              onQuit={() => quit.run(view.nodes, nodeId)}
              onClose={close}
            />
          ) : null}
          {sheet === 'announce' || sheet === 'cancel' ? (
            <CloseSheet
              key={sheet}
              mode={sheet}
              node={detail.node}
              chain={view}
              tx={sheet === 'announce' ? announce.tx : cancel.tx}
              onSubmit={() =>
                sheet === 'announce' ? announce.run(view.nodes, nodeId) : cancel.run(view.nodes, nodeId)
              }
              onClose={close}
            />
          ) : null}
          {sheet === 'vote' || sheet === 'unvote' ? (
            <VoteSheet
              key={sheet}
              mode={sheet}
              node={detail.node}
              chain={view}
              tx={sheet === 'vote' ? vote.tx : unvote.tx}
              onSubmit={async (amount) => {
                const votesBefore = detail.node.votes.toString();
                const outcome = await (sheet === 'vote'
                  ? vote.run(view, nodeId, amount)
                  : unvote.run(view.nodes, nodeId, amount));
                if (outcome === 'confirmed') indexLag.mark(nodeVotesKey(detail.node.nodeId), votesBefore);
                return outcome;
              }}
              onClose={close}
            />
          ) : null}
        </>
      ) : null}
    </>
  );
}
