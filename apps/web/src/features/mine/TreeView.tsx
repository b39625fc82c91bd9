import { useTranslation } from 'react-i18next';
import type { Address } from 'viem';
import { shortenAddress } from '@eterno/protocol/address';
import type { Tree, TreeNode } from '../../api/referral.ts';
import { tokenAmountText } from '../../components/tokenAmountText.ts';

/** A seat of the view: an account, a vacant seat under a shown account, or nothing (under a vacant seat). */
export type Seat = { kind: 'node'; node: TreeNode } | { kind: 'vacant' } | { kind: 'none' };

/**
 * The view's seats level by level: [root], [its left, right], [left's left, left's right, right's
 * left, right's right]. A seat whose parent is shown is an account or vacant; under a vacant seat
 * there is nothing.
 */
export function treeSeats(tree: Tree): Seat[][] {
  const byWallet = new Map(tree.nodes.map((n) => [n.wallet.toLowerCase(), n]));
  const seat = (wallet: Address | null): Seat => {
    const node = wallet === null ? undefined : byWallet.get(wallet.toLowerCase());
    return node ? { kind: 'node', node } : { kind: 'vacant' };
  };
  const root = byWallet.get(tree.root.toLowerCase());
  if (!root) return [];
  const levels: Seat[][] = [[{ kind: 'node', node: root }]];
  for (let l = 0; l < 2; l++) {
    levels.push(
      levels[l]!.flatMap((s): Seat[] =>
        s.kind === 'node' ? [seat(s.node.left.child), seat(s.node.right.child)] : [{ kind: 'none' }, { kind: 'none' }],
      ),
    );
  }
  return levels;
}

const short = (value: bigint) => tokenAmountText(value, 'USDT');

function NodeBody({ node, depth, you }: { node: TreeNode; depth: number; you: boolean }) {
  const { t } = useTranslation(['mine', 'common']);
  // The quarter-width cells of the third row fit 9 characters on one line: 0x + 3 … 3 (the id and
  // the title carry the rest); the wider cells show the usual short form. Never broken over two lines.
  const address = depth >= 2 ? `${node.wallet.slice(0, 5)}…${node.wallet.slice(-3)}` : shortenAddress(node.wallet);
  return (
    <>
      <span className="tree-id">
        #{node.id}
        {you ? ` · ${t('framework.you')}` : ''}
      </span>
      <span className="tree-addr" title={node.wallet} data-testid="tree-node-address">
        {address}
      </span>
      {depth < 2 ? (
        <span className="tree-vol" data-testid="tree-node-volume">
          {t('left')} {short(node.left.volume)} · {t('right')} {short(node.right.volume)}
        </span>
      ) : (
        <span className="tree-vol">{t('framework.belowCount', { count: node.left.members + node.right.members })}</span>
      )}
      {depth === 0 ? (
        <span className="tree-vol" data-testid="tree-root-today">
          {t('common:labelValue', {
            label: t('framework.todayIncrease'),
            value: `${t('left')} ${short(node.left.today)} · ${t('right')} ${short(node.right.today)}`,
          })}
        </span>
      ) : null}
    </>
  );
}

export type TreeViewProps = {
  tree: Tree;
  viewer: Address;
  /** The shown view is the previous root's while the asked one loads. */
  stale: boolean;
  /** Makes an account the view's root (null: back to the viewer). */
  onOpen: (root: Address | null) => void;
};

/**
 * The binary tree around a root: tap an account to make it the root, "Back up" goes to the root's
 * parent (`up`, only inside the viewer's team), "My position" to the viewer. Vacant seats are drawn
 * as such; addresses wrap at the ellipsis so 4 seats fit a 390-wide screen.
 */
export function TreeView({ tree, viewer, stale, onOpen }: TreeViewProps) {
  const { t } = useTranslation('mine');
  const levels = treeSeats(tree);
  const atViewer = tree.root.toLowerCase() === viewer.toLowerCase();
  return (
    <div className="binary-day" data-testid="tree-view" data-root={tree.root}>
      <div className="mine-tree-bar">
        {tree.up ? (
          <button type="button" className="button" data-testid="tree-back" onClick={() => onOpen(tree.up)}>
            ↑ {t('framework.back')}
          </button>
        ) : null}
        {!atViewer ? (
          <button type="button" className="button" data-testid="tree-home" onClick={() => onOpen(null)}>
            {t('framework.home')}
          </button>
        ) : null}
      </div>
      <div className="mine-tree" aria-busy={stale}>
        {levels.flatMap((seats, depth) =>
          seats.map((seat, i) => {
            const key = `${depth}-${i}`;
            if (seat.kind === 'none')
              return <span key={key} className="tree-seat tree-seat-empty" data-level={depth} aria-hidden="true" />;
            if (seat.kind === 'vacant')
              return (
                <span key={key} className="tree-seat" data-level={depth} data-testid="tree-vacant">
                  {t('framework.vacant')}
                  <br />
                  {i % 2 === 0 ? t('left') : t('right')}
                </span>
              );
            const { node } = seat;
            const you = node.wallet.toLowerCase() === viewer.toLowerCase();
            return depth === 0 ? (
              <div key={key} className="tree-node" data-level={0} data-testid="tree-node" data-wallet={node.wallet}>
                <NodeBody node={node} depth={0} you={you} />
              </div>
            ) : (
              <button
                key={key}
                type="button"
                className="tree-node"
                data-level={depth}
                data-testid="tree-node"
                data-wallet={node.wallet}
                aria-label={t('framework.openNode', { address: node.wallet })}
                onClick={() => onOpen(node.wallet)}
              >
                <NodeBody node={node} depth={depth} you={you} />
              </button>
            );
          }),
        )}
      </div>
      <p className="finance-note">{t('framework.treeHint')}</p>
    </div>
  );
}
