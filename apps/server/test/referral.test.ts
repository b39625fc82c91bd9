/**
 * The referral indexer and routes on the real chain (anvil + deploy + seed: deployer ← alice (left);
 * alice ← bob (left), carol (right)) and a real server (`ponder start`, PGlite and PostgreSQL):
 * dave registers under bob, erin under alice automatically (the end of alice's left leg: under
 * dave), frank under carol manually (contact = the inviter). The rows equal the registry's events;
 * erin's package purchase adds to every ancestor's volume on the right side and to today's
 * increase, and to her inviter's (alice's) recommend volume, and every account's figures equal a brute-force walk of the tree built from the
 * chain's own events; a reorg drops a purchase; the tree view answers only inside the viewer's
 * team; the direct and indirect lists follow the inviter tree; the owner's service level shows.
 */
import { eternoVaultAbi, referralRegistryAbi } from '@eterno/protocol/generated/abis';
import { readFileSync } from 'node:fs';
import type {
  ReferralAccountJson,
  ReferralSettingsJson,
  TeamFiguresJson,
  TeamMembersPageJson,
  TreeJson,
} from '@eterno/protocol/referralApi';
import { erc20Abi, type Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../scripts/start.ts';
import { SHIPPED_REFERRAL_SETTINGS } from '../src/referral/incomeSettings.ts';
import { apiCall, signIn } from './apiClient.ts';
import { account, DATABASES, e18, low, RealStack, type TestAccount } from './realStack.ts';

const deployer = account(0);
const alice = account(1);
const bob = account(2);
const carol = account(3);
const dave = account(4);
const erin = account(5);
const frank = account(6);
const PRICE = e18('100'); // package 1 of the shipped settings

describe.each(DATABASES)('referral indexing and routes on $name', ({ postgres }) => {
  let stack: RealStack;
  let server: RunningServer;
  let client: RealStack['client'];
  let test: RealStack['test'];
  let registry: Address;
  let vault: Address;
  let usdt: Address;

  const tx = (who: TestAccount, address: Address, abi: Parameters<RealStack['tx']>[2], fn: string, args: unknown[]) =>
    stack.tx(who, address, abi, fn, args);
  /** A package-1 purchase. */
  const buy = (who: TestAccount) => stack.buyPackage(who, 1n, PRICE);
  const waitHead = () => stack.waitHead();

  const get = async <T>(path: string, token: string | null = null) => {
    const res = await apiCall(server.url, 'GET', path, token);
    return res as { status: number; body: T };
  };

  /**
   * The figures by brute force from the chain: the tree from the registry's events, the payments
   * from the vault's package `DivedIn` events, each subtree walked.
   */
  async function bruteForce() {
    const genesis = await client.getContractEvents({
      address: registry,
      abi: referralRegistryAbi,
      eventName: 'GenesisRegistered',
      fromBlock: 0n,
    });
    const registered = await client.getContractEvents({
      address: registry,
      abi: referralRegistryAbi,
      eventName: 'Registered',
      fromBlock: 0n,
    });
    const paid = await client.getContractEvents({
      address: vault,
      abi: eternoVaultAbi,
      eventName: 'DivedIn',
      fromBlock: 0n,
    });
    const head = await client.getBlock();
    const today = head.timestamp - (head.timestamp % 86_400n);
    const children = new Map<string, [string | null, string | null]>();
    const invitees = new Map<string, string[]>();
    for (const g of genesis) children.set(low(g.args.user!), [null, null]);
    for (const r of registered) {
      children.set(low(r.args.user!), [null, null]);
      invitees.set(low(r.args.inviter!), [...(invitees.get(low(r.args.inviter!)) ?? []), low(r.args.user!)]);
      children.get(low(r.args.parent!))![r.args.side!] = low(r.args.user!);
    }
    const own = new Map<string, { total: bigint; today: bigint }>();
    for (const p of paid) {
      if (p.args.custom !== 1n) continue;
      const block = await client.getBlock({ blockNumber: p.blockNumber });
      const o = own.get(low(p.args.user!)) ?? { total: 0n, today: 0n };
      o.total += p.args.amount!;
      if (block.timestamp >= today) o.today += p.args.amount!;
      own.set(low(p.args.user!), o);
    }
    const below = (top: string | null): string[] =>
      top === null ? [] : [top, ...children.get(top)!.flatMap((c) => below(c))];
    return new Map(
      [...children].map(([wallet, seats]) => {
        const side = (s: 0 | 1) => {
          const members = below(seats[s]);
          return {
            volume: members.reduce((sum, m) => sum + (own.get(m)?.total ?? 0n), 0n).toString(),
            today: members.reduce((sum, m) => sum + (own.get(m)?.today ?? 0n), 0n).toString(),
            members: members.length,
            child: seats[s],
          };
        };
        const direct = invitees.get(wallet) ?? [];
        return [
          wallet,
          {
            ownVolume: (own.get(wallet)?.total ?? 0n).toString(),
            left: side(0),
            right: side(1),
            directCount: direct.length,
            // The recommend volume: Σ the direct invitees' own payments.
            directVolume: direct.reduce((sum, m) => sum + (own.get(m)?.total ?? 0n), 0n).toString(),
          },
        ];
      }),
    );
  }

  async function expectFiguresMatchChain(): Promise<void> {
    const want = await bruteForce();
    for (const [wallet, figures] of want) {
      const { status, body } = await get<TeamFiguresJson>(`/referral/team/${wallet}`);
      expect(status).toBe(200);
      expect(body.team, wallet).toMatchObject(figures);
    }
  }

  beforeAll(async () => {
    stack = await RealStack.start('referral');
    ({ client, test } = stack);
    registry = stack.contracts.ReferralRegistry;
    vault = stack.contracts.EternoVault;
    usdt = stack.contracts.USDT;
    // Registered before the server starts (backfill) …
    await tx(dave, registry, referralRegistryAbi, 'register', [bob.address, 0]);
    server = await stack.startServer({ postgres });
    // … and after (live indexing).
    await tx(erin, registry, referralRegistryAbi, 'register', [alice.address, 0]);
    await tx(frank, registry, referralRegistryAbi, 'registerUnder', [carol.address, carol.address, 0, 0n, '0x']);
    await tx(alice, usdt, erc20Abi, 'transfer', [erin.address, PRICE * 3n]);
    await waitHead();
  }, 300_000);

  afterAll(async () => {
    await stack?.stop();
  });

  it('indexes every registration as the registry has it (account info of each wallet)', async () => {
    for (const who of [deployer, alice, bob, carol, dave, erin, frank]) {
      const [id, inviter, parent, side, isOriginal, serviceLevel] = await client.readContract({
        address: registry,
        abi: referralRegistryAbi,
        functionName: 'accountOf',
        args: [who.address],
      });
      const { status, body } = await get<ReferralAccountJson>(`/referral/account/${who.address}`);
      expect(status).toBe(200);
      const zero = (a: Address) => (BigInt(a) === 0n ? null : low(a));
      expect(body).toMatchObject({
        wallet: low(who.address),
        registered: true,
        id: id.toString(),
        isOriginal,
        serviceLevel,
        inviter: zero(inviter),
        parent: zero(parent),
        side: isOriginal ? null : side,
        // No order yet: nothing to earn.
        ep: '0',
      });
    }
    // Erin went to the end of alice's left leg (alice → bob → dave), frank under carol.
    expect((await get<ReferralAccountJson>(`/referral/account/${erin.address}`)).body.parent).toBe(low(dave.address));
    expect((await get<ReferralAccountJson>(`/referral/account/${frank.address}`)).body).toMatchObject({
      parent: low(carol.address),
      side: 0,
    });
    const stranger = account(7);
    expect((await get<ReferralAccountJson>(`/referral/account/${stranger.address}`)).body).toMatchObject({
      registered: false,
      id: null,
      inviter: null,
    });
    expect((await get<TeamFiguresJson>(`/referral/team/${stranger.address}`)).body.team).toBeNull();
    expect((await get(`/referral/account/0x12`)).status).toBe(400);
    // The help document's rules: the shipped settings the indexer pays by.
    const [shipped] = JSON.parse(readFileSync(SHIPPED_REFERRAL_SETTINGS, 'utf8')) as Array<Record<string, unknown>>;
    const settings = await get<ReferralSettingsJson>('/referral/settings');
    expect(settings.status).toBe(200);
    expect(settings.body).toEqual({ ...shipped, effectiveFrom: String(shipped!.effectiveFrom) });
    expect(settings.body).toMatchObject({
      directBps: 1000,
      indirectBps: [500, 300, 100, 100, 100, 100, 100, 100, 100],
    });
    expect((await get<{ error: { code: string } }>(`/referral/team/nope`)).body.error.code).toBe(
      'INVALID_WALLET_ADDRESS',
    );
    await expectFiguresMatchChain();
  }, 120_000);

  it('adds a purchase to both sides of every ancestor and to today’s increase', async () => {
    const before = (await get<TeamFiguresJson>(`/referral/team/${alice.address}`)).body.team!;
    await buy(erin);
    await waitHead();
    const after = (await get<TeamFiguresJson>(`/referral/team/${alice.address}`)).body.team!;
    expect(BigInt(after.left.volume) - BigInt(before.left.volume)).toBe(PRICE);
    expect(BigInt(after.left.today) - BigInt(before.left.today)).toBe(PRICE);
    expect(after.right).toEqual(before.right);
    for (const ancestor of [deployer, bob, dave]) {
      const t = (await get<TeamFiguresJson>(`/referral/team/${ancestor.address}`)).body.team!;
      expect(BigInt(t.left.volume)).toBeGreaterThanOrEqual(PRICE);
    }
    expect((await get<TeamFiguresJson>(`/referral/team/${erin.address}`)).body.team!.ownVolume).toBe(PRICE.toString());
    // Erin's inviter is alice (her parent is dave): the recommend volume is alice's only.
    expect(BigInt(after.directVolume) - BigInt(before.directVolume)).toBe(PRICE);
    expect((await get<TeamFiguresJson>(`/referral/team/${dave.address}`)).body.team!.directVolume).toBe('0');
    await expectFiguresMatchChain();
    // The next UTC day: the total stays, today's increase starts at 0.
    const now = (await client.getBlock()).timestamp;
    await test.setNextBlockTimestamp({ timestamp: now - (now % 86_400n) + 86_400n + 60n });
    await test.mine({ blocks: 1 });
    await waitHead();
    const nextDay = (await get<TeamFiguresJson>(`/referral/team/${alice.address}`)).body.team!;
    expect(nextDay.left.volume).toBe(after.left.volume);
    expect(nextDay.left.today).toBe('0');
    await expectFiguresMatchChain();
  }, 180_000);

  it('drops the volume of a purchase a reorg removed', async () => {
    const before = (await get<TeamFiguresJson>(`/referral/team/${deployer.address}`)).body.team!;
    const snapshot = await test.snapshot();
    await buy(erin);
    await waitHead();
    const bought = (await get<TeamFiguresJson>(`/referral/team/${deployer.address}`)).body.team!;
    expect(BigInt(bought.left.volume) - BigInt(before.left.volume)).toBe(PRICE);
    await test.revert({ id: snapshot });
    await test.mine({ blocks: 3 });
    await waitHead();
    const reverted = (await get<TeamFiguresJson>(`/referral/team/${deployer.address}`)).body.team!;
    expect(reverted).toEqual(before);
    await expectFiguresMatchChain();
  }, 180_000);

  it('indexes a service level the owner sets', async () => {
    await tx(deployer, registry, referralRegistryAbi, 'setServiceLevel', [carol.address, 2]);
    await waitHead();
    expect((await get<ReferralAccountJson>(`/referral/account/${carol.address}`)).body.serviceLevel).toBe(2);
    expect((await get<ReferralAccountJson>(`/referral/account/${bob.address}`)).body.serviceLevel).toBe(0);
  }, 60_000);

  it('answers the session’s account info (/account, /auth/verify) with the registry’s figures', async () => {
    const info = async (who: TestAccount) => {
      const { status, body } = await get<Record<string, unknown>>('/account', await signIn(server.url, who));
      expect(status).toBe(200);
      return body;
    };
    const idOf = async (who: TestAccount) =>
      Number((await get<ReferralAccountJson>(`/referral/account/${who.address}`)).body.id);
    // The genesis account: original, no inviter.
    expect(await info(deployer)).toEqual({
      id: await idOf(deployer),
      is_original: true,
      is_service: 0,
      inviter_id: null,
      inviter: null,
      ep: '0',
      wallet_address: deployer.address,
    });
    // Carol: the service level the owner set (test above), invited by alice.
    expect(await info(carol)).toMatchObject({
      id: await idOf(carol),
      is_original: false,
      is_service: 2,
      inviter_id: await idOf(alice),
      inviter: alice.address,
      wallet_address: carol.address,
    });
    // Erin: invited by alice, seated under dave; her energy value is her active package's.
    const erinInfo = await info(erin);
    expect(erinInfo).toMatchObject({ inviter: alice.address, inviter_id: await idOf(alice), is_service: 0 });
    expect(erinInfo.ep).toBe((await get<ReferralAccountJson>(`/referral/account/${erin.address}`)).body.ep);
    // A wallet that signed in but never registered.
    expect(await info(account(7))).toMatchObject({ id: null, is_original: false, inviter: null, ep: null });
  }, 60_000);

  it('shows the tree only inside the signed-in viewer’s team, and the inviter lists', async () => {
    const token = await signIn(server.url, alice);
    const mine = await get<TreeJson>(`/referral/tree/${alice.address}`, token);
    expect(mine.status).toBe(200);
    expect(mine.body.root).toBe(low(alice.address));
    expect(mine.body.up).toBeNull();
    expect(new Set(mine.body.nodes.map((n) => n.wallet))).toEqual(
      new Set([alice, bob, carol, dave, frank].map((a) => low(a.address))),
    );
    expect(mine.body.nodes.find((n) => n.wallet === low(dave.address))!.level).toBe(2);
    const down = await get<TreeJson>(`/referral/tree/${alice.address}?root=${dave.address}`, token);
    expect(down.status).toBe(200);
    expect(down.body.up).toBe(low(bob.address));
    expect(down.body.nodes.map((n) => n.wallet)).toEqual([low(dave.address), low(erin.address)]);
    // Outside alice's team (her parent) and someone else's view.
    expect((await get(`/referral/tree/${alice.address}?root=${deployer.address}`, token)).status).toBe(404);
    expect((await get(`/referral/tree/${bob.address}`, token)).status).toBe(401);
    expect((await get(`/referral/tree/${alice.address}`)).status).toBe(401);
    const bobToken = await signIn(server.url, bob);
    expect((await get(`/referral/tree/${bob.address}?root=${carol.address}`, bobToken)).status).toBe(404);
    expect((await get(`/referral/tree/${bob.address}?root=${erin.address}`, bobToken)).status).toBe(200);

    const direct = await get<TeamMembersPageJson>(`/referral/direct?limit=2`, token);
    expect(direct.body.items.map((m) => [m.wallet, m.level])).toEqual([
      [low(erin.address), 1],
      [low(carol.address), 1],
    ]);
    // The package each bought: erin her package 1 (the reorg dropped the second purchase), carol none.
    expect(direct.body.items.map((m) => m.packages)).toEqual([
      { first: { packageId: 1, units: 1, payment: PRICE.toString() }, count: 1 },
      null,
    ]);
    const rest = await get<TeamMembersPageJson>(`/referral/direct?limit=2&before=${direct.body.nextBefore}`, token);
    expect(rest.body).toMatchObject({ items: [{ wallet: low(bob.address), level: 1 }], nextBefore: null });
    const indirect = await get<TeamMembersPageJson>(`/referral/indirect`, token);
    expect(indirect.body.items.map((m) => [m.wallet, m.level])).toEqual([
      [low(frank.address), 2],
      [low(dave.address), 2],
    ]);
    const rootToken = await signIn(server.url, deployer);
    const deep = await get<TeamMembersPageJson>(`/referral/indirect`, rootToken);
    expect(deep.body.items.map((m) => [m.wallet, m.level])).toEqual([
      [low(frank.address), 3],
      [low(erin.address), 2],
      [low(dave.address), 3],
      [low(carol.address), 2],
      [low(bob.address), 2],
    ]);
    expect((await get(`/referral/direct?before=x`, token)).status).toBe(400);
    expect((await get(`/referral/direct`)).status).toBe(401);
  }, 120_000);
});
