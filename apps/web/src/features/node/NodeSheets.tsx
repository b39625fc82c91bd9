import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { OwnedNft } from '@eterno/protocol/nft/readNft';
import { NODE_DESCRIPTION_MAX_BYTES, NODE_NAME_MAX_BYTES } from '@eterno/protocol/nodes/nodeContracts';
import {
  checkCanCreate,
  checkJoin,
  checkNodeTexts,
  checkQuit,
  checkUnvote,
  checkVote,
  type NodeProblem,
} from '@eterno/protocol/nodes/nodeForm';
import type { NodeChainView } from '@eterno/protocol/nodes/readNode';
import { sheetDone } from '../../tx/formAttempt.ts';
import { TxProgress } from '../../tx/TxProgress.tsx';
import type { Transaction, TxOutcome } from '../../tx/useTransaction.ts';
import { MarketField } from '../market/MarketField.tsx';
import { SheetPortal } from '../market/SheetPortal.tsx';
import type { NodeSummary } from '../../api/nodes.ts';
import { nodeProblemText, type NodeT, type ProblemValues } from './nodeProblemText.ts';
import { bpsPercent, etroText } from './nodeFormat.ts';
import type { NodeTexts } from './useNodeWrites.ts';
import { formatDateTime } from '../../i18n/dateTime.ts';
// The sheets and their backdrop are the market's (one look for every bottom sheet).
import '../market/market.css';
import './node.css';

type TxView = Pick<Transaction, 'state' | 'busy'>;

function useNodeT() {
  return useTranslation(['node', 'amount', 'errors']).t as NodeT;
}

/** The sheet's frame: title and close, the form's fields, the submit and the steps' progress. */
function Sheet(props: {
  title: string;
  testId: string;
  tx: TxView;
  submit: string;
  /** False while a refusal stands: nothing can be sent. */
  canSubmit: boolean;
  onSubmit: () => void;
  onClose: () => void;
  children: ReactNode;
}) {
  const t = useNodeT();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onSubmit();
  };
  return (
    <SheetPortal>
      <form
        className="market-sheet node-sheet"
        role="dialog"
        aria-modal="true"
        aria-label={props.title}
        onSubmit={submit}
        noValidate
        data-testid={props.testId}
      >
        <header className="market-sheet-head">
          <h3>{props.title}</h3>
          <button type="button" className="button" onClick={props.onClose} disabled={props.tx.busy}>
            {t('node:actions.close')}
          </button>
        </header>
        {props.children}
        <button
          type="submit"
          className="button button-primary"
          data-testid={`${props.testId}-submit`}
          disabled={props.tx.busy || !props.canSubmit}
        >
          {props.submit}
        </button>
        <TxProgress tx={props.tx} />
      </form>
    </SheetPortal>
  );
}

/** A refusal of the account's standing (no NFT, in a node, closed node…), shown as the sheet opens. */
export function Refusal({ problem, values }: { problem: NodeProblem; values?: ProblemValues }) {
  const t = useNodeT();
  return (
    <p className="node-refusal" role="alert" data-testid="node-refusal" data-problem={problem}>
      {nodeProblemText(t, problem, values)}
      {problem === 'NO_PARTNER_NFT' || problem === 'NO_ENTRY_NFT' ? (
        <>
          {' '}
          <Link to="/ecology/nft" data-testid="node-buy-nft">
            {t('node:problems.buyNft')}
          </Link>
        </>
      ) : null}
    </p>
  );
}

/** A problem under a field, once the user typed or tried to submit. */
function FieldProblem({ id, problem, values }: { id: string; problem: NodeProblem; values?: ProblemValues }) {
  const t = useNodeT();
  return (
    <p id={id} className="amount-box-problem" role="alert" data-testid="node-field-problem" data-problem={problem}>
      {nodeProblemText(t, problem, values)}
    </p>
  );
}

function TextField(props: {
  label: string;
  note: string;
  value: string;
  onChange: (text: string) => void;
  multiline?: boolean;
  problem: NodeProblem | null;
  disabled: boolean;
  testId: string;
}) {
  const inputId = useId();
  const problemId = useId();
  const common = {
    id: inputId,
    className: 'node-input',
    'data-testid': props.testId,
    value: props.value,
    disabled: props.disabled,
    'aria-invalid': props.problem !== null,
    'aria-describedby': props.problem ? problemId : undefined,
  };
  return (
    <div className="node-field">
      <div className="node-field-head">
        <label htmlFor={inputId}>{props.label}</label>
        <span>{props.note}</span>
      </div>
      {props.multiline ? (
        <textarea {...common} rows={3} onChange={(e) => props.onChange(e.target.value)} />
      ) : (
        <input {...common} autoComplete="off" onChange={(e) => props.onChange(e.target.value)} />
      )}
      {props.problem ? <FieldProblem id={problemId} problem={props.problem} /> : null}
    </div>
  );
}

function NftSelect(props: {
  label: string;
  nfts: readonly OwnedNft[];
  weights: NodeChainView['rarityWeights'];
  value: bigint | null;
  onChange: (tokenId: bigint) => void;
  disabled: boolean;
}) {
  const t = useNodeT();
  const id = useId();
  return (
    <div className="node-field">
      <div className="node-field-head">
        <label htmlFor={id}>{props.label}</label>
      </div>
      <select
        id={id}
        className="node-input"
        data-testid="node-nft-select"
        value={props.value?.toString() ?? ''}
        disabled={props.disabled}
        onChange={(e) => props.onChange(BigInt(e.target.value))}
      >
        {props.nfts.map((nft) => (
          <option key={nft.tokenId.toString()} value={nft.tokenId.toString()}>
            {t('node:form.nftOption', {
              id: nft.tokenId.toString(),
              rarity: nft.rarity ?? '',
              weight: nft.rarity ? props.weights[nft.rarity] : 0,
            })}
          </option>
        ))}
      </select>
    </div>
  );
}

const bytes = (text: string) => new TextEncoder().encode(text.trim()).length;

/**
 * Create (a partner NFT, the stake) or edit (the master) a node: name, description, share rate,
 * checked as typed and on submit; the account's standing (create: in a node, no revealed partner NFT,
 * not enough ETRO) is refused as the sheet opens. Nothing is sent while any check fails.
 */
export function NodeFormSheet(props: {
  mode: 'create' | 'edit';
  chain: NodeChainView;
  /** create: the account's revealed partner NFTs. */
  partnerNfts?: readonly OwnedNft[];
  /** edit: the node as it stands. */
  node?: NodeSummary;
  tx: TxView;
  onSubmit: (form: { tokenId: bigint } & NodeTexts) => Promise<TxOutcome>;
  onClose: () => void;
}) {
  const t = useNodeT();
  const { chain, node } = props;
  const partnerNfts = props.partnerNfts ?? [];
  const [tokenId, setTokenId] = useState<bigint | null>(partnerNfts[0]?.tokenId ?? null);
  const [name, setName] = useState(node?.name ?? '');
  const [description, setDescription] = useState(node?.description ?? '');
  const [share, setShare] = useState(node ? bpsPercent(node.shareBps) : '');
  const [attempted, setAttempted] = useState(false);
  const maxShare = bpsPercent(chain.maxShareBps);
  // Once created, the node the account is now in must not read as a refusal while the sheet closes.
  const standing =
    props.mode === 'create' && !sheetDone(props.tx.state.phase)
      ? checkCanCreate({
          partnerNfts,
          inNode: chain.membership.nodeId !== 0n,
          balance: chain.balance,
          neededEtro: chain.neededEtro,
        })
      : ({ ok: true } as const);
  const check = checkNodeTexts({ name, description, share }, chain.maxShareBps);
  const show = attempted || name !== (node?.name ?? '') || description !== (node?.description ?? '') || share !== '';
  const problem = !check.ok && show && !sheetDone(props.tx.state.phase) ? check : null;
  const on = (field: string) => (problem?.field === field ? problem.problem : null);

  const submit = async () => {
    setAttempted(true);
    if (!standing.ok || !check.ok || props.tx.busy) return;
    const outcome = await props.onSubmit({
      tokenId: tokenId ?? 0n,
      name: check.name,
      description: check.description,
      shareBps: check.shareBps,
    });
    if (outcome === 'confirmed') props.onClose();
  };

  return (
    <Sheet
      title={
        props.mode === 'create' ? t('node:form.createTitle') : t('node:form.editTitle', { id: node?.nodeId.toString() })
      }
      testId={`node-${props.mode}-sheet`}
      tx={props.tx}
      submit={props.mode === 'create' ? t('node:form.submitCreate') : t('node:form.submitEdit')}
      canSubmit={standing.ok}
      onSubmit={() => void submit()}
      onClose={props.onClose}
    >
      {!standing.ok ? (
        <Refusal
          problem={standing.problem}
          values={{ nodeId: chain.membership.nodeId.toString(), amount: etroText(chain.neededEtro) }}
        />
      ) : null}
      {props.mode === 'create' && partnerNfts.length > 0 ? (
        <NftSelect
          label={t('node:form.nft')}
          nfts={partnerNfts}
          weights={chain.rarityWeights}
          value={tokenId}
          onChange={setTokenId}
          disabled={props.tx.busy}
        />
      ) : null}
      <TextField
        label={t('node:form.name')}
        note={t('node:form.nameNote', { max: NODE_NAME_MAX_BYTES })}
        value={name}
        onChange={setName}
        problem={on('name')}
        disabled={props.tx.busy}
        testId="node-name-input"
      />
      <TextField
        label={t('node:form.description')}
        note={t('node:form.descriptionNote', { used: bytes(description), max: NODE_DESCRIPTION_MAX_BYTES })}
        value={description}
        onChange={setDescription}
        multiline
        problem={on('description')}
        disabled={props.tx.busy}
        testId="node-description-input"
      />
      <MarketField
        label={t('node:form.share')}
        value={share}
        onChange={setShare}
        symbol="%"
        note={t('node:form.shareNote', { max: maxShare })}
        problem={on('share') ? { code: on('share')!, text: nodeProblemText(t, on('share')!, { maxShare }) } : null}
        disabled={props.tx.busy}
        testId="node-share"
      />
      {props.mode === 'edit' ? (
        <p className="node-note" data-testid="node-share-next-day">
          {t('node:form.shareFromNextDay')}
        </p>
      ) : null}
      {props.mode === 'create' ? (
        <>
          <p className="node-note" data-testid="node-stake">
            {t('node:form.stake', { amount: etroText(chain.neededEtro) })}
          </p>
          <p className="node-note">{t('node:form.balance', { amount: etroText(chain.balance) })}</p>
        </>
      ) : null}
    </Sheet>
  );
}

/** Join an open node with a revealed entry NFT; refused (closed, in a node, no entry NFT) as it opens. */
export function JoinSheet(props: {
  node: NodeSummary;
  chain: NodeChainView;
  entryNfts: readonly OwnedNft[];
  tx: TxView;
  onJoin: (tokenId: bigint) => Promise<TxOutcome>;
  onClose: () => void;
}) {
  const t = useNodeT();
  const [tokenId, setTokenId] = useState<bigint | null>(props.entryNfts[0]?.tokenId ?? null);
  // Once joined, the node the account is now in must not read as a refusal while the sheet closes.
  const standing = sheetDone(props.tx.state.phase)
    ? ({ ok: true } as const)
    : checkJoin({
        open: props.node.open,
        closing: props.node.closeAt !== null,
        inNode: props.chain.membership.nodeId !== 0n,
        entryNfts: props.entryNfts,
      });
  const submit = async () => {
    if (!standing.ok || tokenId === null || props.tx.busy) return;
    if ((await props.onJoin(tokenId)) === 'confirmed') props.onClose();
  };
  return (
    <Sheet
      title={t('node:join.title', { id: props.node.nodeId.toString() })}
      testId="node-join-sheet"
      tx={props.tx}
      submit={t('node:join.submit')}
      canSubmit={standing.ok}
      onSubmit={() => void submit()}
      onClose={props.onClose}
    >
      {!standing.ok ? (
        <Refusal problem={standing.problem} values={{ nodeId: props.chain.membership.nodeId.toString() }} />
      ) : (
        <>
          <NftSelect
            label={t('node:form.entryNft')}
            nfts={props.entryNfts}
            weights={props.chain.rarityWeights}
            value={tokenId}
            onChange={setTokenId}
            disabled={props.tx.busy}
          />
          <p className="node-note">{t('node:join.note')}</p>
        </>
      )}
    </Sheet>
  );
}

/**
 * Quit: a member gets the entry NFT back (also from a closed node); the master closes the node, refused
 * while it has members and no announced close is due (`now`: the latest block's time).
 */
export function QuitSheet(props: {
  node: NodeSummary;
  role: 'master' | 'member';
  tokenId: bigint;
  now: bigint;
  tx: TxView;
  onQuit: () => Promise<TxOutcome>;
  onClose: () => void;
}) {
  const t = useNodeT();
  const { i18n } = useTranslation();
  const closeAt = props.node.closeAt === null ? null : BigInt(props.node.closeAt);
  const standing = sheetDone(props.tx.state.phase)
    ? ({ ok: true } as const)
    : checkQuit({ role: props.role, members: props.node.members, closeAt, now: props.now });
  const date = closeAt === null ? '' : formatDateTime(closeAt, i18n.language);
  const submit = async () => {
    if (!standing.ok || props.tx.busy) return;
    if ((await props.onQuit()) === 'confirmed') props.onClose();
  };
  return (
    <Sheet
      title={t('node:quit.title', { id: props.node.nodeId.toString() })}
      testId="node-quit-sheet"
      tx={props.tx}
      submit={t('node:quit.submit')}
      canSubmit={standing.ok}
      onSubmit={() => void submit()}
      onClose={props.onClose}
    >
      {!standing.ok ? (
        <Refusal problem={standing.problem} values={{ members: props.node.members, date }} />
      ) : (
        <p className="node-note">
          {props.role === 'master'
            ? t('node:quit.master', { token: props.tokenId.toString(), amount: etroText(props.node.staked) })
            : t('node:quit.member', { token: props.tokenId.toString() })}
        </p>
      )}
    </Sheet>
  );
}

/** Vote ETRO on an open node (within the balance) or take votes back (within the stake on it). */
export function VoteSheet(props: {
  mode: 'vote' | 'unvote';
  node: NodeSummary;
  chain: NodeChainView;
  tx: TxView;
  onSubmit: (amount: bigint) => Promise<TxOutcome>;
  onClose: () => void;
}) {
  const t = useNodeT();
  const [amount, setAmount] = useState('');
  const [attempted, setAttempted] = useState(false);
  const { chain, node } = props;
  const closing = node.closeAt !== null;
  const closed = props.mode === 'vote' && (!node.open || closing);
  const check =
    props.mode === 'vote'
      ? checkVote(amount, { open: node.open, closing, balance: chain.balance })
      : checkUnvote(amount, { staked: chain.votesOnNode });
  const limit = props.mode === 'vote' ? chain.balance : chain.votesOnNode;
  const problem =
    !check.ok && check.field === 'amount' && !sheetDone(props.tx.state.phase) && (attempted || amount !== '')
      ? check.problem
      : null;
  const submit = async () => {
    setAttempted(true);
    if (!check.ok || props.tx.busy) return;
    if ((await props.onSubmit(check.amount)) === 'confirmed') props.onClose();
  };
  const id = node.nodeId.toString();
  return (
    <Sheet
      title={props.mode === 'vote' ? t('node:vote.title', { id }) : t('node:vote.unvoteTitle', { id })}
      testId={`node-${props.mode}-sheet`}
      tx={props.tx}
      submit={props.mode === 'vote' ? t('node:vote.submit') : t('node:vote.submitUnvote')}
      canSubmit={!closed}
      onSubmit={() => void submit()}
      onClose={props.onClose}
    >
      {closed ? <Refusal problem={node.open ? 'NODE_CLOSING' : 'NODE_CLOSED'} /> : null}
      <MarketField
        label={t('node:vote.amount')}
        value={amount}
        onChange={setAmount}
        symbol="ETRO"
        note={
          props.mode === 'vote'
            ? t('node:vote.balance', { amount: etroText(chain.balance) })
            : t('node:vote.staked', { amount: etroText(chain.votesOnNode) })
        }
        problem={problem ? { code: problem, text: nodeProblemText(t, problem, { amount: etroText(limit) }) } : null}
        disabled={props.tx.busy || closed}
        testId={`node-${props.mode}-amount`}
      />
    </Sheet>
  );
}

/**
 * Announce the close (the date it is due: now + the close notice, both from the chain) or cancel it;
 * the master only (the detail screen offers it to the master alone).
 */
export function CloseSheet(props: {
  mode: 'announce' | 'cancel';
  node: NodeSummary;
  chain: NodeChainView;
  tx: TxView;
  onSubmit: () => Promise<TxOutcome>;
  onClose: () => void;
}) {
  const t = useNodeT();
  const { i18n } = useTranslation();
  const id = props.node.nodeId.toString();
  const due = props.chain.timestamp + props.chain.closeNotice;
  const submit = async () => {
    if (props.tx.busy) return;
    if ((await props.onSubmit()) === 'confirmed') props.onClose();
  };
  return (
    <Sheet
      title={props.mode === 'announce' ? t('node:close.announceTitle', { id }) : t('node:close.cancelTitle', { id })}
      testId={`node-${props.mode}-sheet`}
      tx={props.tx}
      submit={t('node:close.submit')}
      canSubmit
      onSubmit={() => void submit()}
      onClose={props.onClose}
    >
      <p className="node-note" data-testid="node-close-note">
        {props.mode === 'announce'
          ? t('node:close.announce', {
              date: formatDateTime(due, i18n.language),
              days: (Number(props.chain.closeNotice) / 86_400).toString(),
            })
          : t('node:close.cancel')}
      </p>
    </Sheet>
  );
}
