/**
 * Registration and invitations on the real chain (anvil + deploy + seed: deployer ← alice (left);
 * alice ← bob (left), carol (right)) and a real server (`ponder start`, PGlite and PostgreSQL):
 * alice's invite register form and its refusals (nothing written), the links and their public
 * prefill, the invitee's pending invitation, the placement signer's approvals (the registry takes
 * them) and their refusals, and each invitation's state as the registrations land.
 */
import { LOCAL_PLACEMENT_SIGNER_INDEX } from '@eterno/devstack/deploy';
import { ETERNO_CHAIN_ID } from '@eterno/protocol/chain';
import { referralRegistryAbi } from '@eterno/protocol/generated/abis';
import { inviteCodeOf } from '@eterno/protocol/referral/inviteCode';
import { placementTypedData } from '@eterno/protocol/referral/placement';
import type {
  InvitationJson,
  InvitationsPageJson,
  PlacementApprovalJson,
  ReferralAccountJson,
} from '@eterno/protocol/referralApi';
import { erc20Abi, recoverTypedDataAddress, type Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../scripts/start.ts';
import { apiCall, signIn } from './apiClient.ts';
import { account, DATABASES, low, RealStack, type TestAccount } from './realStack.ts';

const deployer = account(0);
const alice = account(1);
const bob = account(2);
const carol = account(3);
const dave = account(4);
const erin = account(5);
const frank = account(6);
const grace = account(7);
const heidi = account(8);
/** The registry's placement signer: a key of its own, not the vault's (security review I-3). */
const signer = account(LOCAL_PLACEMENT_SIGNER_INDEX);
/** Never funded, never registered: asks for approvals only. */
const ivan = account(12);

describe.each(DATABASES)('registration and invitations on $name', ({ postgres }) => {
  let stack: RealStack;
  let server: RunningServer;
  let client: RealStack['client'];
  let registry: Address;
  let aliceToken: string;
  let aliceCode: string;

  const tx = (who: TestAccount, fn: string, args: unknown[]) => stack.tx(who, registry, referralRegistryAbi, fn, args);
  const waitHead = () => stack.waitHead();

  const call = (method: 'GET' | 'POST', path: string, token: string | null = null, body?: unknown) =>
    apiCall(server.url, method, path, token, body);
  const codeOf = (res: { body: { error?: { code: string } } }) => res.body.error?.code;
  const invite = (token: string | null, body: Record<string, unknown>) =>
    call('POST', '/referral/invitations', token, body);
  const records = async (token: string, query = '') =>
    (await call('GET', `/referral/invitations${query}`, token)).body as InvitationsPageJson;

  beforeAll(async () => {
    stack = await RealStack.start('invitations');
    client = stack.client;
    registry = stack.contracts.ReferralRegistry;
    // A low daily cap (4 invitations in the second test, the fifth in the last): the cap is tested too.
    process.env.ETERNO_INVITATIONS_PER_DAY = '5';
    server = await stack.startServer({ postgres });
    await waitHead();
    aliceToken = await signIn(server.url, alice);
    const info = (await call('GET', `/referral/account/${alice.address}`)).body as ReferralAccountJson;
    aliceCode = inviteCodeOf(BigInt(info.id!));
  }, 300_000);

  afterAll(async () => {
    await stack?.stop();
  });

  it('refuses every bad invitation with its code and writes nothing', async () => {
    const good = { invitee: dave.address, placement: 'auto', contact: null, side: 0, inviteCode: aliceCode };
    const bobCode = inviteCodeOf(
      BigInt(((await call('GET', `/referral/account/${bob.address}`)).body as ReferralAccountJson).id!),
    );
    const cases: Array<[Record<string, unknown>, string, number]> = [
      [{}, 'INVITEE_ADDRESS_REQUIRED', 400],
      [{ ...good, invitee: '' }, 'INVITEE_ADDRESS_REQUIRED', 400],
      [{ ...good, placement: undefined }, 'PLACEMENT_REQUIRED', 400],
      [{ ...good, placement: 'manual' }, 'CONTACT_ADDRESS_REQUIRED', 400],
      [{ ...good, inviteCode: '' }, 'INVITE_CODE_REQUIRED', 400],
      [{ ...good, invitee: '0x12' }, 'INVALID_WALLET_ADDRESS', 400],
      [{ ...good, placement: 'manual', contact: 'TXyz' }, 'INVALID_WALLET_ADDRESS', 400],
      [{ ...good, side: 2 }, 'INVALID_SIDE', 400],
      [{ ...good, inviteCode: 'ZZ-ZZ' }, 'INVALID_INVITE_CODE', 400],
      [{ ...good, inviteCode: bobCode }, 'INVITE_CODE_NOT_YOURS', 403],
      [{ ...good, invitee: alice.address }, 'SELF_INVITE', 422],
      [{ ...good, invitee: bob.address }, 'ALREADY_REGISTERED', 409],
      [{ ...good, placement: 'manual', contact: deployer.address }, 'CONTACT_OUTSIDE_TEAM', 422],
      [{ ...good, placement: 'manual', contact: alice.address, side: 0 }, 'SEAT_TAKEN', 409],
      [{ ...good, placement: 'manual', contact: grace.address }, 'CONTACT_NOT_REGISTERED', 422],
      [{ ...good, contact: bob.address }, 'BAD_REQUEST', 400],
    ];
    for (const [body, code, status] of cases) {
      const res = await invite(aliceToken, body);
      expect([res.status, codeOf(res)], JSON.stringify(body)).toEqual([status, code]);
    }
    expect((await invite(null, good)).status).toBe(401);
    // An unregistered wallet cannot invite.
    const daveToken = await signIn(server.url, dave);
    expect(codeOf(await invite(daveToken, { ...good, invitee: erin.address }))).toBe('INVITER_NOT_REGISTERED');
    expect(await records(aliceToken)).toEqual({ items: [], nextBefore: null });
    expect(codeOf(await call('GET', '/referral/invitations/AAAAAAAAAAAAAAAAAAAAAA'))).toBe('INVITATION_NOT_FOUND');
    expect((await call('GET', '/referral/invitations?before=1')).status).toBe(401);
    expect((await call('GET', '/referral/invitations?before=1', aliceToken)).status).toBe(400);
  }, 120_000);

  it('keeps invitations with links, prefills them publicly and follows each state to the chain', async () => {
    const made: InvitationJson[] = [];
    for (const body of [
      { invitee: dave.address, placement: 'auto', contact: null, side: 0 },
      { invitee: erin.address, placement: 'manual', contact: bob.address, side: 1 },
      { invitee: frank.address, placement: 'manual', contact: carol.address, side: 0 },
      { invitee: heidi.address, placement: 'auto', contact: null, side: 1 },
    ]) {
      const res = await invite(aliceToken, { ...body, inviteCode: aliceCode.toLowerCase() });
      expect(res.status).toBe(201);
      made.push(res.body as InvitationJson);
    }
    const [forDave, forErin, forFrank, forHeidi] = made as [
      InvitationJson,
      InvitationJson,
      InvitationJson,
      InvitationJson,
    ];
    expect(forErin).toMatchObject({
      inviter: low(alice.address),
      inviteCode: aliceCode,
      invitee: low(erin.address),
      placement: 'manual',
      contact: low(bob.address),
      side: 1,
      state: 'open',
      registeredAt: null,
      link: `/register?invitation=${forErin.id}`,
    });
    expect((await call('GET', `/referral/invitations/${forErin.id}`)).body).toEqual(forErin);
    const daveToken = await signIn(server.url, dave);
    expect((await call('GET', '/referral/invitations/pending', daveToken)).body).toEqual({ invitation: forDave });
    const graceToken = await signIn(server.url, grace);
    expect((await call('GET', '/referral/invitations/pending', graceToken)).body).toEqual({ invitation: null });
    expect((await call('GET', '/referral/invitations/pending')).status).toBe(401);

    const page1 = await records(aliceToken, '?limit=3');
    expect(page1.items.map((i) => i.invitee)).toEqual([heidi, frank, erin].map((a) => low(a.address)));
    expect(await records(aliceToken, `?limit=3&before=${page1.nextBefore}`)).toEqual({
      items: [forDave],
      nextBefore: null,
    });

    // dave registers as invited (automatic: alice's left leg ends under bob).
    await tx(dave, 'register', [alice.address, 0]);
    // erin takes bob's right seat with the placement signer's approval.
    const erinToken = await signIn(server.url, erin);
    const approval = await call('POST', '/referral/placements', erinToken, {
      inviter: alice.address,
      contact: bob.address,
      side: 1,
    });
    expect(approval.status).toBe(201);
    const a = approval.body as PlacementApprovalJson;
    expect(a).toMatchObject({
      user: low(erin.address),
      inviter: low(alice.address),
      contact: low(bob.address),
      side: 1,
    });
    const message = {
      user: a.user,
      inviter: a.inviter,
      contact: a.contact,
      side: a.side,
      deadline: BigInt(a.deadline),
    };
    expect(
      await recoverTypedDataAddress({
        ...placementTypedData({ chainId: ETERNO_CHAIN_ID, registry }, message),
        signature: a.signature,
      }),
    ).toBe(signer.address);
    const now = (await client.getBlock()).timestamp;
    expect(BigInt(a.deadline)).toBeGreaterThan(now);
    await tx(erin, 'registerUnder', [alice.address, bob.address, 1, BigInt(a.deadline), a.signature]);
    // grace takes carol's left seat, the one frank was invited to.
    const forGrace = await call('POST', '/referral/placements', graceToken, {
      inviter: alice.address,
      contact: carol.address,
      side: 0,
    });
    expect(forGrace.status).toBe(201);
    const g = forGrace.body as PlacementApprovalJson;
    await tx(grace, 'registerUnder', [alice.address, carol.address, 0, BigInt(g.deadline), g.signature]);
    // heidi registers under bob instead of alice.
    await tx(heidi, 'register', [bob.address, 0]);
    await waitHead();

    const states = new Map((await records(aliceToken)).items.map((i) => [i.id, i]));
    expect(states.get(forDave.id)!.state).toBe('registered');
    expect(states.get(forDave.id)!.registeredAt).not.toBeNull();
    expect(states.get(forErin.id)!.state).toBe('registered');
    expect(states.get(forFrank.id)!.state).toBe('seat_taken');
    expect(states.get(forHeidi.id)!.state).toBe('registered_elsewhere');
    expect((await call('GET', '/referral/invitations/pending', daveToken)).body).toEqual({ invitation: null });
    // The package the invitee bought: none yet, then dave's first (package 1); never for another inviter's.
    expect(states.get(forDave.id)!.packages).toBeNull();
    expect(states.get(forHeidi.id)!.packages).toBeNull();
    const price = 100n * 10n ** 18n; // package 1 of the shipped settings
    await stack.tx(alice, stack.contracts.USDT, erc20Abi, 'transfer', [dave.address, price]);
    await stack.buyPackage(dave, 1n, price);
    await waitHead();
    const bought = new Map((await records(aliceToken)).items.map((i) => [i.id, i]));
    expect(bought.get(forDave.id)!.packages).toEqual({
      first: { packageId: 1, units: 1, payment: price.toString() },
      count: 1,
    });
    expect(bought.get(forErin.id)!.packages).toBeNull();
    // A manual invitation to a seat now taken is refused.
    expect(
      codeOf(
        await invite(aliceToken, {
          invitee: frank.address,
          placement: 'manual',
          contact: carol.address,
          side: 0,
          inviteCode: aliceCode,
        }),
      ),
    ).toBe('SEAT_TAKEN');
  }, 180_000);

  it('refuses placement approvals outside the rules', async () => {
    const ivanToken = await signIn(server.url, ivan);
    const ask = (token: string | null, body: Record<string, unknown>) =>
      call('POST', '/referral/placements', token, body);
    const good = { inviter: alice.address, contact: carol.address, side: 1 };
    expect((await ask(ivanToken, good)).status).toBe(201);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...good, inviter: undefined }, 'INVITER_REQUIRED'],
      [{ ...good, contact: '' }, 'CONTACT_ADDRESS_REQUIRED'],
      [{ ...good, contact: '0x1' }, 'INVALID_WALLET_ADDRESS'],
      [{ ...good, side: 5 }, 'INVALID_SIDE'],
      [{ ...good, inviter: ivan.address }, 'SELF_INVITE'],
      [{ ...good, inviter: account(13).address }, 'INVITER_NOT_REGISTERED'],
      [{ ...good, contact: account(13).address }, 'CONTACT_NOT_REGISTERED'],
      [{ inviter: bob.address, contact: carol.address, side: 1 }, 'CONTACT_OUTSIDE_TEAM'],
      [{ inviter: alice.address, contact: deployer.address, side: 1 }, 'CONTACT_OUTSIDE_TEAM'],
      [{ inviter: alice.address, contact: alice.address, side: 0 }, 'SEAT_TAKEN'],
    ];
    for (const [body, code] of cases) expect(codeOf(await ask(ivanToken, body)), JSON.stringify(body)).toBe(code);
    const erinToken = await signIn(server.url, erin);
    expect(codeOf(await ask(erinToken, good))).toBe('ALREADY_REGISTERED');
    expect((await ask(null, good)).status).toBe(401);
  }, 120_000);

  it('caps the invitations of one inviter per 24 hours, writing nothing past it', async () => {
    const body = { invitee: ivan.address, placement: 'auto', contact: null, side: 1, inviteCode: aliceCode };
    expect((await invite(aliceToken, body)).status).toBe(201);
    const before = (await records(aliceToken, '?limit=100')).items.length;
    const refused = await invite(aliceToken, body);
    expect([refused.status, codeOf(refused)]).toEqual([429, 'RATE_LIMITED']);
    expect((await records(aliceToken, '?limit=100')).items).toHaveLength(before);
  }, 60_000);
});
