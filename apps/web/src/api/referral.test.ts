// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorMessage } from '@eterno/protocol/errors';
import type {
  BinaryDaysPageJson,
  IncomeSummaryJson,
  ReferralAccountJson,
  TeamFiguresJson,
  TeamMembersPageJson,
  TreeJson,
} from '@eterno/protocol/referralApi';
import { getSession, setSession } from '../session/session.ts';
import { IndexerResponseError } from './indexer.ts';
import {
  fetchBinaryDays,
  fetchDirect,
  fetchIncome,
  fetchIndirect,
  fetchReferralAccount,
  fetchTeam,
  fetchTree,
} from './referral.ts';

const ALICE = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const BOB = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
const CAROL = '0x90F79bf6EB2c4f870365E785982E1f101E93b906';
const E18 = 10n ** 18n;
const API = 'http://api.test';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const stubFetch = (status: number, body: unknown) =>
  vi.fn(async (_url: string | URL | Request, _init?: RequestInit) => json(status, body));
const headersOf = (fetch: ReturnType<typeof stubFetch>) => fetch.mock.calls[0]![1]?.headers as Record<string, string>;
const low = (a: string) => a.toLowerCase() as `0x${string}`;

const SIDE = (volume: bigint, today: bigint, members: number, child: string | null, end: string) => ({
  volume: volume.toString(),
  today: today.toString(),
  members,
  child: child === null ? null : low(child),
  legEnd: low(end),
});

const TEAM_JSON: TeamFiguresJson = {
  wallet: low(ALICE),
  team: {
    id: '2',
    ownVolume: (100n * E18).toString(),
    left: SIDE(500n * E18, 100n * E18, 3, BOB, BOB),
    right: SIDE(0n, 0n, 0, null, ALICE),
    directCount: 2,
    directVolume: (300n * E18).toString(),
  },
  day: '1700006400',
};

const TREE_JSON: TreeJson = {
  root: low(ALICE),
  up: low(CAROL),
  nodes: [
    {
      wallet: low(ALICE),
      id: '2',
      level: 0,
      parent: null,
      side: null,
      ownVolume: '0',
      left: SIDE(5n, 1n, 1, BOB, BOB),
      right: SIDE(0n, 0n, 0, null, ALICE),
    },
    {
      wallet: low(BOB),
      id: '3',
      level: 1,
      parent: low(ALICE),
      side: 0,
      ownVolume: '5',
      left: SIDE(0n, 0n, 0, null, BOB),
      right: SIDE(0n, 0n, 0, null, BOB),
    },
  ],
  day: '1700006400',
};

const TOTAL_TODAY = (total: bigint, today: bigint) => ({ total: total.toString(), today: today.toString() });

const INCOME_JSON: IncomeSummaryJson = {
  ep: (1_000n * E18).toString(),
  byType: {
    direct: TOTAL_TODAY(10n * E18, 10n * E18),
    indirect: TOTAL_TODAY(5n * E18, 0n),
    binary: TOTAL_TODAY(7n * E18, 0n),
    matching: TOTAL_TODAY(0n, 0n),
    service_center: TOTAL_TODAY(2n * E18, 2n * E18),
    personal_pool: TOTAL_TODAY(3n * E18, 0n),
  },
  burned: TOTAL_TODAY(1n, 0n),
  loop: { reinvested: (4n * E18).toString(), balance: (4n * E18).toString(), orders: 0 },
  release: { unreleased: (20n * E18).toString(), released: (4n * E18).toString() },
  pendingPrizePool: (6n * E18).toString(),
  day: '1700006400',
};

beforeEach(() => {
  sessionStorage.clear();
  setSession({ address: ALICE, token: 'tok-1' });
});
afterEach(() => sessionStorage.clear());

describe('fetchReferralAccount / fetchTeam (public)', () => {
  it('reads a registered account, ids as strings, addresses checksummed, ep null until indexed', async () => {
    const body: ReferralAccountJson = {
      wallet: low(ALICE),
      registered: true,
      id: '2',
      isOriginal: false,
      serviceLevel: 0,
      inviterId: '1',
      inviter: low(CAROL),
      parent: low(CAROL),
      side: 0,
      ep: null,
      registeredAt: '1700000000',
    };
    const fetch = stubFetch(200, body);
    const account = await fetchReferralAccount(ALICE, { apiUrl: API, fetch });
    expect(fetch.mock.calls[0]![0]).toBe(`${API}/referral/account/${ALICE}`);
    expect(headersOf(fetch).authorization).toBeUndefined();
    expect(account).toEqual({
      wallet: ALICE,
      registered: true,
      id: '2',
      isOriginal: false,
      serviceLevel: 0,
      inviterId: '1',
      inviter: CAROL,
      parent: CAROL,
      side: 0,
      ep: null,
      registeredAt: 1_700_000_000,
    });
  });

  it('an unregistered wallet: every field null; a registered-only field set on it is refused', async () => {
    const body: ReferralAccountJson = {
      wallet: low(BOB),
      registered: false,
      id: null,
      isOriginal: null,
      serviceLevel: null,
      inviterId: null,
      inviter: null,
      parent: null,
      side: null,
      ep: null,
      registeredAt: null,
    };
    const account = await fetchReferralAccount(BOB, { apiUrl: API, fetch: stubFetch(200, body) });
    expect(account.registered).toBe(false);
    expect(account.id).toBeNull();
    await expect(
      fetchReferralAccount(BOB, { apiUrl: API, fetch: stubFetch(200, { ...body, id: '9' }) }),
    ).rejects.toThrow(/referral\/account\.id/);
  });

  it('reads the team figures with the recommend volume, and a null team', async () => {
    const team = await fetchTeam(ALICE, { apiUrl: API, fetch: stubFetch(200, TEAM_JSON) });
    expect(team.day).toBe(1_700_006_400);
    expect(team.team).toEqual({
      id: '2',
      ownVolume: 100n * E18,
      left: { volume: 500n * E18, today: 100n * E18, members: 3, child: BOB, legEnd: BOB },
      right: { volume: 0n, today: 0n, members: 0, child: null, legEnd: ALICE },
      directCount: 2,
      directVolume: 300n * E18,
    });
    const none = await fetchTeam(BOB, { apiUrl: API, fetch: stubFetch(200, { ...TEAM_JSON, team: null }) });
    expect(none.team).toBeNull();
  });

  it('refuses a malformed side (a volume as a number) with the field named', async () => {
    const bad = { ...TEAM_JSON, team: { ...TEAM_JSON.team!, left: { ...TEAM_JSON.team!.left, volume: 5 } } };
    const failure = fetchTeam(ALICE, { apiUrl: API, fetch: stubFetch(200, bad) });
    await expect(failure).rejects.toThrow(IndexerResponseError);
    await expect(fetchTeam(ALICE, { apiUrl: API, fetch: stubFetch(200, bad) })).rejects.toThrow(
      /referral\/team\.team\.left\.volume/,
    );
  });
});

describe('session routes', () => {
  it('GETs the tree around a root with the token; side 0/1 only', async () => {
    const fetch = stubFetch(200, TREE_JSON);
    const tree = await fetchTree(ALICE, BOB, { apiUrl: API, fetch });
    expect(fetch.mock.calls[0]![0]).toBe(`${API}/referral/tree/${ALICE}?root=${BOB}`);
    expect(headersOf(fetch).authorization).toBe('Bearer tok-1');
    expect(tree.up).toBe(CAROL);
    expect(tree.nodes[1]).toMatchObject({ wallet: BOB, parent: ALICE, side: 0, ownVolume: 5n, level: 1 });
    const bad = { ...TREE_JSON, nodes: [TREE_JSON.nodes[0], { ...TREE_JSON.nodes[1], side: 2 }] };
    await expect(fetchTree(ALICE, null, { apiUrl: API, fetch: stubFetch(200, bad) })).rejects.toThrow(
      IndexerResponseError,
    );
  });

  it('a root outside the team is NOT_FOUND; a refused token clears the session', async () => {
    const notFound = stubFetch(404, { error: { code: 'NOT_FOUND', message: errorMessage('NOT_FOUND') } });
    await expect(fetchTree(ALICE, CAROL, { apiUrl: API, fetch: notFound })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      status: 404,
    });
    const refused = stubFetch(401, { error: { code: 'UNAUTHORIZED', message: errorMessage('UNAUTHORIZED') } });
    await expect(fetchDirect({}, { apiUrl: API, fetch: refused })).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    expect(getSession()).toBeNull();
  });

  it('pages the direct and indirect lists with limit and before', async () => {
    const page: TeamMembersPageJson = {
      items: [
        {
          wallet: low(BOB),
          id: '3',
          level: 1,
          registeredAt: '1700000100',
          ownVolume: (100n * E18).toString(),
          packages: { first: { packageId: 2, units: 5, payment: (500n * E18).toString() }, count: 3 },
        },
        { wallet: low(CAROL), id: '2', level: 1, registeredAt: '1700000000', ownVolume: '0', packages: null },
      ],
      nextBefore: '2',
    };
    const fetch = stubFetch(200, page);
    const direct = await fetchDirect({ limit: 1, before: '9' }, { apiUrl: API, fetch });
    expect(fetch.mock.calls[0]![0]).toBe(`${API}/referral/direct?limit=1&before=9`);
    expect(direct).toEqual({
      items: [
        {
          wallet: BOB,
          id: '3',
          level: 1,
          registeredAt: 1_700_000_100,
          ownVolume: 100n * E18,
          packages: { first: { packageId: 2, units: 5, payment: (500n * E18).toString() }, count: 3 },
        },
        { wallet: CAROL, id: '2', level: 1, registeredAt: 1_700_000_000, ownVolume: 0n, packages: null },
      ],
      nextBefore: '2',
    });
    // A malformed package is a malformed answer, never shown as "none yet".
    const broken = stubFetch(200, { ...page, items: [{ ...page.items[0]!, packages: { first: null, count: 1 } }] });
    await expect(fetchDirect({}, { apiUrl: API, fetch: broken })).rejects.toMatchObject({ code: 'SERVER_ERROR' });
    const fetch2 = stubFetch(200, { items: [], nextBefore: null });
    expect(await fetchIndirect({}, { apiUrl: API, fetch: fetch2 })).toEqual({ items: [], nextBefore: null });
    expect(fetch2.mock.calls[0]![0]).toBe(`${API}/referral/indirect`);
  });

  it('reads the income summary: every dynamic type, loop, release, prize pool', async () => {
    const fetch = stubFetch(200, INCOME_JSON);
    const income = await fetchIncome({ apiUrl: API, fetch });
    expect(fetch.mock.calls[0]![0]).toBe(`${API}/referral/income`);
    expect(income.ep).toBe(1_000n * E18);
    expect(income.byType.direct).toEqual({ total: 10n * E18, today: 10n * E18 });
    expect(income.byType.personal_pool).toEqual({ total: 3n * E18, today: 0n });
    expect(income.loop).toEqual({ reinvested: 4n * E18, balance: 4n * E18, orders: 0 });
    expect(income.release).toEqual({ unreleased: 20n * E18, released: 4n * E18 });
    expect(income.pendingPrizePool).toBe(6n * E18);
    const { matching: _, ...missing } = INCOME_JSON.byType;
    await expect(
      fetchIncome({ apiUrl: API, fetch: stubFetch(200, { ...INCOME_JSON, byType: missing }) }),
    ).rejects.toThrow(/byType\.matching/);
  });

  it('a route the server does not have yet answers 404: the error carries it (no invented figures)', async () => {
    const fetch = stubFetch(404, { error: { code: 'NOT_FOUND', message: errorMessage('NOT_FOUND') } });
    await expect(fetchIncome({ apiUrl: API, fetch })).rejects.toMatchObject({ status: 404 });
    await expect(fetchBinaryDays({}, { apiUrl: API, fetch })).rejects.toMatchObject({ status: 404 });
  });

  it('pages the binary days', async () => {
    const page: BinaryDaysPageJson = {
      items: [
        {
          day: '1700006400',
          leftNew: '500',
          rightNew: '200',
          leftCarryIn: '0',
          rightCarryIn: '100',
          matched: '300',
          income: '30',
          capped: '0',
          leftCarryOut: '200',
          rightCarryOut: '0',
        },
      ],
      nextBefore: null,
    };
    const fetch = stubFetch(200, page);
    const days = await fetchBinaryDays({ limit: 10 }, { apiUrl: API, fetch });
    expect(fetch.mock.calls[0]![0]).toBe(`${API}/referral/binary?limit=10`);
    expect(days.items[0]).toEqual({
      day: 1_700_006_400,
      leftNew: 500n,
      rightNew: 200n,
      leftCarryIn: 0n,
      rightCarryIn: 100n,
      matched: 300n,
      income: 30n,
      capped: 0n,
      leftCarryOut: 200n,
      rightCarryOut: 0n,
    });
  });
});
