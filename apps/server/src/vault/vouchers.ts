/**
 * Withdrawal vouchers: the request (one locked store transaction), the list, the cancel, and each
 * voucher's state judged against the indexed chain. Rules and why they are safe:
 * docs/decisions/vouchers.md.
 */
import { TOKEN_DECIMALS } from '@eterno/protocol/domain';
import { formatAmount } from '@eterno/protocol/amount';
import type { WithdrawalJson, WithdrawalState } from '@eterno/protocol/vaultApi';
import type { Address } from 'viem';
import { ApiError } from '../http/errors.ts';
import type { VoucherRow } from '../store/voucherStore.ts';
import { tokenOf, type VaultContext } from './context.ts';
import type { IndexedHead, IndexedWithdrawal, LedgerSnapshot, LedgerView } from './ledgerView.ts';

/** A voucher with its state as of the indexed head. */
export type JudgedVoucher = { row: VoucherRow; state: WithdrawalState; settledBy: IndexedWithdrawal | null };

/**
 * The state of a stored voucher, from the indexed chain only (never the wall clock):
 * - settled: an indexed `Withdrawn` carries its user, token, amount, nonce and deadline
 *   (whatever the store says: a cancelled voucher that was sent anyway is settled);
 * - cancelled: cancelled by the user, or superseded (another voucher of its nonce paid while it
 *   was still valid: it can never execute);
 * - expired: the latest indexed block's time is past its deadline (every block that could hold it
 *   is indexed, and none did) — and stays expired when a later voucher re-uses its nonce;
 * - signed: open, still sendable.
 */
export function judgeVoucher(
  row: VoucherRow,
  indexed: { head: IndexedHead | null; withdrawCount: number; withdrawals: readonly IndexedWithdrawal[] },
): JudgedVoucher {
  const settledBy =
    indexed.withdrawals.find(
      (w) =>
        w.user === row.user &&
        w.token === row.token &&
        w.amount === row.amount &&
        w.nonce === row.nonce &&
        w.deadline === row.deadline,
    ) ?? null;
  if (settledBy !== null) return { row, state: 'settled', settledBy };
  if (row.state === 'cancelled') return { row, state: 'cancelled', settledBy };
  // Another voucher of the same nonce paid: this one was superseded while valid, or had expired first.
  const usedBy = indexed.withdrawals.find((w) => w.user === row.user && w.nonce === row.nonce);
  if (usedBy !== undefined)
    return { row, state: usedBy.timestamp <= row.deadline ? 'cancelled' : 'expired', settledBy };
  if (row.nonce < BigInt(indexed.withdrawCount)) return { row, state: 'cancelled', settledBy };
  if (indexed.head !== null && indexed.head.timestamp > row.deadline) return { row, state: 'expired', settledBy };
  return { row, state: 'signed', settledBy };
}

/** Judges `rows` (one user's) against what is indexed now. */
/**
 * Judges `rows` (one user's) against the indexed chain: `snapshot` (read now when not given) and
 * the indexed withdrawals of their nonces, read after it — so a withdrawal the snapshot counts is
 * always found (stale figures only ever judge a voucher still open: the safe side).
 */
export async function judgeVouchers(
  ledger: LedgerView,
  user: Address,
  rows: readonly VoucherRow[],
  snapshot?: LedgerSnapshot,
): Promise<{ snapshot: LedgerSnapshot; judged: JudgedVoucher[] }> {
  const snap = snapshot ?? (await ledger.snapshot(user));
  const withdrawals = rows.length === 0 ? [] : await ledger.withdrawalsOf(rows.map((r) => ({ user, nonce: r.nonce })));
  const indexed = { head: snap.head, withdrawCount: snap.withdrawals, withdrawals };
  return { snapshot: snap, judged: rows.map((row) => judgeVoucher(row, indexed)) };
}

export function withdrawalJson({ row, state, settledBy }: JudgedVoucher): WithdrawalJson {
  return {
    id: row.id.toString(),
    user: row.user,
    token: row.token,
    amount: row.amount.toString(),
    nonce: row.nonce.toString(),
    deadline: row.deadline.toString(),
    signedAt: row.signedAt.toString(),
    state,
    signature: state === 'signed' ? { r: row.r, s: row.s, v: row.v } : null,
    settledTx: settledBy?.txHash ?? null,
    settledAt: settledBy?.timestamp.toString() ?? null,
  };
}

/** What the user's open vouchers hold back, per token (lower-case address → amount). */
export function reservedByToken(judged: readonly JudgedVoucher[]): Map<Address, bigint> {
  const reserved = new Map<Address, bigint>();
  for (const { row, state } of judged)
    if (state === 'signed') reserved.set(row.token, (reserved.get(row.token) ?? 0n) + row.amount);
  return reserved;
}

/** A token amount as the error texts show it ("100,000"). */
const shown = (amount: bigint): string => formatAmount(amount, TOKEN_DECIMALS);

/**
 * `POST /vault/withdrawals`: in ONE store transaction holding the user's lock (shared with other
 * users' requests by the group commit) — refuse when the user has an open voucher; nonce = the user's indexed `Withdrawn` count, refused INDEXER_BEHIND
 * when the chain's nonce differs; available = released − withdrawn − reserved ≥ amount; the
 * vault's caps and pause read on chain; sign; insert and commit (one round trip). Nothing is written on a
 * refusal.
 */
export async function requestWithdrawal(
  ctx: VaultContext,
  user: Address,
  tokenAddress: Address,
  amount: bigint,
): Promise<JudgedVoucher> {
  const token = tokenOf(ctx, tokenAddress);
  if (token === undefined) throw new ApiError('TOKEN_NOT_SUPPORTED');
  const me = user.toLowerCase() as Address;
  // The indexed and chain figures are read while the lock is being taken: the lock orders this
  // user's requests against each other, not against the indexer, so reading them inside it would
  // only hold it longer. The store is read inside.
  const reads = Promise.all([ctx.ledger.snapshot(me), ctx.chain.read(me, 'Withdraw', [token.address])]);
  reads.catch(() => undefined);
  // Through the store's group commit: requests of several users arriving together share one
  // transaction (their locks, one INSERT + COMMIT); each is judged here on its own user's rows.
  const voucher = await ctx.store.request(me, async (signed) => {
    const [snapshot, chain] = await reads;
    const { judged } = await judgeVouchers(ctx.ledger, me, signed, snapshot);
    if (judged.some((v) => v.state === 'signed')) throw new ApiError('VOUCHER_OPEN');
    const { head } = snapshot;
    if (head === null || chain.nonce !== BigInt(snapshot.withdrawals)) throw new ApiError('INDEXER_BEHIND');
    const row = snapshot.balances.find((b) => b.token === token.address);
    const reserved = reservedByToken(judged).get(token.address) ?? 0n;
    const available = (row?.released ?? 0n) - (row?.withdrawn ?? 0n) - reserved;
    if (amount > available) throw new ApiError('INSUFFICIENT_BALANCE');
    const info = chain.tokens[0]!;
    if (!info.allowed) throw new ApiError('TOKEN_NOT_SUPPORTED');
    if (amount > info.perTxCap) throw new ApiError('OVER_TX_CAP', { cap: shown(info.perTxCap) });
    const remaining = info.perDayCap > info.paidToday ? info.perDayCap - info.paidToday : 0n;
    if (amount > remaining) throw new ApiError('OVER_DAY_CAP', { remaining: shown(remaining) });
    if (chain.paused) throw new ApiError('VAULT_PAUSED');

    const signedAt = maxOf(ctx.now(), head.timestamp);
    const deadline = signedAt + BigInt(ctx.settings.voucherLifetime);
    const nonce = chain.nonce;
    const signature = await ctx.signer.signWithdraw({ user: me, token: token.address, amount, nonce, deadline });
    ctx.faults?.beforeCommit?.();
    // Inserted with the group's other vouchers and the COMMIT in one round trip.
    return {
      user: me,
      token: token.address,
      amount,
      nonce,
      deadline,
      signedAt,
      r: signature.r,
      s: signature.s,
      v: signature.v,
    };
  });
  ctx.faults?.afterCommit?.();
  return { row: voucher, state: 'signed', settledBy: null };
}

/** `GET /vault/withdrawals`: the user's vouchers, newest first, with their states. */
export async function listWithdrawals(
  ctx: VaultContext,
  user: Address,
  limit: number,
  before?: bigint,
): Promise<{ withdrawals: WithdrawalJson[]; nextBefore: string | null }> {
  const me = user.toLowerCase() as Address;
  const rows = await ctx.store.listOf(me, limit + 1, before);
  const page = rows.slice(0, limit);
  const { judged } = await judgeVouchers(ctx.ledger, me, page);
  const last = page.at(-1);
  return {
    withdrawals: judged.map(withdrawalJson),
    nextBefore: rows.length > limit && last !== undefined ? last.id.toString() : null,
  };
}

/**
 * `POST /vault/withdrawals/:id/cancel` (the web calls it when the wallet refuses): only the user's
 * own voucher that is still open; VOUCHER_NOT_FOUND otherwise. Safe even if the signature was
 * sent: a later voucher reuses the same nonce, so at most one of them can pay.
 */
export async function cancelWithdrawal(ctx: VaultContext, user: Address, id: bigint): Promise<WithdrawalJson> {
  const me = user.toLowerCase() as Address;
  return ctx.store.withUserLock(me, async (tx, signed) => {
    const target = signed.find((r) => r.id === id);
    if (target === undefined) throw new ApiError('VOUCHER_NOT_FOUND');
    const { judged } = await judgeVouchers(ctx.ledger, me, [target]);
    if (judged[0]!.state !== 'signed') throw new ApiError('VOUCHER_NOT_FOUND');
    const cancelled = await tx.cancel(me, id, ctx.now());
    if (cancelled === null) throw new ApiError('VOUCHER_NOT_FOUND');
    return withdrawalJson({ row: cancelled, state: 'cancelled', settledBy: null });
  });
}

/**
 * Σ of every user's open vouchers (signed, not settled, not expired, not superseded) per token:
 * the `reserved` of the data index and of the exchange's reserve check.
 */
export async function openVoucherTotals(ctx: Pick<VaultContext, 'ledger' | 'store'>): Promise<Map<Address, bigint>> {
  const head = await ctx.ledger.head();
  const rows = await ctx.store.signedSince(head?.timestamp ?? 0n);
  const byUser = new Map<Address, VoucherRow[]>();
  for (const r of rows) byUser.set(r.user, [...(byUser.get(r.user) ?? []), r]);
  const judged = await Promise.all([...byUser].map(([user, list]) => judgeVouchers(ctx.ledger, user, list)));
  return reservedByToken(judged.flatMap((j) => j.judged));
}

const maxOf = (a: bigint, b: bigint): bigint => (a > b ? a : b);
