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
  link: '/register?invitation=ZV7oTzJtH6fkXpX-CrOz2g',
};

beforeEach(() => setSession({ address: ALICE, token: 'tok' }));
afterEach(() => sessionStorage.clear());

describe('invitations API client', () => {
  it('reads an invitation (public) and checks every field', async () => {
    const fetch = stubFetch(200, INVITATION);
    expect(await fetchInvitation(INVITATION.id, { apiUrl: API, fetch })).toEqual(INVITATION);
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
    expect(await createInvitation(request, { apiUrl: API, fetch: made })).toEqual(INVITATION);
    const list = stubFetch(200, { items: [INVITATION], nextBefore: INVITATION.id });
    expect(await fetchInvitations({ limit: 5, before: 'abc' }, { apiUrl: API, fetch: list })).toEqual({
      items: [INVITATION],
      nextBefore: INVITATION.id,
    });
    expect(String(list.mock.calls[0]![0])).toBe(`${API}/referral/invitations?limit=5&before=abc`);
    expect(await fetchPendingInvitation({ apiUrl: API, fetch: stubFetch(200, { invitation: null }) })).toEqual({
      invitation: null,
    });
  });

  it('clears the session on 401', async () => {
    await expect(
      fetchInvitations({}, { apiUrl: API, fetch: stubFetch(401, { error: { code: 'UNAUTHORIZED', message: 'x' } }) }),
    ).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    expect(getSession()).toBeNull();
  });
});
