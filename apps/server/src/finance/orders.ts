/**
 * `GET /finance/orders` and `GET /finance/regular-orders`: the user's indexed orders, newest first
 * (by the global order number), with the unpaid authorisations of the server's store leading the
 * first page (they are the newest actions; at most a few live at once, not counted in `limit`).
 * An unpaid order leaves the list when its order is indexed (shown as that order) or when it can
 * no longer pay (expired by indexed time, or its nonce used): ./unpaid.ts.
 */
import type {
  FinanceOrderJson,
  FinanceOrdersPageJson,
  RegularOrderJson,
  RegularOrdersPageJson,
} from '@eterno/protocol/financeApi';
import { regularInterest, regularMaturity, registrationTypeOfCode, rewardLimit } from '@eterno/protocol/finance/rules';
import type { Address } from 'viem';
import type { PurchaseRow } from '../store/purchaseStore.ts';
import type { FinanceContext } from './context.ts';
import type { IndexedOrder, IndexedRegularOrder, OrderFilter } from './financeView.ts';
import { findPackage, findRegular, settingsAt } from './settings.ts';
import { unpaidOf } from './unpaid.ts';

const text = (v: bigint | null): string | null => (v === null ? null : v.toString());

export function orderJson(o: IndexedOrder, queuePosition: number | null): FinanceOrderJson {
  return {
    id: o.seq.toString(),
    packageId: o.packageId,
    units: o.units,
    registrationType: o.registrationType,
    payment: o.payment.toString(),
    multiple01Bps: o.multiple01Bps,
    multiple02Bps: o.multiple02Bps,
    allocation01Bps: o.allocation01Bps,
    rewardLimit: o.rewardLimit.toString(),
    gained: o.gained.toString(),
    gainedUsdt: o.gainedUsdt.toString(),
    gainedEtro: o.gainedEtro.toString(),
    status: o.status,
    queuePosition: o.status === 'waiting' ? queuePosition : null,
    createdAt: o.createdAt.toString(),
    allottedAt: text(o.allottedAt),
    finishedAt: text(o.finishedAt),
    deadline: null,
    txHash: o.txHash,
  };
}

/** An unpaid package authorisation as an order (the terms of the settings it was signed under); null if none. */
export function unpaidOrderJson(ctx: Pick<FinanceContext, 'settings'>, row: PurchaseRow): FinanceOrderJson | null {
  const version = settingsAt(ctx.settings, row.signedAt);
  const pkg = findPackage(version, row.productId);
  const type = registrationTypeOfCode(row.custom1);
  if (row.kind !== 'package' || pkg === undefined || type === null) return null;
  return {
    id: `u${row.id}`,
    packageId: pkg.id,
    units: pkg.units,
    registrationType: type,
    payment: row.amount.toString(),
    multiple01Bps: pkg.multiple01Bps,
    multiple02Bps: pkg.multiple02Bps,
    allocation01Bps: pkg.allocation01Bps,
    rewardLimit: rewardLimit(row.amount, pkg).toString(),
    gained: '0',
    gainedUsdt: '0',
    gainedEtro: '0',
    status: 'unpaid',
    queuePosition: null,
    createdAt: row.signedAt.toString(),
    allottedAt: null,
    finishedAt: null,
    deadline: row.deadline.toString(),
    txHash: null,
  };
}

export function regularOrderJson(o: IndexedRegularOrder): RegularOrderJson {
  return {
    id: o.seq.toString(),
    productId: o.productId,
    days: o.days,
    dailyRateBps: o.dailyRateBps,
    principal: o.principal.toString(),
    interest: o.interest.toString(),
    state: o.state,
    startAt: o.startAt.toString(),
    maturesAt: o.maturesAt.toString(),
    deadline: null,
    txHash: o.txHash,
  };
}

/** An unpaid fixed-term authorisation: the interest and maturity it would have if paid at its signing. */
export function unpaidRegularJson(ctx: Pick<FinanceContext, 'settings'>, row: PurchaseRow): RegularOrderJson | null {
  const product = findRegular(settingsAt(ctx.settings, row.signedAt), row.productId);
  if (row.kind !== 'regular' || product === undefined) return null;
  return {
    id: `u${row.id}`,
    productId: product.id,
    days: product.days,
    dailyRateBps: product.dailyRateBps,
    principal: row.amount.toString(),
    interest: regularInterest(row.amount, product.dailyRateBps, product.days).toString(),
    state: 'unpaid',
    startAt: row.signedAt.toString(),
    maturesAt: regularMaturity(row.signedAt, product.days).toString(),
    deadline: row.deadline.toString(),
    txHash: null,
  };
}

export type OrdersQuery = { filter: OrderFilter; limit: number; before?: bigint };

export async function listOrders(
  ctx: FinanceContext,
  user: Address,
  query: OrdersQuery,
): Promise<FinanceOrdersPageJson> {
  const me = user.toLowerCase() as Address;
  const withUnpaid = query.before === undefined && query.filter !== 'past';
  const unpaid = withUnpaid ? (await unpaidOf(ctx, me)).unpaid : [];
  const rows = await ctx.view.ordersOf(me, { ...query, limit: query.limit + 1 });
  const page = rows.slice(0, query.limit);
  const places = await ctx.view.queuePlaces(page.filter((o) => o.status === 'waiting').map((o) => o.seq));
  const last = page.at(-1);
  return {
    orders: [
      ...unpaid.flatMap((r) => unpaidOrderJson(ctx, r) ?? []),
      ...page.map((o) => orderJson(o, places.get(o.seq) ?? null)),
    ],
    nextBefore: rows.length > query.limit && last !== undefined ? last.seq.toString() : null,
  };
}

export async function listRegularOrders(
  ctx: FinanceContext,
  user: Address,
  query: { limit: number; before?: bigint },
): Promise<RegularOrdersPageJson> {
  const me = user.toLowerCase() as Address;
  const unpaid = query.before === undefined ? (await unpaidOf(ctx, me)).unpaid : [];
  const rows = await ctx.view.regularOrdersOf(me, { ...query, limit: query.limit + 1 });
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    orders: [...unpaid.flatMap((r) => unpaidRegularJson(ctx, r) ?? []), ...page.map(regularOrderJson)],
    nextBefore: rows.length > query.limit && last !== undefined ? last.seq.toString() : null,
  };
}
