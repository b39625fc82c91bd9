/**
 * Unpaid orders: the purchase authorisations still payable, judged from the indexed chain only
 * (never the wall clock). An authorisation is
 * - paid when an indexed order or fixed-term order of its user carries its DiveIn nonce (the
 *   indexed order is shown instead);
 * - dead when the user's indexed DiveIn count is past its nonce and no order carries it (another
 *   deposit used the nonce: it can never pay), or when the latest indexed block's time is past its
 *   deadline (expired: shown as nothing, no money moved);
 * - else unpaid (open).
 * Rules: docs/decisions/finance.md.
 */
import type { Address } from 'viem';
import type { PurchaseRow } from '../store/purchaseStore.ts';
import type { LedgerSnapshot } from '../vault/ledgerView.ts';
import type { FinanceContext } from './context.ts';

export type IndexedDiveIns = {
  /** The latest indexed block's time (null before the first block). */
  headTime: bigint | null;
  /** The user's indexed DivedIn count: the next DiveIn nonce as far as the indexer knows. */
  deposits: number;
  /** The nonces among the rows' that paid an indexed order. */
  paid: ReadonlySet<bigint>;
};

export function isUnpaid(row: PurchaseRow, indexed: IndexedDiveIns): boolean {
  if (indexed.paid.has(row.nonce)) return false;
  if (row.nonce < BigInt(indexed.deposits)) return false;
  return indexed.headTime === null || row.deadline >= indexed.headTime;
}

/**
 * The user's unpaid authorisations, newest first. `snapshot` (read now when absent) is read
 * BEFORE the paid nonces, so an order indexed in between is found paid, never listed twice.
 */
export async function unpaidOf(
  ctx: Pick<FinanceContext, 'vault' | 'store' | 'view'>,
  user: Address,
  snapshot?: LedgerSnapshot,
  live?: readonly PurchaseRow[],
): Promise<{ snapshot: LedgerSnapshot; unpaid: PurchaseRow[] }> {
  const snap = snapshot ?? (await ctx.vault.ledger.snapshot(user));
  const rows = live ?? (await ctx.store.liveOf(user, snap.head?.timestamp ?? 0n));
  const candidates = rows.filter((r) => r.nonce >= BigInt(snap.deposits));
  const paid =
    candidates.length === 0
      ? new Set<bigint>()
      : await ctx.view.paidNonces(
          user,
          candidates.map((r) => r.nonce),
        );
  const indexed = { headTime: snap.head?.timestamp ?? null, deposits: snap.deposits, paid };
  return { snapshot: snap, unpaid: rows.filter((r) => isUnpaid(r, indexed)) };
}
