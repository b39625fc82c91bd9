/**
 * Who earns day D's settlement (ECONOMY §10), the ONE rule the finance statement and the referral part
 * share: the settlement of day D runs at T = 00:00 UTC of D + 1, and an order counts for it when it was
 * **paid before T** (`created_at < T`). An order paid at T or later — in the block at T or after it, a
 * loop order made by D's own settlement included — belongs to D + 1: it is not allotted at T, and it
 * neither makes its buyer an earner of D's prize pool, binary and matching incomes nor adds its room
 * (`ep`) or its payment (the binary's daily cap) to them.
 *
 * The finance statement (./settlementPlan.ts: the allotment queue; ./settlement.ts: the orders read)
 * asks `paidBefore` / `paidBeforeRow`; the referral part (../referral/settleIncomes.ts: the prize ranking and the binary
 * candidates; ../referral/incomeLedger.ts `readEarners`: the earners' orders) asks `activeOrderOf` /
 * `activeOrderRow`. Nothing else decides it. (The days' settlement also runs before the first purchase
 * of the block at T, ../finance/settleDue.ts, so an order paid at T is not even written when D is
 * settled; this rule still decides the loop orders made at T.)
 */
import { sql } from 'ponder';
import { financeOrder } from '../../ponder.schema.ts';

type Sql = ReturnType<typeof sql>;

/** The statuses of an order that can earn: waiting in the queue or in progress. */
export const EARNING_STATUSES = ['waiting', 'in_progress'] as const;

/** An order counts for the day settled at `T` when it was paid before `T`. */
export const paidBefore = (order: { readonly createdAt: bigint }, T: bigint): boolean => order.createdAt < T;

const statuses = sql.raw(EARNING_STATUSES.map((s) => `'${s}'`).join(', '));
const time = (T: bigint): Sql => sql`${T.toString()}::numeric`;

/** SQL, on a `finance_order` row (unqualified columns): it was paid before `T`. */
export const paidBeforeRow = (T: bigint): Sql => sql`created_at < ${time(T)}`;

/**
 * SQL, on a `finance_order` row (unqualified columns): it can earn, and — when `T` is given (a
 * settlement) — it was paid before `T`. Without `T` (a purchase's incomes, during the day): every
 * waiting or in-progress order.
 */
export function activeOrderRow(T: bigint | null): Sql {
  return T === null ? sql`status IN (${statuses})` : sql`status IN (${statuses}) AND ${paidBeforeRow(T)}`;
}

/** SQL: `user` (a column or value) holds an order that earns for the day settled at `T`. */
export function activeOrderOf(user: Sql, T: bigint): Sql {
  return sql`EXISTS (SELECT 1 FROM ${financeOrder} o WHERE o."user" = ${user} AND o.status IN (${statuses})
    AND o.created_at < ${time(T)})`;
}
