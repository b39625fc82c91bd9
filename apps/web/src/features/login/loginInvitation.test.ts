import { describe, expect, it, vi } from 'vitest';
import { fetchLoginInvitation, invitationIdOf } from './loginInvitation.ts';

const ORIGIN = 'http://127.0.0.1:5173';
const ID = 'AbCdEfGhIjKlMnOpQrSt_-';

describe('invitationIdOf: the invitation a login redirect carries', () => {
  it('reads /register?invitation=<id> (as the guard encodes it)', () => {
    expect(invitationIdOf(`/register?invitation=${ID}`, ORIGIN)).toBe(ID);
    expect(invitationIdOf(decodeURIComponent(encodeURIComponent(`/register?invitation=${ID}&x=1`)), ORIGIN)).toBe(ID);
  });

  it('is null for another path, no or a malformed id, or a redirect off the site', () => {
    expect(invitationIdOf(null, ORIGIN)).toBeNull();
    expect(invitationIdOf('/home', ORIGIN)).toBeNull();
    expect(invitationIdOf(`/mine/invite-register?invitation=${ID}`, ORIGIN)).toBeNull();
    expect(invitationIdOf('/register', ORIGIN)).toBeNull();
    expect(invitationIdOf('/register?invitation=short', ORIGIN)).toBeNull();
    expect(invitationIdOf(`https://evil.example/register?invitation=${ID}`, ORIGIN)).toBeNull();
  });
});

describe('fetchLoginInvitation', () => {
  const answer = (body: unknown, status = 200) =>
    vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
  const INVITATION = {
    id: ID,
    inviteCode: '000022',
    invitee: '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65',
    state: 'open',
  };

  it('reads the code, the invitee and the state from the public route', async () => {
    const fetch = answer(INVITATION);
    await expect(fetchLoginInvitation(ID, { apiUrl: 'http://api.test/', fetch })).resolves.toEqual({
      inviteCode: '000022',
      invitee: INVITATION.invitee,
      state: 'open',
    });
    expect(fetch).toHaveBeenCalledWith(`http://api.test/referral/invitations/${ID}`, expect.anything());
  });

  it("a malformed answer is SERVER_ERROR; the server's 404 is its code", async () => {
    await expect(
      fetchLoginInvitation(ID, { apiUrl: 'http://api.test', fetch: answer({ ...INVITATION, inviteCode: '<b>' }) }),
    ).rejects.toMatchObject({ code: 'SERVER_ERROR' });
    await expect(
      fetchLoginInvitation(ID, { apiUrl: 'http://api.test', fetch: answer({ ...INVITATION, state: 'gone' }) }),
    ).rejects.toMatchObject({ code: 'SERVER_ERROR' });
    await expect(
      fetchLoginInvitation(ID, {
        apiUrl: 'http://api.test',
        fetch: answer({ error: { code: 'NOT_FOUND', message: 'no such invitation' } }, 404),
      }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
