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
import type { IndexedHead, IndexedWithdrawal, LedgerView } from './ledgerView.ts';

/** A voucher with its state as of the indexed head. */
export type JudgedVoucher = { row: VoucherRow; state: WithdrawalState; settledBy: IndexedWithdrawal | null };

/**
 * The state of a stored voucher, from the indexed chain only (never the wall clock):
 * - settled: an indexed `Withdrawn` carries its user, token, amount, nonce and deadline
 *   (whatever the store says: a cancelled voucher that was sent anyway is settled);
 * - cancelled: cancelled by the user, or superseded (its nonce is below the user's indexed
 *   withdraw count without it having paid: it can never execute);
 * - expired: the latest indexed block's time is past its deadline (every block that could hold it
 *   is indexed, and none did);
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
  if (row.state === 'cancelled' || row.nonce < BigInt(indexed.withdrawCount))
    return { row, state: 'cancelled', settledBy };
  if (indexed.head !== null && indexed.head.timestamp > row.deadline) return { row, state: 'expired', settledBy };
  return { row, state: 'signed', settledBy };
}

/** Judges `rows` (one user's) against what is indexed now. */
export async function judgeVouchers(
  ledger: LedgerView,
  user: Address,
  rows: readonly VoucherRow[],
): Promise<{ head: IndexedHead | null; withdrawCount: number; judged: JudgedVoucher[] }> {
  const [head, counts, withdrawals] = await Promise.all([
    ledger.head(),
    ledger.counts(user),
    rows.length === 0 ? Promise.resolve([]) : ledger.withdrawalsOf(rows.map((r) => ({ user, nonce: r.nonce }))),
  ]);
  const withdrawCount = counts.withdrawals;
  return { head, withdrawCount, judged: rows.map((row) => judgeVoucher(row, { head, withdrawCount, withdrawals })) };
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
 * `POST /vault/withdrawals`: in ONE store transaction holding the user's lock — refuse when the
 * user has an open voucher; nonce = the user's indexed `Withdrawn` count, refused INDEXER_BEHIND
 * when the chain's nonce differs; available = released − withdrawn − reserved ≥ amount; the
 * vault's caps and pause read on chain; sign; insert; commit. Nothing is written on a refusal.
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
  const voucher = await ctx.store.withUserLock(me, async (tx) => {
    const [signed, balances, chain] = await Promise.all([
      tx.signedOf(me),
      ctx.ledger.balances(me),
      ctx.chain.read(me, 'Withdraw', [token.address]),
    ]);
    const { head, withdrawCount, judged } = await judgeVouchers(ctx.ledger, me, signed);
    if (judged.some((v) => v.state === 'signed')) throw new ApiError('VOUCHER_OPEN');
    if (head === null || chain.nonce !== BigInt(withdrawCount)) throw new ApiError('INDEXER_BEHIND');
    const row = balances.find((b) => b.token === token.address);
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
    const inserted = await tx.insert({
      user: me,
      token: token.address,
      amount,
      nonce,
      deadline,
      signedAt,
      r: signature.r,
      s: signature.s,
      v: signature.v,
    });
    ctx.faults?.beforeCommit?.();
    return inserted;
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
  return ctx.store.withUserLock(me, async (tx) => {
    const signed = await tx.signedOf(me);
    const target = signed.find((r) => r.id === id);
    if (target === undefined) throw new ApiError('VOUCHER_NOT_FOUND');
    const { judged } = await judgeVouchers(ctx.ledger, me, [target]);
    if (judged[0]!.state !== 'signed') throw new ApiError('VOUCHER_NOT_FOUND');
    const cancelled = await tx.cancel(me, id, ctx.now());
    if (cancelled === null) throw new ApiError('VOUCHER_NOT_FOUND');
    return withdrawalJson({ row: cancelled, state: 'cancelled', settledBy: null });
  });
}

const maxOf = (a: bigint, b: bigint): bigint => (a > b ? a : b);
