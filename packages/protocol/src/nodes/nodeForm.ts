/**
 * The node sheets' checks, before anything is simulated or signed: each refusal is a typed code the
 * web shows in the user's language, in the order a user fixes them (what they hold first, then the
 * fields top to bottom). The limits come from the contract (read with the form), never a literal of
 * the app, except the text lengths the interface fixes (./nodeContracts.ts).
 */
import { AmountError, parseAmount, type AmountErrorCode } from '../amount.ts';
import { TOKEN_DECIMALS } from '../domain.ts';
import type { OwnedNft } from '../nft/readNft.ts';
import { NODE_DESCRIPTION_MAX_BYTES, NODE_NAME_MAX_BYTES } from './nodeContracts.ts';

/**
 * - `NO_PARTNER_NFT` / `NO_ENTRY_NFT`: the account holds no revealed NFT of the kind the flow escrows;
 * - `ALREADY_IN_NODE`: the account is in a node (as master or member) already;
 * - `NOT_ENOUGH_ETRO`: the ETRO balance is below the needed stake;
 * - `NODE_CLOSED`: the node was closed by its master (no join, no vote);
 * - `NODE_CLOSING`: its master announced the close (no join, vote or edit until it closes or is cancelled);
 * - `NAME_EMPTY` / `NAME_TOO_LONG` / `DESCRIPTION_TOO_LONG`: the texts (UTF-8 bytes, as the contract counts);
 * - `SHARE_INVALID` / `SHARE_TOO_HIGH`: the share rate is not a percent with ≤ 2 decimals, or above the max;
 * - `ENTER_AMOUNT`, `ZERO` and the amount parser's codes; `VOTES_ABOVE_BALANCE` / `VOTES_ABOVE_STAKE`;
 * - `MASTER_HAS_MEMBERS`: the master closes a node with members only after announcing the close;
 * - `CLOSE_NOT_DUE`: the announced close's notice has not run out yet.
 */
export type NodeProblem =
  | 'NO_PARTNER_NFT'
  | 'NO_ENTRY_NFT'
  | 'ALREADY_IN_NODE'
  | 'NOT_ENOUGH_ETRO'
  | 'NODE_CLOSED'
  | 'NODE_CLOSING'
  | 'NAME_EMPTY'
  | 'NAME_TOO_LONG'
  | 'DESCRIPTION_TOO_LONG'
  | 'SHARE_INVALID'
  | 'SHARE_TOO_HIGH'
  | 'ENTER_AMOUNT'
  | 'ZERO'
  | Exclude<AmountErrorCode, 'EMPTY'>
  | 'VOTES_ABOVE_BALANCE'
  | 'VOTES_ABOVE_STAKE'
  | 'MASTER_HAS_MEMBERS'
  | 'CLOSE_NOT_DUE';

export type NodeField = 'account' | 'name' | 'description' | 'share' | 'amount';

export type NodeCheck<T> =
  | ({ readonly ok: true } & T)
  | { readonly ok: false; readonly field: NodeField; readonly problem: NodeProblem };

const refuse = (field: NodeField, problem: NodeProblem) => ({ ok: false, field, problem }) as const;

const utf8Bytes = (text: string): number => new TextEncoder().encode(text).length;

/** The account's revealed NFTs of a kind (an unrevealed one cannot enter a node). */
export function revealedOf(owned: readonly OwnedNft[], kind: OwnedNft['kind']): OwnedNft[] {
  return owned.filter((nft) => nft.kind === kind && nft.rarity !== null);
}

/** A share rate typed in percent ("15", "12.5", "0.25") as basis points, or null when it is not one. */
export function parseShareBps(text: string): bigint | null {
  const t = text.trim();
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(t)) return null;
  const [whole, fraction = ''] = t.split('.');
  return BigInt(whole!) * 100n + BigInt(fraction.padEnd(2, '0'));
}

type Texts = { name: string; description: string; share: string };
type CheckedTexts = { name: string; description: string; shareBps: bigint };

/** Name (trimmed, 1–32 bytes), description (trimmed, ≤ 280 bytes), share rate within `maxShareBps`. */
export function checkNodeTexts(input: Texts, maxShareBps: bigint): NodeCheck<CheckedTexts> {
  const name = input.name.trim();
  const description = input.description.trim();
  if (name === '') return refuse('name', 'NAME_EMPTY');
  if (utf8Bytes(name) > NODE_NAME_MAX_BYTES) return refuse('name', 'NAME_TOO_LONG');
  if (utf8Bytes(description) > NODE_DESCRIPTION_MAX_BYTES) return refuse('description', 'DESCRIPTION_TOO_LONG');
  const shareBps = parseShareBps(input.share);
  if (shareBps === null) return refuse('share', 'SHARE_INVALID');
  if (shareBps > maxShareBps) return refuse('share', 'SHARE_TOO_HIGH');
  return { ok: true, name, description, shareBps };
}

/** Whether the account can open the create sheet at all: a revealed partner NFT, in no node, the needed ETRO. */
export function checkCanCreate(state: {
  partnerNfts: readonly OwnedNft[];
  inNode: boolean;
  balance: bigint;
  neededEtro: bigint;
}): NodeCheck<object> {
  if (state.inNode) return refuse('account', 'ALREADY_IN_NODE');
  if (state.partnerNfts.length === 0) return refuse('account', 'NO_PARTNER_NFT');
  if (state.balance < state.neededEtro) return refuse('account', 'NOT_ENOUGH_ETRO');
  return { ok: true };
}

/** The create sheet: the account's standing, then the texts. */
export function checkCreateForm(
  input: Texts,
  state: {
    partnerNfts: readonly OwnedNft[];
    inNode: boolean;
    balance: bigint;
    neededEtro: bigint;
    maxShareBps: bigint;
  },
): NodeCheck<CheckedTexts> {
  const can = checkCanCreate(state);
  if (!can.ok) return can;
  return checkNodeTexts(input, state.maxShareBps);
}

/** Joining a node: open with no close announced, the account in no node, holding a revealed entry NFT. */
export function checkJoin(state: {
  open: boolean;
  closing: boolean;
  inNode: boolean;
  entryNfts: readonly OwnedNft[];
}): NodeCheck<object> {
  if (!state.open) return refuse('account', 'NODE_CLOSED');
  if (state.closing) return refuse('account', 'NODE_CLOSING');
  if (state.inNode) return refuse('account', 'ALREADY_IN_NODE');
  if (state.entryNfts.length === 0) return refuse('account', 'NO_ENTRY_NFT');
  return { ok: true };
}

/**
 * Quitting: a member at any time; the master closes at once a node with no member, else only after
 * announcing the close (`closeAt`, unix seconds, null when none) and once `now` (the latest block's
 * time) has reached it.
 */
export function checkQuit(state: {
  role: 'master' | 'member';
  members: number;
  closeAt: bigint | null;
  now: bigint;
}): NodeCheck<object> {
  if (state.role !== 'master' || state.members === 0) return { ok: true };
  if (state.closeAt === null) return refuse('account', 'MASTER_HAS_MEMBERS');
  if (state.now < state.closeAt) return refuse('account', 'CLOSE_NOT_DUE');
  return { ok: true };
}

function parseVoteAmount(text: string): { ok: true; amount: bigint } | { ok: false; problem: NodeProblem } {
  if (text.trim() === '') return { ok: false, problem: 'ENTER_AMOUNT' };
  try {
    const amount = parseAmount(text, TOKEN_DECIMALS);
    return amount === 0n ? { ok: false, problem: 'ZERO' } : { ok: true, amount };
  } catch (error) {
    if (!(error instanceof AmountError)) throw error;
    return { ok: false, problem: error.code === 'EMPTY' ? 'ENTER_AMOUNT' : error.code };
  }
}

/** Voting `text` ETRO on an open node with no close announced, within the ETRO balance. */
export function checkVote(
  text: string,
  state: { open: boolean; closing: boolean; balance: bigint },
): NodeCheck<{ amount: bigint }> {
  if (!state.open) return refuse('account', 'NODE_CLOSED');
  if (state.closing) return refuse('account', 'NODE_CLOSING');
  const parsed = parseVoteAmount(text);
  if (!parsed.ok) return refuse('amount', parsed.problem);
  if (parsed.amount > state.balance) return refuse('amount', 'VOTES_ABOVE_BALANCE');
  return { ok: true, amount: parsed.amount };
}

/** Taking `text` ETRO of votes back, within the account's stake on the node. */
export function checkUnvote(text: string, state: { staked: bigint }): NodeCheck<{ amount: bigint }> {
  const parsed = parseVoteAmount(text);
  if (!parsed.ok) return refuse('amount', parsed.problem);
  if (parsed.amount > state.staked) return refuse('amount', 'VOTES_ABOVE_STAKE');
  return { ok: true, amount: parsed.amount };
}
