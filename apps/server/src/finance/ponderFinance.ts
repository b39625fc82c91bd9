/**
 * The FinanceView over Ponder's tables (ponder.schema.ts: finance_order, regular_order,
 * finance_round), through Ponder's read-only API database or the PostgreSQL reader's Drizzle
 * (reader/indexerDb.ts).
 */
import { REGISTRATION_TYPES } from '@eterno/protocol/financeApi';
import { and, asc, count, desc, eq, gt, inArray, lt, lte, min, ne, sum } from 'ponder';
import type { Address } from 'viem';
import { financeOrder, financeRound, regularOrder } from '../../ponder.schema.ts';
import { known, type ApiDb } from '../api/routes/page.ts';
import type { FinanceView, IndexedOrder, IndexedOrderStatus, IndexedRegularOrder } from './financeView.ts';
import { gainsOf, type DayPrices } from './orderGains.ts';

const ORDER_STATUSES: readonly IndexedOrderStatus[] = ['waiting', 'in_progress', 'finished'];
const REGULAR_STATES = ['active', 'matured'] as const;

type OrderRow = typeof financeOrder.$inferSelect;
type RegularRow = typeof regularOrder.$inferSelect;

function toOrder(r: OrderRow, prices: DayPrices): IndexedOrder {
  return {
    ...gainsOf(r, prices),
    seq: r.seq,
    user: r.user,
    packageId: r.packageId,
    units: r.units,
    registrationType: known(REGISTRATION_TYPES, r.registrationType, 'finance_order.registration_type'),
    payment: r.payment,
    multiple01Bps: r.multiple01Bps,
    multiple02Bps: r.multiple02Bps,
    allocation01Bps: r.allocation01Bps,
    rewardLimit: r.rewardLimit,
    status: known(ORDER_STATUSES, r.status, 'finance_order.status'),
    nonce: r.nonce,
    createdAt: r.createdAt,
    allottedAt: r.allottedAt,
    finishedAt: r.finishedAt,
    txHash: r.txHash,
  };
}

function toRegular(r: RegularRow): IndexedRegularOrder {
  return {
    seq: r.seq,
    user: r.user,
    productId: r.productId,
    days: r.days,
    dailyRateBps: r.dailyRateBps,
    principal: r.principal,
    interest: r.interest,
    state: known(REGULAR_STATES, r.state, 'regular_order.state'),
    nonce: r.nonce,
    startAt: r.startAt,
    maturesAt: r.maturesAt,
    txHash: r.txHash,
  };
}

export function ponderFinance(db: ApiDb): FinanceView {
  /** The orders with their gained figures: the in-progress ones' derived from the settled days since their allotment. */
  async function withGains(rows: OrderRow[]): Promise<IndexedOrder[]> {
    const allotted = rows.flatMap((r) => (r.status === 'in_progress' && r.allottedAt !== null ? [r.allottedAt] : []));
    const since = allotted.reduce<bigint | null>((m, a) => (m === null || a < m ? a : m), null);
    const prices: DayPrices =
      since === null
        ? new Map()
        : new Map(
            (
              await db
                .select({ day: financeRound.settlesAt, price: financeRound.etroPrice })
                .from(financeRound)
                .where(gt(financeRound.settlesAt, since))
            ).map((r) => [r.day, r.price]),
          );
    return rows.map((r) => toOrder(r, prices));
  }

  return {
    async ordersOf(user, { filter, limit, before }) {
      const rows = await db
        .select()
        .from(financeOrder)
        .where(
          and(
            eq(financeOrder.user, user),
            filter === 'all'
              ? undefined
              : filter === 'past'
                ? eq(financeOrder.status, 'finished')
                : ne(financeOrder.status, 'finished'),
            before === undefined ? undefined : lt(financeOrder.seq, before),
          ),
        )
        .orderBy(desc(financeOrder.seq))
        .limit(limit);
      return withGains(rows);
    },

    async regularOrdersOf(user, { limit, before }) {
      const rows = await db
        .select()
        .from(regularOrder)
        .where(and(eq(regularOrder.user, user), before === undefined ? undefined : lt(regularOrder.seq, before)))
        .orderBy(desc(regularOrder.seq))
        .limit(limit);
      return rows.map(toRegular);
    },

    async packageOrderCounts(user) {
      const rows = await db
        .select({ packageId: financeOrder.packageId, n: count() })
        .from(financeOrder)
        .where(and(eq(financeOrder.user, user), ne(financeOrder.registrationType, 'loop')))
        .groupBy(financeOrder.packageId);
      return new Map(rows.map((r) => [r.packageId, Number(r.n)]));
    },

    async paidNonces(user, nonces) {
      if (nonces.length === 0) return new Set();
      const wanted = [...new Set(nonces)];
      const [orders, regular] = await Promise.all([
        db
          .select({ nonce: financeOrder.nonce })
          .from(financeOrder)
          .where(and(eq(financeOrder.user, user), inArray(financeOrder.nonce, wanted))),
        db
          .select({ nonce: regularOrder.nonce })
          .from(regularOrder)
          .where(and(eq(regularOrder.user, user), inArray(regularOrder.nonce, wanted))),
      ]);
      return new Set([...orders, ...regular].map((r) => r.nonce));
    },

    async currentOrdersOf(user) {
      const rows = await db
        .select()
        .from(financeOrder)
        .where(and(eq(financeOrder.user, user), ne(financeOrder.status, 'finished')))
        .orderBy(asc(financeOrder.seq));
      return withGains(rows);
    },

    async queuePlaces(seqs) {
      const places = await Promise.all(
        seqs.map(async (seq) => {
          const [row] = await db
            .select({ n: count() })
            .from(financeOrder)
            .where(and(eq(financeOrder.status, 'waiting'), lte(financeOrder.seq, seq)));
          return [seq, Number(row?.n ?? 0)] as const;
        }),
      );
      return new Map(places);
    },

    async queueStats() {
      const [row] = await db
        .select({ n: count(), amount: sum(financeOrder.payment), least: min(financeOrder.payment) })
        .from(financeOrder)
        .where(eq(financeOrder.status, 'waiting'));
      return {
        length: Number(row?.n ?? 0),
        amount: BigInt(row?.amount ?? 0),
        minPayment: row?.least ?? 0n,
      };
    },

    async queueHead(limit) {
      const rows = await db
        .select({ seq: financeOrder.seq, user: financeOrder.user, payment: financeOrder.payment })
        .from(financeOrder)
        .where(eq(financeOrder.status, 'waiting'))
        .orderBy(asc(financeOrder.seq))
        .limit(limit);
      return rows.map((r) => ({ seq: r.seq, user: r.user as Address, payment: r.payment }));
    },

    async myQueue(user) {
      const [mine] = await db
        .select({ first: min(financeOrder.seq), waiting: sum(financeOrder.payment) })
        .from(financeOrder)
        .where(and(eq(financeOrder.user, user), eq(financeOrder.status, 'waiting')));
      const first = mine?.first ?? null;
      if (first === null) return { place: null, waiting: 0n };
      const [row] = await db
        .select({ n: count() })
        .from(financeOrder)
        .where(and(eq(financeOrder.status, 'waiting'), lte(financeOrder.seq, first)));
      return { place: Number(row?.n ?? 0), waiting: BigInt(mine?.waiting ?? 0) };
    },

    async lastRound() {
      const [row] = await db.select().from(financeRound).orderBy(desc(financeRound.settlesAt)).limit(1);
      return row === undefined
        ? null
        : {
            settlesAt: row.settlesAt,
            quota: row.quota,
            allotted: row.allotted,
            queueLength: row.queueLength,
            queueAmount: row.queueAmount,
          };
    },
  };
}
