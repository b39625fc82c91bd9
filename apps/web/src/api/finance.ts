/**
 * Typed client of the server's finance routes (wire format in `@eterno/protocol/financeApi`):
 * GET /finance/catalogue and GET /finance/rounds (public; the session, when there is one, adds the
 * user's own figures), and with the session's bearer token POST /finance/purchases,
 * POST /finance/regular-purchases, GET /finance/orders, GET /finance/regular-orders and
 * GET /finance/summary. Every field of an answer is checked (`Reader` of ./indexer.ts): amounts,
 * nonces and deadlines as bigint, other unix times as seconds (number), addresses checksummed.
 *
 * Failures throw ApiError with the server's catalogue code (PACKAGE_NOT_FOUND, NOT_REGISTERED,
 * CYCLES_USED_UP, …) and its HTTP status; a session call the server answers 401 clears the session
 * and throws UNAUTHORIZED.
 */
import type { Address, Hash } from 'viem';
import {
  REGISTRATION_TYPES,
  REGULAR_ORDER_STATES,
  type RegistrationType,
  type RegularOrderState,
} from '@eterno/protocol/financeApi';
import { ORDER_STATUSES, type OrderStatus } from '@eterno/protocol/domain';
import { getConfig } from '../config.ts';
import { apiRequest, type ApiDeps } from '../session/api.ts';
import { getSession } from '../session/session.ts';
import { sessionRequest } from '../session/sessionRequest.ts';
import { Reader, type Page, type PageQuery } from './indexer.ts';
import { depositAuthorisation, type DepositAuthorisation } from './vault.ts';

export type { OrderStatus, RegistrationType, RegularOrderState };

export interface FinancePackage {
  readonly id: number;
  readonly units: number;
  /** USDT: units × unit price. */
  readonly price: bigint;
  readonly multiple01Bps: number;
  readonly multiple02Bps: number;
  readonly allocation01Bps: number;
  /** Total reward limit (USDT value) of one order of this package. */
  readonly rewardLimit: bigint;
  readonly dailyRateBps: number;
  readonly cyclesMax: number;
  /** The user's cycles left; null without a session. */
  readonly cyclesLeft: number | null;
}

export interface RegularProduct {
  readonly id: number;
  readonly days: number;
  readonly dailyRateBps: number;
  /** USDT, inclusive bounds of one deposit. */
  readonly minAmount: bigint;
  readonly maxAmount: bigint;
}

export interface FinanceCatalogue {
  /** Unix seconds (UTC day start) from which these settings apply. */
  readonly effectiveFrom: number;
  readonly usdt: Address;
  readonly etro: Address;
  readonly unitPrice: bigint;
  readonly packages: readonly FinancePackage[];
  readonly regular: readonly RegularProduct[];
  readonly dailyQuota: bigint;
  /** Seconds a purchase authorisation stays valid. */
  readonly purchaseLifetime: number;
  /** Registered in the referral tree; null without a session. */
  readonly registered: boolean | null;
}

/** A signed `diveInWithToken` authorisation for a package or a fixed-term deposit (an unpaid order until paid). */
export interface PurchaseAuthorisation extends DepositAuthorisation {
  readonly orderId: string;
}

export interface FinanceOrder {
  /** Indexed: the global order number; unpaid: `u<number>`. */
  readonly id: string;
  readonly packageId: number;
  readonly units: number;
  readonly registrationType: RegistrationType;
  readonly payment: bigint;
  readonly multiple01Bps: number;
  readonly multiple02Bps: number;
  readonly allocation01Bps: number;
  readonly rewardLimit: bigint;
  readonly gained: bigint;
  readonly gainedUsdt: bigint;
  readonly gainedEtro: bigint;
  readonly status: OrderStatus;
  /** 1-based place in the allotment queue while waiting, else null. */
  readonly queuePosition: number | null;
  /** Unix seconds: payment (unpaid: the authorisation's signing). */
  readonly createdAt: number;
  readonly allottedAt: number | null;
  readonly finishedAt: number | null;
  /** Unpaid: the authorisation's deadline (unix seconds). */
  readonly deadline: number | null;
  readonly txHash: Hash | null;
}

export interface RegularOrder {
  readonly id: string;
  readonly productId: number;
  readonly days: number;
  readonly dailyRateBps: number;
  readonly principal: bigint;
  readonly interest: bigint;
  readonly state: RegularOrderState;
  readonly startAt: number;
  readonly maturesAt: number;
  readonly deadline: number | null;
  readonly txHash: Hash | null;
}

export interface FinanceRound {
  /** Unix seconds of the settlement (00:00 UTC of block time). */
  readonly settlesAt: number;
  readonly quota: bigint;
  readonly allotted: bigint;
  readonly queueLength: number;
  readonly queueAmount: bigint;
  readonly myPlace: number | null;
  readonly myWaiting: bigint;
}

export interface FinanceRounds {
  /** The last settlement that ran; null before the first. */
  readonly current: FinanceRound | null;
  readonly next: FinanceRound;
  /** Block time of the latest indexed block (unix seconds). */
  readonly now: number;
}

export interface FinanceSummary {
  readonly units: number;
  readonly currentValue: bigint;
  readonly rewardLimit: bigint;
  readonly rewardGained: bigint;
  readonly rewardRemaining: bigint;
  readonly cyclesRemaining: number;
}

export type OrdersView = 'active' | 'past';

function nullableInt(r: Reader, key: string): number | null {
  return r.nullUnless(!r.isNull(key), key, (k) => r.int(k));
}

function nullableSeconds(r: Reader, key: string): number | null {
  return r.nullUnless(!r.isNull(key), key, (k) => r.seconds(k));
}

function nullableHash(r: Reader, key: string): Hash | null {
  return r.nullUnless(!r.isNull(key), key, (k) => r.hash(k));
}

function financePackage(r: Reader): FinancePackage {
  return {
    id: r.int('id'),
    units: r.int('units'),
    price: r.bigint('price'),
    multiple01Bps: r.int('multiple01Bps'),
    multiple02Bps: r.int('multiple02Bps'),
    allocation01Bps: r.int('allocation01Bps'),
    rewardLimit: r.bigint('rewardLimit'),
    dailyRateBps: r.int('dailyRateBps'),
    cyclesMax: r.int('cyclesMax'),
    cyclesLeft: nullableInt(r, 'cyclesLeft'),
  };
}

function regularProduct(r: Reader): RegularProduct {
  return {
    id: r.int('id'),
    days: r.int('days'),
    dailyRateBps: r.int('dailyRateBps'),
    minAmount: r.bigint('minAmount'),
    maxAmount: r.bigint('maxAmount'),
  };
}

function catalogue(r: Reader): FinanceCatalogue {
  return {
    effectiveFrom: r.seconds('effectiveFrom'),
    usdt: r.address('usdt'),
    etro: r.address('etro'),
    unitPrice: r.bigint('unitPrice'),
    packages: r.list('packages').map(financePackage),
    regular: r.list('regular').map(regularProduct),
    dailyQuota: r.bigint('dailyQuota'),
    purchaseLifetime: r.int('purchaseLifetime'),
    registered: r.nullUnless(!r.isNull('registered'), 'registered', (k) => r.bool(k)),
  };
}

function authorisation(r: Reader): PurchaseAuthorisation {
  return { orderId: r.string('orderId'), ...depositAuthorisation(r) };
}

function order(r: Reader): FinanceOrder {
  const status = r.oneOf('status', ORDER_STATUSES);
  return {
    id: r.string('id'),
    packageId: r.int('packageId'),
    units: r.int('units'),
    registrationType: r.oneOf('registrationType', REGISTRATION_TYPES),
    payment: r.bigint('payment'),
    multiple01Bps: r.int('multiple01Bps'),
    multiple02Bps: r.int('multiple02Bps'),
    allocation01Bps: r.int('allocation01Bps'),
    rewardLimit: r.bigint('rewardLimit'),
    gained: r.bigint('gained'),
    gainedUsdt: r.bigint('gainedUsdt'),
    gainedEtro: r.bigint('gainedEtro'),
    status,
    queuePosition: r.nullUnless(status === 'waiting', 'queuePosition', (k) => r.int(k)),
    createdAt: r.seconds('createdAt'),
    allottedAt: nullableSeconds(r, 'allottedAt'),
    finishedAt: nullableSeconds(r, 'finishedAt'),
    deadline: r.nullUnless(status === 'unpaid', 'deadline', (k) => r.seconds(k)),
    txHash: nullableHash(r, 'txHash'),
  };
}

function regularOrder(r: Reader): RegularOrder {
  const state = r.oneOf('state', REGULAR_ORDER_STATES);
  return {
    id: r.string('id'),
    productId: r.int('productId'),
    days: r.int('days'),
    dailyRateBps: r.int('dailyRateBps'),
    principal: r.bigint('principal'),
    interest: r.bigint('interest'),
    state,
    startAt: r.seconds('startAt'),
    maturesAt: r.seconds('maturesAt'),
    deadline: nullableSeconds(r, 'deadline'),
    txHash: nullableHash(r, 'txHash'),
  };
}

function round(r: Reader): FinanceRound {
  return {
    settlesAt: r.seconds('settlesAt'),
    quota: r.bigint('quota'),
    allotted: r.bigint('allotted'),
    queueLength: r.int('queueLength'),
    queueAmount: r.bigint('queueAmount'),
    myPlace: nullableInt(r, 'myPlace'),
    myWaiting: r.bigint('myWaiting'),
  };
}

function apiDeps(deps: Partial<ApiDeps>): ApiDeps {
  return { apiUrl: deps.apiUrl ?? getConfig().apiUrl, ...(deps.fetch ? { fetch: deps.fetch } : {}) };
}

/** A public route: the session's token is sent when there is one (the answer then has the user's figures). */
async function publicRead(path: string, deps: Partial<ApiDeps>): Promise<unknown> {
  if (getSession()) return sessionRequest(deps, { method: 'GET', path });
  return apiRequest<unknown>(apiDeps(deps), { method: 'GET', path });
}

function pagePath(base: string, params: URLSearchParams): string {
  const qs = params.toString();
  return qs ? `${base}?${qs}` : base;
}

/** GET /finance/catalogue: the packages, the fixed-term products and the rules in force. */
export async function fetchCatalogue(deps: Partial<ApiDeps> = {}): Promise<FinanceCatalogue> {
  return catalogue(Reader.of(await publicRead('/finance/catalogue', deps), '/finance/catalogue', 200));
}

/** GET /finance/rounds: the last allotment round and the next. */
export async function fetchRounds(deps: Partial<ApiDeps> = {}): Promise<FinanceRounds> {
  const r = Reader.of(await publicRead('/finance/rounds', deps), '/finance/rounds', 200);
  return {
    current: r.nullUnless(!r.isNull('current'), 'current', (k) => round(r.object(k))),
    next: round(r.object('next')),
    now: r.seconds('now'),
  };
}

/** POST /finance/purchases: the signed authorisation to pay `amount` (the package price) for package `packageId`. */
export async function requestPurchase(
  args: { readonly packageId: number; readonly amount: bigint },
  deps: Partial<ApiDeps> = {},
): Promise<PurchaseAuthorisation> {
  const body = await sessionRequest(deps, {
    method: 'POST',
    path: '/finance/purchases',
    body: { packageId: args.packageId, amount: args.amount.toString() },
  });
  return authorisation(Reader.of(body, '/finance/purchases', 201));
}

/** POST /finance/regular-purchases: the signed authorisation to open a fixed-term deposit of `amount`. */
export async function requestRegularPurchase(
  args: { readonly productId: number; readonly amount: bigint },
  deps: Partial<ApiDeps> = {},
): Promise<PurchaseAuthorisation> {
  const body = await sessionRequest(deps, {
    method: 'POST',
    path: '/finance/regular-purchases',
    body: { productId: args.productId, amount: args.amount.toString() },
  });
  return authorisation(Reader.of(body, '/finance/regular-purchases', 201));
}

/** GET /finance/orders?status=active|past: the user's package orders, newest first. */
export async function fetchOrders(
  query: PageQuery & { readonly view: OrdersView },
  deps: Partial<ApiDeps> = {},
): Promise<Page<FinanceOrder>> {
  const params = new URLSearchParams({ status: query.view });
  if (query.limit !== undefined) params.set('limit', String(query.limit));
  if (query.before !== undefined) params.set('before', query.before);
  const body = await sessionRequest(deps, { method: 'GET', path: pagePath('/finance/orders', params) });
  const r = Reader.of(body, '/finance/orders', 200);
  return { items: r.list('orders').map(order), nextBefore: r.cursor() };
}

/** GET /finance/regular-orders: the user's fixed-term deposits, newest first. */
export async function fetchRegularOrders(
  query: PageQuery = {},
  deps: Partial<ApiDeps> = {},
): Promise<Page<RegularOrder>> {
  const params = new URLSearchParams();
  if (query.limit !== undefined) params.set('limit', String(query.limit));
  if (query.before !== undefined) params.set('before', query.before);
  const body = await sessionRequest(deps, { method: 'GET', path: pagePath('/finance/regular-orders', params) });
  const r = Reader.of(body, '/finance/regular-orders', 200);
  return { items: r.list('orders').map(regularOrder), nextBefore: r.cursor() };
}

/** GET /finance/summary: the package figures of Mine. */
export async function fetchFinanceSummary(deps: Partial<ApiDeps> = {}): Promise<FinanceSummary> {
  const r = Reader.of(await sessionRequest(deps, { method: 'GET', path: '/finance/summary' }), '/finance/summary', 200);
  return {
    units: r.int('units'),
    currentValue: r.bigint('currentValue'),
    rewardLimit: r.bigint('rewardLimit'),
    rewardGained: r.bigint('rewardGained'),
    rewardRemaining: r.bigint('rewardRemaining'),
    cyclesRemaining: r.int('cyclesRemaining'),
  };
}
