/**
 * Withdrawal vouchers: the request (one locked store transaction), the list, the cancel, and each
 * voucher's state judged against the indexed chain and what of it is final. Rules and why they are safe:
 * docs/decisions/vouchers.md.
 */
import { TOKEN_DECIMALS } from '@eterno/protocol/domain';
import { formatAmount } from '@eterno/protocol/amount';
import type { WithdrawalJson, WithdrawalState } from '@eterno/protocol/vaultApi';
import type { Address } from 'viem';
import { ApiError } from '../http/errors.ts';
import type { VoucherRow } from '../store/voucherStore.ts';
import { tokenOf, type VaultContext } from './context.ts';
import type { FinalHead } from './finality.ts';
import type { IndexedWithdrawal, LedgerRow, LedgerSnapshot } from './ledgerView.ts';
import { freeOf, refuseForSolvency, voucherReservations } from './solvency.ts';

/** A voucher with its state as of the indexed chain. */
export type JudgedVoucher = { row: VoucherRow; state: WithdrawalState; settledBy: IndexedWithdrawal | null };

/**
 * The state of a stored voucher, from the indexed chain only (never the wall clock):
 * - settled: an indexed `Withdrawn` carries its user, token, amount, nonce and deadline
 *   (whatever the store says: a cancelled voucher that was sent anyway is settled);
 * - cancelled: cancelled by the user, or superseded (another voucher of its nonce paid while it
 *   was still valid: it can never execute);
 * - expired: the FINAL block's time is past its deadline (every block that could hold it is indexed
 *   and final, and none did) — and stays expired when a later voucher re-uses its nonce;
 * - signed: open, still sendable.
 */
export function judgeVoucher(
  row: VoucherRow,
  indexed: { final: FinalHead | null; withdrawCount: number; withdrawals: readonly IndexedWithdrawal[] },
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
  if (indexed.final !== null && indexed.final.timestamp > row.deadline) return { row, state: 'expired', settledBy };
  return { row, state: 'signed', settledBy };
}

/** One user's vouchers judged, with the ledger snapshot, the final head and the indexed withdrawals of their nonces. */
export type JudgedVouchers = {
  snapshot: LedgerSnapshot;
  final: FinalHead | null;
  withdrawals: IndexedWithdrawal[];
  judged: JudgedVoucher[];
};

/**
 * Judges `rows` (one user's) against the indexed chain: `snapshot` (read now when not given), what of it
 * is final, and the indexed withdrawals of their nonces, read after it — so a withdrawal the snapshot
 * counts is always found (stale figures only ever judge a voucher still open: the safe side).
 */
export async function judgeVouchers(
  ctx: Pick<VaultContext, 'ledger' | 'finality'>,
  user: Address,
  rows: readonly VoucherRow[],
  snapshot?: LedgerSnapshot,
): Promise<JudgedVouchers> {
  const snap = snapshot ?? (await ctx.ledger.snapshot(user));
  const [final, withdrawals] = await Promise.all([
    snap.head === null ? null : ctx.finality.of(snap.head),
    rows.length === 0 ? [] : ctx.ledger.withdrawalsOf(rows.map((r) => ({ user, nonce: r.nonce }))),
  ]);
  const indexed = { final, withdrawCount: snap.withdrawals, withdrawals };
  return { snapshot: snap, final, withdrawals, judged: rows.map((row) => judgeVoucher(row, indexed)) };
}

/**
 * What the user's vouchers hold back of `token`, and what a new voucher of it may be for: released −
 * withdrawn − what the vouchers of OTHER nonces still hold back (signed or cancelled, until their deadlines
 * have passed on final state: their signatures exist). The next nonce's cancelled vouchers share their
 * nonce with the new one, so at most one of them pays: they do not count, unless one of them is larger
 * than that balance (then nothing may be asked until it expires).
 */
export function balanceOf(
  row: LedgerRow | undefined,
  j: Pick<JudgedVouchers, 'snapshot' | 'final' | 'withdrawals' | 'judged'>,
  token: Address,
): { reserved: bigint; available: bigint } {
  const finalTime = j.final?.timestamp ?? 0n;
  const current = BigInt(j.snapshot.withdrawals);
  const rows = j.judged.map((v) => v.row);
  const reserved = voucherReservations(rows, j.withdrawals, finalTime, current).get(token) ?? 0n;
  const balance = (row?.released ?? 0n) - (row?.withdrawn ?? 0n) - reserved;
  const cancelledNow = j.judged
    .filter(
      (v) =>
        v.state === 'cancelled' &&
        v.row.nonce === current &&
        v.row.token === token &&
        v.row.deadline >= finalTime &&
        v.settledBy === null,
    )
    .reduce((top, v) => (v.row.amount > top ? v.row.amount : top), 0n);
  return { reserved, available: balance > 0n && cancelledNow <= balance ? balance : 0n };
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

/** A token amount as the error texts show it ("100,000"). */
const shown = (amount: bigint): string => formatAmount(amount, TOKEN_DECIMALS);

/**
 * `POST /vault/withdrawals`: in ONE store transaction holding the user's lock (shared with other users'
 * requests by the group commit) — refuse when the user has an open voucher; nonce = the user's indexed
 * `Withdrawn` count, refused INDEXER_BEHIND when the chain's nonce differs or, with confirmations, while
 * the user's latest indexed movement is not final; available (`balanceOf`) ≥ amount; the vault's caps (per
 * transaction, its day, the user's day) and the pause read on chain; the vault solvent (its holdings cover
 * what it owes and the unexpired quotes, else VAULT_SHORTFALL and a line in the server log); sign; insert
 * and commit (one round trip). Nothing is written on a refusal.
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
  // The reserve reads the quote store: it is awaited before the store's transaction begins (on PGlite,
  // one connection, a read waits for the open transaction, which would wait for it).
  const reserve = await ctx.reserve();
  // Through the store's group commit: requests of several users arriving together share one
  // transaction (their locks, one INSERT + COMMIT); each is judged here on its own user's rows.
  const voucher = await ctx.store.request(
    me,
    async (rows) => {
      const [snapshot, chain] = await reads;
      const j = await judgeVouchers(ctx, me, rows, snapshot);
      if (j.judged.some((v) => v.state === 'signed')) throw new ApiError('VOUCHER_OPEN');
      const { head } = snapshot;
      if (head === null || j.final === null || chain.nonce !== BigInt(snapshot.withdrawals))
        throw new ApiError('INDEXER_BEHIND');
      // Judged on final state only: with confirmations, the user's latest movement must be final (a reorg
      // cannot take back a deposit, or the withdrawal of the previous nonce, this voucher is checked
      // against). With none, the indexed head is final by definition (a block the indexer is still in the
      // middle of can show a movement past the head row: that is not waited for).
      if (ctx.finality.confirmations > 0 && snapshot.lastBlock !== null && snapshot.lastBlock > j.final.blockNumber)
        throw new ApiError('INDEXER_BEHIND');
      const { available } = balanceOf(
        snapshot.balances.find((b) => b.token === token.address),
        j,
        token.address,
      );
      if (amount > available) throw new ApiError('INSUFFICIENT_BALANCE');
      const info = chain.tokens[0]!;
      if (!info.allowed) throw new ApiError('TOKEN_NOT_SUPPORTED');
      if (amount > info.perTxCap) throw new ApiError('OVER_TX_CAP', { cap: shown(info.perTxCap) });
      const remaining = info.perDayCap > info.paidToday ? info.perDayCap - info.paidToday : 0n;
      if (amount > remaining) throw new ApiError('OVER_DAY_CAP', { remaining: shown(remaining) });
      const mine = info.perUserDayCap > info.userPaidToday ? info.perUserDayCap - info.userPaidToday : 0n;
      if (amount > mine) throw new ApiError('OVER_USER_DAY_CAP', { remaining: shown(mine) });
      if (chain.withdrawalsPaused) throw new ApiError('VAULT_PAUSED');
      // The voucher moves its amount from the liabilities to the open vouchers: it keeps the invariant
      // as it is. When the vault already holds less than it owes and has promised, nothing more is signed.
      const tokenReserve = reserve.tokens.find((t) => t.token === token.address)!;
      if (freeOf(tokenReserve) < 0n)
        refuseForSolvency(ctx, new ApiError('VAULT_SHORTFALL'), {
          kind: 'voucher',
          user: me,
          amount,
          reserve: tokenReserve,
          head: reserve.head,
        });

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
    },
    ctx.finality.watermark(),
  );
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
  const { judged } = await judgeVouchers(ctx, me, page);
  const last = page.at(-1);
  return {
    withdrawals: judged.map(withdrawalJson),
    nextBefore: rows.length > limit && last !== undefined ? last.id.toString() : null,
  };
}

/**
 * `POST /vault/withdrawals/:id/cancel` (the web calls it when the wallet refuses): only the user's
 * own voucher that is still open; VOUCHER_NOT_FOUND otherwise. The signature exists, so the voucher keeps
 * holding its amount until its deadline has passed on final state; a later voucher of the same nonce may
 * be asked at once (at most one of them can pay), one of a later nonce only for what is left beside it.
 */
export async function cancelWithdrawal(ctx: VaultContext, user: Address, id: bigint): Promise<WithdrawalJson> {
  const me = user.toLowerCase() as Address;
  return ctx.store.withUserLock(me, async (tx, signed) => {
    const target = signed.find((r) => r.id === id);
    if (target === undefined) throw new ApiError('VOUCHER_NOT_FOUND');
    const { judged } = await judgeVouchers(ctx, me, [target]);
    if (judged[0]!.state !== 'signed') throw new ApiError('VOUCHER_NOT_FOUND');
    const cancelled = await tx.cancel(me, id, ctx.now());
    if (cancelled === null) throw new ApiError('VOUCHER_NOT_FOUND');
    return withdrawalJson({ row: cancelled, state: 'cancelled', settledBy: null });
  });
}

const maxOf = (a: bigint, b: bigint): bigint => (a > b ? a : b);
