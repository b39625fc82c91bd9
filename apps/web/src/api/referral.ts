/**
 * Typed client of the server's referral routes (wire format in `@eterno/protocol/referralApi`):
 * GET /referral/account/:address, GET /referral/team/:address and GET /referral/settings (public), and with the session's
 * bearer token GET /referral/tree/:address?root=, /referral/direct, /referral/indirect,
 * /referral/income and /referral/binary. Every field of an answer is checked (`Reader` of
 * ./indexer.ts): amounts as bigint, unix times as seconds (number), addresses checksummed.
 *
 * Failures throw ApiError with the server's catalogue code (NOT_REGISTERED, NOT_FOUND, …) and its
 * HTTP status; a session call the server answers 401 clears the session and throws UNAUTHORIZED.
 */
import type { Address } from 'viem';
import {
  DYNAMIC_INCOME_TYPES,
  type DynamicIncomeType,
  type PackagesBoughtJson,
  type ReferralSide,
} from '@eterno/protocol/referralApi';
import { getConfig } from '../config.ts';
import { apiRequest, type ApiDeps } from '../session/api.ts';
import { sessionRequest } from '../session/sessionRequest.ts';
import { Reader, type Page, type PageQuery } from './indexer.ts';

export type { DynamicIncomeType, ReferralSide };

export interface ReferralAccount {
  readonly wallet: Address;
  readonly registered: boolean;
  readonly id: string | null;
  readonly isOriginal: boolean | null;
  readonly serviceLevel: number | null;
  readonly inviterId: string | null;
  readonly inviter: Address | null;
  readonly parent: Address | null;
  readonly side: ReferralSide | null;
  /** Energy value (USDT): what the active orders can still earn; null when not registered. */
  readonly ep: bigint | null;
  readonly registeredAt: number | null;
}

/** The dynamic income rules in force (`GET /referral/settings`); rates in basis points. */
export interface ReferralSettings {
  /** Unix seconds. */
  readonly effectiveFrom: number;
  readonly directBps: number;
  /** Levels 2, 3, … in order. */
  readonly indirectBps: readonly number[];
  readonly binaryBps: number;
  readonly matchingBps: number;
  readonly serviceCenterBps: number;
  readonly prizePoolBps: number;
  readonly prizePoolWinners: number;
  readonly loopBps: number;
  readonly loopPackageId: number;
  readonly releaseDays: number;
}

/** One side (leg) of a node's team figures. */
export interface TeamSide {
  readonly volume: bigint;
  /** The part of `volume` paid on the indexed UTC day. */
  readonly today: bigint;
  readonly members: number;
  /** null: the seat is vacant. */
  readonly child: Address | null;
  /** The outermost vacant seat of the leg. */
  readonly legEnd: Address;
}

export interface TeamFigures {
  readonly id: string;
  readonly ownVolume: bigint;
  readonly left: TeamSide;
  readonly right: TeamSide;
  readonly directCount: number;
  /** Σ the direct invitees' own package payments (recommend volume). */
  readonly directVolume: bigint;
}

export interface Team {
  readonly wallet: Address;
  /** null: the wallet is not registered. */
  readonly team: TeamFigures | null;
  /** 00:00 UTC (unix seconds) of the day `today` counts. */
  readonly day: number;
}

export interface TreeNode {
  readonly wallet: Address;
  readonly id: string;
  /** Levels below the viewer. */
  readonly level: number;
  readonly parent: Address | null;
  readonly side: ReferralSide | null;
  readonly ownVolume: bigint;
  readonly left: TeamSide;
  readonly right: TeamSide;
}

export interface Tree {
  readonly root: Address;
  /** The root's parent inside the viewer's team ("back"), else null. */
  readonly up: Address | null;
  readonly nodes: readonly TreeNode[];
  readonly day: number;
}

export interface TeamMember {
  readonly wallet: Address;
  readonly id: string;
  readonly level: number;
  readonly registeredAt: number;
  readonly ownVolume: bigint;
  /** The packages it bought: the first and how many; null: none yet. */
  readonly packages: PackagesBoughtJson | null;
}

export interface TotalToday {
  readonly total: bigint;
  readonly today: bigint;
}

export interface IncomeSummary {
  readonly ep: bigint;
  readonly byType: Readonly<Record<DynamicIncomeType, TotalToday>>;
  readonly burned: TotalToday;
  readonly loop: { readonly reinvested: bigint; readonly balance: bigint; readonly orders: number };
  readonly release: { readonly unreleased: bigint; readonly released: bigint };
  /** EUSD. */
  readonly pendingPrizePool: bigint;
  readonly day: number;
}

export interface BinaryDay {
  readonly day: number;
  readonly leftNew: bigint;
  readonly rightNew: bigint;
  readonly leftCarryIn: bigint;
  readonly rightCarryIn: bigint;
  readonly matched: bigint;
  readonly income: bigint;
  readonly capped: bigint;
  readonly leftCarryOut: bigint;
  readonly rightCarryOut: bigint;
}

const SIDES: readonly ReferralSide[] = [0, 1];

/** 0 = left, 1 = right; anything else is a malformed answer. */
export function side01(r: Reader, key: string): ReferralSide {
  return r.oneOf(key, SIDES);
}

function nullableAddress(r: Reader, key: string): Address | null {
  return r.nullUnless(!r.isNull(key), key, (k) => r.address(k));
}

function teamSide(r: Reader): TeamSide {
  return {
    volume: r.bigint('volume'),
    today: r.bigint('today'),
    members: r.int('members'),
    child: nullableAddress(r, 'child'),
    legEnd: r.address('legEnd'),
  };
}

function teamFigures(r: Reader): TeamFigures {
  return {
    id: r.string('id'),
    ownVolume: r.bigint('ownVolume'),
    left: teamSide(r.object('left')),
    right: teamSide(r.object('right')),
    directCount: r.int('directCount'),
    directVolume: r.bigint('directVolume'),
  };
}

function treeNode(r: Reader): TreeNode {
  return {
    wallet: r.address('wallet'),
    id: r.string('id'),
    level: r.int('level'),
    parent: nullableAddress(r, 'parent'),
    side: r.nullUnless(!r.isNull('side'), 'side', (k) => side01(r, k)),
    ownVolume: r.bigint('ownVolume'),
    left: teamSide(r.object('left')),
    right: teamSide(r.object('right')),
  };
}

/** The packages an account bought (null: none yet), as the member lists and invitation records carry them. */
export function packagesBought(r: Reader, key: string): PackagesBoughtJson | null {
  return r.nullUnless(!r.isNull(key), key, (k) => {
    const p = r.object(k);
    const first = p.object('first');
    return {
      first: { packageId: first.int('packageId'), units: first.int('units'), payment: String(first.bigint('payment')) },
      count: p.int('count'),
    };
  });
}

function member(r: Reader): TeamMember {
  return {
    wallet: r.address('wallet'),
    id: r.string('id'),
    level: r.int('level'),
    registeredAt: r.seconds('registeredAt'),
    ownVolume: r.bigint('ownVolume'),
    packages: packagesBought(r, 'packages'),
  };
}

function totalToday(r: Reader): TotalToday {
  return { total: r.bigint('total'), today: r.bigint('today') };
}

function binaryDay(r: Reader): BinaryDay {
  return {
    day: r.seconds('day'),
    leftNew: r.bigint('leftNew'),
    rightNew: r.bigint('rightNew'),
    leftCarryIn: r.bigint('leftCarryIn'),
    rightCarryIn: r.bigint('rightCarryIn'),
    matched: r.bigint('matched'),
    income: r.bigint('income'),
    capped: r.bigint('capped'),
    leftCarryOut: r.bigint('leftCarryOut'),
    rightCarryOut: r.bigint('rightCarryOut'),
  };
}

/** `base?limit=&before=` (the set ones only). */
export function pagePath(base: string, query: PageQuery): string {
  const params = new URLSearchParams();
  if (query.limit !== undefined) params.set('limit', String(query.limit));
  if (query.before !== undefined) params.set('before', query.before);
  const qs = params.toString();
  return qs ? `${base}?${qs}` : base;
}

/** GET `path` without a session. */
export async function publicGet(path: string, deps: Partial<ApiDeps>): Promise<unknown> {
  return apiRequest<unknown>(
    { apiUrl: deps.apiUrl ?? getConfig().apiUrl, ...(deps.fetch ? { fetch: deps.fetch } : {}) },
    { method: 'GET', path },
  );
}

async function sessionGet(path: string, deps: Partial<ApiDeps>): Promise<Reader> {
  return Reader.of(await sessionRequest(deps, { method: 'GET', path }), path.split('?')[0]!, 200);
}

/** GET /referral/account/:address: the account info (null fields when not registered). */
export async function fetchReferralAccount(wallet: Address, deps: Partial<ApiDeps> = {}): Promise<ReferralAccount> {
  const path = `/referral/account/${wallet}`;
  const r = Reader.of(await publicGet(path, deps), '/referral/account', 200);
  const registered = r.bool('registered');
  const when = <T>(key: string, read: (k: string) => T) => r.nullUnless(registered, key, read);
  return {
    wallet: r.address('wallet'),
    registered,
    id: when('id', (k) => r.string(k)),
    isOriginal: when('isOriginal', (k) => r.bool(k)),
    serviceLevel: when('serviceLevel', (k) => r.int(k)),
    inviterId: r.nullUnless(!r.isNull('inviterId'), 'inviterId', (k) => r.string(k)),
    inviter: nullableAddress(r, 'inviter'),
    parent: nullableAddress(r, 'parent'),
    side: r.nullUnless(!r.isNull('side'), 'side', (k) => side01(r, k)),
    ep: r.nullUnless(!r.isNull('ep'), 'ep', (k) => r.bigint(k)),
    registeredAt: when('registeredAt', (k) => r.seconds(k)),
  };
}

/** GET /referral/settings: the dynamic income rules in force, for the help document. */
export async function fetchReferralSettings(deps: Partial<ApiDeps> = {}): Promise<ReferralSettings> {
  const r = Reader.of(await publicGet('/referral/settings', deps), '/referral/settings', 200);
  return {
    effectiveFrom: r.seconds('effectiveFrom'),
    directBps: r.int('directBps'),
    indirectBps: r.intList('indirectBps'),
    binaryBps: r.int('binaryBps'),
    matchingBps: r.int('matchingBps'),
    serviceCenterBps: r.int('serviceCenterBps'),
    prizePoolBps: r.int('prizePoolBps'),
    prizePoolWinners: r.int('prizePoolWinners'),
    loopBps: r.int('loopBps'),
    loopPackageId: r.int('loopPackageId'),
    releaseDays: r.int('releaseDays'),
  };
}

/** GET /referral/team/:address: the node's team figures (null `team`: not registered). */
export async function fetchTeam(wallet: Address, deps: Partial<ApiDeps> = {}): Promise<Team> {
  const r = Reader.of(await publicGet(`/referral/team/${wallet}`, deps), '/referral/team', 200);
  return {
    wallet: r.address('wallet'),
    team: r.nullUnless(!r.isNull('team'), 'team', (k) => teamFigures(r.object(k))),
    day: r.seconds('day'),
  };
}

/** GET /referral/tree/:viewer?root=: `root` (default the viewer) and two levels below it. */
export async function fetchTree(viewer: Address, root: Address | null, deps: Partial<ApiDeps> = {}): Promise<Tree> {
  const path = `/referral/tree/${viewer}${root ? `?root=${root}` : ''}`;
  const r = await sessionGet(path, deps);
  return {
    root: r.address('root'),
    up: nullableAddress(r, 'up'),
    nodes: r.list('nodes').map(treeNode),
    day: r.seconds('day'),
  };
}

/** GET /referral/direct: the session user's direct invitees (level 1), newest first. */
export async function fetchDirect(query: PageQuery = {}, deps: Partial<ApiDeps> = {}): Promise<Page<TeamMember>> {
  const r = await sessionGet(pagePath('/referral/direct', query), deps);
  return { items: r.list('items').map(member), nextBefore: r.cursor() };
}

/** GET /referral/indirect: the session user's indirect invitees (levels 2–10), newest first. */
export async function fetchIndirect(query: PageQuery = {}, deps: Partial<ApiDeps> = {}): Promise<Page<TeamMember>> {
  const r = await sessionGet(pagePath('/referral/indirect', query), deps);
  return { items: r.list('items').map(member), nextBefore: r.cursor() };
}

/** GET /referral/income: the session user's dynamic incomes, loop reinvestment, energy value, release. */
export async function fetchIncome(deps: Partial<ApiDeps> = {}): Promise<IncomeSummary> {
  const r = await sessionGet('/referral/income', deps);
  const types = r.object('byType');
  const loop = r.object('loop');
  const release = r.object('release');
  return {
    ep: r.bigint('ep'),
    byType: Object.fromEntries(DYNAMIC_INCOME_TYPES.map((type) => [type, totalToday(types.object(type))])) as Record<
      DynamicIncomeType,
      TotalToday
    >,
    burned: totalToday(r.object('burned')),
    loop: { reinvested: loop.bigint('reinvested'), balance: loop.bigint('balance'), orders: loop.int('orders') },
    release: { unreleased: release.bigint('unreleased'), released: release.bigint('released') },
    pendingPrizePool: r.bigint('pendingPrizePool'),
    day: r.seconds('day'),
  };
}

/** GET /referral/binary: the session user's settled binary days, newest first. */
export async function fetchBinaryDays(query: PageQuery = {}, deps: Partial<ApiDeps> = {}): Promise<Page<BinaryDay>> {
  const r = await sessionGet(pagePath('/referral/binary', query), deps);
  return { items: r.list('items').map(binaryDay), nextBefore: r.cursor() };
}
