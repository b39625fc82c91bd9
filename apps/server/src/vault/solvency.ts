/**
 * Solvency: what the vault holds of a token against what it owes and what the server has promised
 * (security review M-1 and issue 18 §2; docs/decisions/vouchers.md, "Solvency"). Per token T, as of ONE
 * indexed block N (the head the ledger figures are at):
 *   - holdings H: the vault's `balanceOf(T)` at block N, read on chain when asked (never cached). Read at N,
 *     not at the latest block, so that it and the ledger see the same deposits: a deposit mined but not yet
 *     indexed would otherwise count as free;
 *   - owed: Σ over users of max(credited − withdrawn, 0) at N, plus the principal and interest of every
 *     active fixed-term order (paid in at once, credited at maturity: owed all along, never free reserve)
 *     — everything the ledger owes (a user paid beyond its credit, by a signer bug or a stolen key, is the
 *     vault's loss, not less owed to others);
 *   - open vouchers V: for every user and withdrawal nonce, the most a signed voucher of that nonce that can
 *     still pay (signed or cancelled: its signature exists; until its deadline has passed on final state)
 *     would pay beyond what the nonce's indexed withdrawal already took (one nonce pays once, so the largest
 *     counts, not the sum);
 *   - liabilities L = owed − V: what the ledger owes that no open voucher holds (so nothing counts twice);
 *   - unexpired quotes Q: for every (user, exchange nonce), the largest `amountOut` of T among the signed
 *     quotes whose deadline has not passed on final state and whose nonce is not used on final state;
 *   - free reserve = H − L − V − Q = H − owed − Q (negative: a shortfall).
 * The invariant: at every moment H ≥ L + V + Q. A voucher moves its amount from L to V (the sum does not
 * change); a quote adds to Q; both are refused when the invariant would not hold after them.
 */
import type { Address } from 'viem';
import { unavailableService } from '../http/unavailable.ts';
import { ApiError } from '../http/errors.ts';
import type { QuoteRow } from '../store/quoteStore.ts';
import type { VoucherRow } from '../store/voucherStore.ts';
import type { VaultContext } from './context.ts';
import type { FinalHead } from './finality.ts';
import type { IndexedExchange, IndexedHead, IndexedWithdrawal } from './ledgerView.ts';

const add = (map: Map<Address, bigint>, key: Address, amount: bigint) => {
  if (amount !== 0n) map.set(key, (map.get(key) ?? 0n) + amount);
};

const paidBy = (row: VoucherRow, w: IndexedWithdrawal) =>
  w.user === row.user &&
  w.token === row.token &&
  w.amount === row.amount &&
  w.nonce === row.nonce &&
  w.deadline === row.deadline;

/**
 * What one user's vouchers hold back per token beyond what the ledger already counts as withdrawn. For
 * each nonce: its vouchers that can still pay (deadline ≥ `finalTime`, not the one that paid; cancelled
 * ones too) and its indexed withdrawal, if any — at most one of them pays, so the nonce holds back its
 * largest amount of the token less what its withdrawal already took of it. With `current` (the user's next
 * nonce), that nonce's CANCELLED vouchers are left out: the voucher being asked takes their nonce, so it
 * and they never both pay (the request compares the larger of the two with the balance).
 * `withdrawals` are the user's indexed withdrawals of (at least) those nonces.
 */
export function voucherReservations(
  rows: readonly VoucherRow[],
  withdrawals: readonly IndexedWithdrawal[],
  finalTime: bigint,
  current?: bigint,
): Map<Address, bigint> {
  const byNonce = new Map<bigint, VoucherRow[]>();
  for (const row of rows) {
    if (row.deadline < finalTime || withdrawals.some((w) => paidBy(row, w))) continue;
    if (current !== undefined && row.nonce === current && row.state === 'cancelled') continue;
    byNonce.set(row.nonce, [...(byNonce.get(row.nonce) ?? []), row]);
  }
  const reserved = new Map<Address, bigint>();
  for (const [nonce, live] of byNonce) {
    const paid = withdrawals.find((w) => w.user === live[0]!.user && w.nonce === nonce);
    const largest = new Map<Address, bigint>();
    for (const row of live) if (row.amount > (largest.get(row.token) ?? 0n)) largest.set(row.token, row.amount);
    for (const [token, top] of largest) {
      const taken = paid?.token === token ? paid.amount : 0n;
      if (top > taken) add(reserved, token, top - taken);
    }
  }
  return reserved;
}

/**
 * What the quotes hold back per output token: for every (user, nonce), the largest `amountOut` per token
 * among the quotes that can still execute — deadline ≥ the final time and the nonce not used by an
 * exchange indexed in a final block (one nonce executes once).
 */
export function quoteReservations(
  quotes: readonly QuoteRow[],
  exchanges: readonly IndexedExchange[],
  final: FinalHead,
): Map<Address, bigint> {
  const largest = new Map<string, { token: Address; amount: bigint }>();
  for (const q of quotes) {
    if (q.deadline < final.timestamp) continue;
    if (exchanges.some((e) => e.user === q.user && e.nonce === q.nonce && e.blockNumber <= final.blockNumber)) continue;
    const key = `${q.user}:${q.nonce}:${q.tokenOut}`;
    const kept = largest.get(key);
    if (kept === undefined || q.amountOut > kept.amount) largest.set(key, { token: q.tokenOut, amount: q.amountOut });
  }
  const reserved = new Map<Address, bigint>();
  for (const { token, amount } of largest.values()) add(reserved, token, amount);
  return reserved;
}

/** The quotes' reservations per token from the store (`quotes`: the live ones), with their nonces checked. */
export async function reservedByQuotes(
  ctx: Pick<VaultContext, 'ledger'>,
  quotes: readonly QuoteRow[],
  final: FinalHead,
): Promise<Map<Address, bigint>> {
  const exchanges = await ctx.ledger.exchangesOf(quotes.map((q) => ({ user: q.user, nonce: q.nonce })));
  return quoteReservations(quotes, exchanges, final);
}

/** Every user's open vouchers per token (V), from the store and the indexed withdrawals of their nonces. */
export async function reservedByVouchers(
  ctx: Pick<VaultContext, 'ledger' | 'store'>,
  final: FinalHead,
): Promise<Map<Address, bigint>> {
  const rows = await ctx.store.liveSince(final.timestamp);
  const withdrawals = await ctx.ledger.withdrawalsOf(rows.map((r) => ({ user: r.user, nonce: r.nonce })));
  const byUser = new Map<Address, VoucherRow[]>();
  for (const r of rows) byUser.set(r.user, [...(byUser.get(r.user) ?? []), r]);
  const total = new Map<Address, bigint>();
  for (const [user, list] of byUser) {
    const own = withdrawals.filter((w) => w.user === user);
    for (const [token, amount] of voucherReservations(list, own, final.timestamp)) add(total, token, amount);
  }
  return total;
}

/** One token's figures (see the header). */
export type TokenReserve = {
  token: Address;
  holdings: bigint;
  owed: bigint;
  unexpiredQuotes: bigint;
};

/** The free reserve: holdings − owed − unexpired quotes (negative: a shortfall). */
export const freeOf = (r: TokenReserve): bigint => r.holdings - r.owed - r.unexpiredQuotes;

/** The reserve of some tokens as of one indexed block: its head, what of it is final, the figures. */
export type Reserve = { head: IndexedHead; final: FinalHead; tokens: TokenReserve[] };

/**
 * Holdings, owed and unexpired quotes of `tokens` as of ONE indexed block (the head and the owed amounts
 * in one statement, the holdings at that block — named by its hash — in one multicall). INDEXER_BEHIND
 * before the first block is indexed, or when the chain no longer has the indexed head on its canonical
 * branch (a reorg the indexer has not caught up: the block now at that height is another block, and its
 * holdings against the replaced block's ledger would count a withdrawal the reorg took back as still in
 * the vault and already paid — second review, S-1).
 */
export async function readReserve(
  ctx: Pick<VaultContext, 'ledger' | 'chain' | 'quotes' | 'finality'>,
  tokens: readonly Address[],
): Promise<Reserve> {
  const snapshot = await ctx.ledger.vaultSnapshot();
  const head = snapshot.head;
  if (head === null) throw new ApiError('INDEXER_BEHIND');
  const final = await ctx.finality.of(head);
  const [holdings, quotes] = await Promise.all([
    ctx.chain.holdingsAt(head.hash, tokens).catch((error: unknown) => {
      // The RPC out of reach says so (503 CHAIN_UNAVAILABLE, retry); any other failure of a read named by
      // the head's hash means the chain no longer has that block.
      if (unavailableService(error) !== null) throw error;
      throw new ApiError('INDEXER_BEHIND');
    }),
    ctx.quotes.liveSince(final.timestamp).then((rows) => reservedByQuotes(ctx, rows, final)),
  ]);
  return {
    head,
    final,
    tokens: tokens.map((token, i) => ({
      token,
      holdings: holdings[i]!,
      owed: snapshot.owed.get(token) ?? 0n,
      unexpiredQuotes: quotes.get(token) ?? 0n,
    })),
  };
}

/**
 * Shares one run of `read` among the calls of a window: the first call opens it (`waitMs` long), the
 * calls inside it get the same answer, a call after it was sent starts a new one. So an answer is never
 * older than the call that gets it.
 */
export function sharedWindow<T>(read: () => Promise<T>, waitMs: number): () => Promise<T> {
  let open: Promise<T> | null = null;
  return () => {
    if (open === null) {
      const run = new Promise<void>((res) => setTimeout(res, waitMs)).then(() => {
        if (open === run) open = null;
        return read();
      });
      open = run;
    }
    return open;
  };
}

/** A solvency refusal: one line in the server log with the figures, then the refusal itself. */
export function refuseForSolvency(
  ctx: Pick<VaultContext, 'log'>,
  refusal: ApiError,
  what: { kind: 'voucher' | 'quote'; user: Address; amount: bigint; reserve: TokenReserve; head: IndexedHead },
): never {
  const r = what.reserve;
  ctx.log({
    level: 'warn',
    msg: 'solvency: refused',
    code: refusal.code,
    kind: what.kind,
    user: what.user,
    token: r.token,
    amount: what.amount.toString(),
    holdings: r.holdings.toString(),
    owed: r.owed.toString(),
    unexpiredQuotes: r.unexpiredQuotes.toString(),
    free: freeOf(r).toString(),
    block: what.head.blockNumber.toString(),
  });
  throw refusal;
}

/** One token's figures for the data index (`GET /vault/stats`). */
export type TokenSolvency = TokenReserve & {
  openVouchers: bigint;
  /** owed − open vouchers. */
  liabilities: bigint;
  free: bigint;
  /** The token's exchange budget on chain (latest block). */
  exchangeBudget: bigint;
};

/** Every vault token's solvency figures as of one indexed block. */
export async function readSolvency(
  ctx: Pick<VaultContext, 'reserve' | 'ledger' | 'store' | 'chain' | 'tokens'>,
): Promise<{ head: IndexedHead; tokens: TokenSolvency[] }> {
  const reserve = await ctx.reserve();
  const [vouchers, chain] = await Promise.all([
    reservedByVouchers(ctx, reserve.final),
    ctx.chain.read(
      null,
      'Withdraw',
      reserve.tokens.map((t) => t.token),
    ),
  ]);
  return {
    head: reserve.head,
    tokens: reserve.tokens.map((t, i) => {
      const openVouchers = vouchers.get(t.token) ?? 0n;
      return {
        ...t,
        openVouchers,
        liabilities: t.owed > openVouchers ? t.owed - openVouchers : 0n,
        free: freeOf(t),
        exchangeBudget: chain.tokens[i]!.exchangeBudget,
      };
    }),
  };
}
