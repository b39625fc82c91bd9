import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from '../../test/backends.ts';
import { createInvitationStore, INVITATION_ID, type InvitationStore, type NewInvitation } from './invitationStore.ts';
import type { Sql } from './sql.ts';

const ALICE = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';
const BOB = '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc';
const DAVE = '0x15d34aaf54267db7d7c367839aaf71a00a2c6a65';

const invitation = (over: Partial<NewInvitation> = {}): NewInvitation => ({
  inviter: ALICE,
  inviteCode: '00002Z',
  invitee: DAVE,
  placement: 'auto',
  contact: null,
  side: 0,
  ...over,
});

describe.each(BACKENDS)('invitation store on $name', (backend) => {
  let sql: Sql;
  let store: InvitationStore;
  let stopBackend: () => Promise<void>;

  beforeAll(async () => {
    const opened = await backend.open();
    sql = opened.sql;
    stopBackend = opened.stop;
    store = await createInvitationStore(sql);
    // The migration is idempotent (every start runs it).
    await createInvitationStore(sql);
  });

  afterAll(async () => {
    await sql?.close();
    await stopBackend?.();
  });

  it('stores invitations under unguessable ids, lower-case, and pages an inviter’s records newest first', async () => {
    const a = await store.insert(invitation({ invitee: `0x${DAVE.slice(2).toUpperCase()}` }), 100n);
    const b = await store.insert(invitation({ placement: 'manual', contact: BOB, side: 1 }), 101n);
    const c = await store.insert(invitation({ inviter: BOB, inviteCode: '00003X' }), 102n);
    expect(a.id).toMatch(INVITATION_ID);
    expect(new Set([a.id, b.id, c.id]).size).toBe(3);
    expect(a).toMatchObject({
      inviter: ALICE,
      invitee: DAVE,
      placement: 'auto',
      contact: null,
      side: 0,
      createdAt: 100n,
    });
    expect(await store.byId(b.id)).toEqual(b);
    expect(b).toMatchObject({ placement: 'manual', contact: BOB, side: 1 });
    expect(await store.byId('nope')).toBeNull();
    expect(await store.byId('A'.repeat(22))).toBeNull();

    const first = await store.ofInviter(ALICE, { limit: 1, before: undefined });
    expect(first.map((r) => r.id)).toEqual([b.id]);
    expect((await store.ofInviter(ALICE, { limit: 5, before: b.id })).map((r) => r.id)).toEqual([a.id]);
    expect(await store.ofInviter(ALICE, { limit: 5, before: a.id })).toEqual([]);
    // Another inviter's id as a cursor pages nothing of alice's.
    expect(await store.ofInviter(ALICE, { limit: 5, before: c.id })).toEqual([]);
    expect((await store.ofInvitee(DAVE, 10)).map((r) => r.id)).toEqual([c.id, b.id, a.id]);
    expect(await store.countSince(ALICE, 100n)).toBe(2);
    expect(await store.countSince(ALICE, 101n)).toBe(1);
    expect(await store.countSince(ALICE, 102n)).toBe(0);
    expect(await store.countSince(BOB, 0n)).toBe(1);
  });

  it('refuses a manual invitation without a contact and an automatic one with a contact', async () => {
    await expect(store.insert(invitation({ placement: 'manual', contact: null }), 1n)).rejects.toThrow();
    await expect(store.insert(invitation({ placement: 'auto', contact: BOB }), 1n)).rejects.toThrow();
  });
});
