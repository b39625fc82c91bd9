// @vitest-environment jsdom
import { getAddress } from 'viem';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../session/ApiError.ts';
import { getSession, setSession } from '../session/session.ts';
import {
  createInvitation,
  fetchInvitation,
  fetchInvitations,
  fetchPendingInvitation,
  requestPlacement,
} from './invitations.ts';

const ALICE = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';
const DAVE = '0x15d34aaf54267db7d7c367839aaf71a00a2c6a65';
const API = 'http://api.test';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const stubFetch = (status: number, body: unknown) =>
  vi.fn(async (_url: string | URL | Request, _init?: RequestInit) => json(status, body));

const INVITATION = {
  id: 'ZV7oTzJtH6fkXpX-CrOz2g',
  inviter: ALICE,
  inviteCode: '000022',
  invitee: DAVE,
  placement: 'auto',
  contact: null,
  side: 0,
  createdAt: '1700000000',
  state: 'open',
  registeredAt: null,
  packages: null,
  link: '/register?invitation=ZV7oTzJtH6fkXpX-CrOz2g',
};

/** What the client returns: the wire's invitation with its addresses checksummed. */
const PARSED = { ...INVITATION, inviter: getAddress(ALICE), invitee: getAddress(DAVE) };

const APPROVAL = {
  user: DAVE,
  inviter: ALICE,
  contact: ALICE,
  side: 1,
  deadline: '1700000600',
  signature: `0x${'ab'.repeat(65)}`,
};

beforeEach(() => setSession({ address: ALICE, token: 'tok' }));
afterEach(() => sessionStorage.clear());

describe('invitations API client', () => {
  it('reads an invitation (public) and checks every field', async () => {
    const fetch = stubFetch(200, INVITATION);
    expect(await fetchInvitation(INVITATION.id, { apiUrl: API, fetch })).toEqual(PARSED);
    expect(String(fetch.mock.calls[0]![0])).toBe(`${API}/referral/invitations/${INVITATION.id}`);
    for (const bad of [
      { ...INVITATION, state: 'maybe' },
      { ...INVITATION, side: 2 },
      { ...INVITATION, invitee: '0x12' },
    ])
      await expect(fetchInvitation('x', { apiUrl: API, fetch: stubFetch(200, bad) })).rejects.toMatchObject({
        code: 'SERVER_ERROR',
      });
  });

  it('passes the server’s refusal code on', async () => {
    const fetch = stubFetch(422, {
      error: { code: 'CONTACT_OUTSIDE_TEAM', message: "The contact address is not in the inviter's team" },
    });
    const error = await requestPlacement({ inviter: ALICE, contact: DAVE, side: 1 }, { apiUrl: API, fetch }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'CONTACT_OUTSIDE_TEAM', status: 422 });
    const init = fetch.mock.calls[0]![1]!;
    expect((init.headers as Record<string, string>).authorization).toBe('Bearer tok');
    expect(JSON.parse(String(init.body))).toEqual({ inviter: ALICE, contact: DAVE, side: 1 });
  });

  it('sends the invitation form and pages the records', async () => {
    const made = stubFetch(201, INVITATION);
    const request = {
      invitee: DAVE,
      placement: 'auto' as const,
      contact: null,
      side: 0 as const,
      inviteCode: '000022',
    };
    expect(await createInvitation(request, { apiUrl: API, fetch: made })).toEqual(PARSED);
    const list = stubFetch(200, { items: [INVITATION], nextBefore: INVITATION.id });
    expect(await fetchInvitations({ limit: 5, before: 'abc' }, { apiUrl: API, fetch: list })).toEqual({
      items: [PARSED],
      nextBefore: INVITATION.id,
    });
    expect(String(list.mock.calls[0]![0])).toBe(`${API}/referral/invitations?limit=5&before=abc`);
    expect(await fetchPendingInvitation({ apiUrl: API, fetch: stubFetch(200, { invitation: null }) })).toEqual({
      invitation: null,
    });
  });

  it('refuses every malformed invitation, naming the first bad field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ ...INVITATION, id: '' }, 'invitation.id'],
      [{ ...INVITATION, inviter: 'alice' }, 'invitation.inviter'],
      [{ ...INVITATION, inviteCode: 22 }, 'invitation.inviteCode'],
      [{ ...INVITATION, placement: 'anywhere' }, 'invitation.placement'],
      [{ ...INVITATION, contact: '0x12' }, 'invitation.contact'],
      [{ ...INVITATION, side: '0' }, 'invitation.side'],
      [{ ...INVITATION, createdAt: 1700000000 }, 'invitation.createdAt'],
      [{ ...INVITATION, createdAt: '-1' }, 'invitation.createdAt'],
      [{ ...INVITATION, registeredAt: 'yesterday' }, 'invitation.registeredAt'],
      [{ ...INVITATION, packages: { first: { packageId: 1, units: 1, payment: 100 }, count: 1 } }, 'first.payment'],
      [{ ...INVITATION, packages: { count: 1 } }, 'invitation.packages.first'],
      [{ ...INVITATION, link: null }, 'invitation.link'],
    ];
    for (const [bad, field] of cases) {
      const error = await fetchInvitation('x', { apiUrl: API, fetch: stubFetch(200, bad) }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({ code: 'SERVER_ERROR', message: expect.stringContaining(field) });
    }
    for (const bad of [null, [], 'invitation'])
      await expect(fetchInvitation('x', { apiUrl: API, fetch: stubFetch(200, bad) })).rejects.toMatchObject({
        code: 'SERVER_ERROR',
      });
    const manual = {
      ...INVITATION,
      placement: 'manual',
      contact: ALICE,
      state: 'registered',
      registeredAt: '1700000100',
      packages: { first: { packageId: 3, units: 10, payment: '1000000000000000000000' }, count: 2 },
    };
    expect(await fetchInvitation('x', { apiUrl: API, fetch: stubFetch(200, manual) })).toEqual({
      ...manual,
      inviter: getAddress(ALICE),
      invitee: getAddress(DAVE),
      contact: getAddress(ALICE),
    });
  });

  it('refuses a malformed page or pending answer', async () => {
    for (const bad of [
      {},
      { items: 'none', nextBefore: null },
      { items: [INVITATION], nextBefore: '' },
      { items: [{ ...INVITATION, state: 'gone' }], nextBefore: null },
    ])
      await expect(fetchInvitations({}, { apiUrl: API, fetch: stubFetch(200, bad) })).rejects.toMatchObject({
        code: 'SERVER_ERROR',
      });
    expect(await fetchPendingInvitation({ apiUrl: API, fetch: stubFetch(200, { invitation: INVITATION }) })).toEqual({
      invitation: PARSED,
    });
    for (const bad of [{}, { invitation: 'open' }, { invitation: { ...INVITATION, side: 2 } }])
      await expect(fetchPendingInvitation({ apiUrl: API, fetch: stubFetch(200, bad) })).rejects.toMatchObject({
        code: 'SERVER_ERROR',
      });
  });

  it('reads the placement approval and refuses a malformed one', async () => {
    const request = { inviter: ALICE, contact: ALICE, side: 1 as const };
    expect(await requestPlacement(request, { apiUrl: API, fetch: stubFetch(200, APPROVAL) })).toEqual({
      ...APPROVAL,
      user: getAddress(DAVE),
      inviter: getAddress(ALICE),
      contact: getAddress(ALICE),
    });
    for (const [bad, field] of [
      [{ ...APPROVAL, signature: '0xabcd' }, 'signature'],
      [{ ...APPROVAL, signature: 'ab'.repeat(66) }, 'signature'],
      [{ ...APPROVAL, deadline: '' }, 'deadline'],
      [{ ...APPROVAL, side: 3 }, 'side'],
      [{ ...APPROVAL, user: null }, 'user'],
    ] as const) {
      const error = await requestPlacement(request, { apiUrl: API, fetch: stubFetch(200, bad) }).catch(
        (e: unknown) => e,
      );
      expect(error).toMatchObject({
        code: 'SERVER_ERROR',
        message: expect.stringContaining(`/referral/placements.${field}`),
      });
    }
  });

  it('clears the session on 401', async () => {
    await expect(
      fetchInvitations({}, { apiUrl: API, fetch: stubFetch(401, { error: { code: 'UNAUTHORIZED', message: 'x' } }) }),
    ).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    expect(getSession()).toBeNull();
  });
});
