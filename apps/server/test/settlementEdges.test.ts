/**
 * The settlement's edges (ECONOMY §10) on the real chain (anvil + deploy + seed: deployer ← alice (left);
 * alice ← bob (left), carol (right)) and a real server (`ponder start`, PGlite and PostgreSQL), with the
 * shipped settings except `prizePoolWinners` = 2 (so a tie at the last paid rank is cheap to build).
 * Every figure is computed by hand below.
 *
 * Placement (automatic): erin = bob's left, frank = carol's left, mallory (alice's invitee) = erin's
 * left, nina = mallory's left, olga = mallory's right. Inviters: erin → bob, frank → carol,
 * mallory → alice, nina and olga → mallory.
 *
 * Day D (its last 25 minutes): bob and carol buy 500 each; erin 3,000 + 1,000 + 500 (bob's prize volume
 * 4,500), frank 5,000 + 3,000 + 1,000 + 500 (carol's 9,500), nina 5,000 and olga 500 (mallory's 5,500 —
 * mallory holds no order during D). Then, in ONE block mined at exactly 00:00:00 of D + 1 (T) with
 * automine off: mallory buys 500 and nina 500. That block runs D's settlement.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { GAS_LIMIT } from '@eterno/protocol/chain';
import { DAY_SECONDS, dayStartOf } from '@eterno/protocol/finance/rules';
import { eternoVaultAbi, referralRegistryAbi } from '@eterno/protocol/generated/abis';
import type { BinaryDaysPageJson, IncomeSummaryJson } from '@eterno/protocol/referralApi';
import type { BillsResponseJson } from '@eterno/protocol/vaultApi';
import { createWalletClient, erc20Abi, http, type Address, type Hash } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../scripts/start.ts';
import { apiCall, signIn } from './apiClient.ts';
import { account, DATABASES, e18, RealStack, type TestAccount } from './realStack.ts';

const deployer = account(0);
const alice = account(1);
const bob = account(2);
const carol = account(3);
const mallory = account(4);
const nina = account(5);
const olga = account(6);
const erin = account(7);
const frank = account(8);
/** Package id → price in the shipped settings (1 unit = 100 USDT). */
const PACKAGES = { 1: e18('100'), 2: e18('500'), 3: e18('1000'), 4: e18('3000'), 5: e18('5000') } as const;

describe.each(DATABASES)('settlement edges on $name', ({ postgres }) => {
  let stack: RealStack;
  let server: RunningServer;
  let client: RealStack['client'];
  let test: RealStack['test'];
  let registry: Address;
  let vault: Address;
  let usdt: Address;
  /** D's settlement time (00:00 UTC of D + 1). */
  let T: bigint;
  const tokens = new Map<string, string>();

  const tx = (who: TestAccount, address: Address, abi: Parameters<RealStack['tx']>[2], fn: string, args: unknown[]) =>
    stack.tx(who, address, abi, fn, args);
  const buy = (who: TestAccount, id: keyof typeof PACKAGES) => stack.buyPackage(who, BigInt(id), PACKAGES[id]);
  const waitHead = () => stack.waitHead();

  async function token(who: TestAccount): Promise<string> {
    let t = tokens.get(who.address);
    if (t === undefined) tokens.set(who.address, (t = await signIn(server.url, who)));
    return t;
  }
  const get = async <T>(path: string, who: TestAccount | null = null) => {
    const res = await apiCall(server.url, 'GET', path, who === null ? null : await token(who));
    expect(res.status, path).toBe(200);
    return res.body as T;
  };
  const income = (who: TestAccount) => get<IncomeSummaryJson>('/referral/income', who);
  /** A user's bills of `type`: [id, amount], by id. */
  const bills = async (who: TestAccount, type: string) =>
    (await get<BillsResponseJson>(`/bills?type=${type}&limit=100`, who)).bills
      .map((b) => [b.id, b.amount] as const)
      .sort((a, b) => (a[0] < b[0] ? -1 : 1));

  beforeAll(async () => {
    stack = await RealStack.start('edges');
    ({ client, test } = stack);
    registry = stack.contracts.ReferralRegistry!;
    vault = stack.contracts.EternoVault!;
    usdt = stack.contracts.USDT!;
    await tx(erin, registry, referralRegistryAbi, 'register', [bob.address, 0]);
    await tx(frank, registry, referralRegistryAbi, 'register', [carol.address, 0]);
    await tx(mallory, registry, referralRegistryAbi, 'register', [alice.address, 0]);
    await tx(nina, registry, referralRegistryAbi, 'register', [mallory.address, 0]);
    await tx(olga, registry, referralRegistryAbi, 'register', [mallory.address, 1]);
    for (const [who, amount] of [
      [erin, '10000'],
      [frank, '10000'],
      [mallory, '1000'],
      [nina, '6000'],
      [olga, '1000'],
    ] as const)
      await tx(deployer, usdt, erc20Abi, 'transfer', [who.address, e18(amount)]);
    const settings = join(stack.dataDir, 'referral.json');
    const shipped = JSON.parse(await readFile(join(import.meta.dirname, '../settings/referral.json'), 'utf8')) as object[];
    await writeFile(settings, JSON.stringify(shipped.map((v) => ({ ...v, prizePoolWinners: 2 }))));
    server = await stack.startServer({ postgres, referralSettings: settings });
    await waitHead();
  }, 300_000);

  afterAll(async () => {
    await stack?.stop();
  });

  it('does not make a buyer at exactly 00:00 UTC an earner of the day that ended', async () => {
    // Day D's purchases in its last 25 minutes (the vouchers signed then are still valid at T).
    T = dayStartOf((await client.getBlock()).timestamp) + 2n * DAY_SECONDS;
    await test.setNextBlockTimestamp({ timestamp: T - 1500n });
    await test.mine({ blocks: 1 });
    await buy(bob, 2);
    await buy(carol, 2);
    for (const id of [4, 3, 2] as const) await buy(erin, id);
    for (const id of [5, 4, 3, 2] as const) await buy(frank, id);
    await buy(nina, 5);
    await buy(olga, 2);
    // mallory's and nina's purchases at T: approved and signed during D, mined in the block at T.
    const signed = [
      [mallory, await stack.signPurchase(mallory, 2n, PACKAGES[2])],
      [nina, await stack.signPurchase(nina, 2n, PACKAGES[2])],
    ] as const;
    for (const [who] of signed) await tx(who, usdt, erc20Abi, 'approve', [vault, PACKAGES[2]]);
    expect((await client.getBlock()).timestamp).toBeLessThan(T);
    await test.setAutomine(false);
    const hashes: Hash[] = [];
    try {
      for (const [who, args] of signed) {
        const wallet = createWalletClient({ account: who, chain: stack.chain, transport: http(stack.rpcUrl) });
        hashes.push(
          await wallet.writeContract({
            address: vault,
            abi: eternoVaultAbi,
            functionName: 'diveInWithToken',
            args: args as never,
            chain: stack.chain,
            gas: GAS_LIMIT,
          }),
        );
      }
      await test.setNextBlockTimestamp({ timestamp: T });
      await test.mine({ blocks: 1 });
    } finally {
      await test.setAutomine(true);
    }
    const receipts = await Promise.all(hashes.map((hash) => client.waitForTransactionReceipt({ hash })));
    expect(receipts.map((r) => r.status)).toEqual(['success', 'success']);
    expect(receipts[0]!.blockNumber).toBe(receipts[1]!.blockNumber);
    expect((await client.getBlock({ blockNumber: receipts[0]!.blockNumber })).timestamp).toBe(T);
    expect(receipts[0]!.transactionIndex).toBeLessThan(receipts[1]!.transactionIndex);
    await waitHead();

    // D's pool: 2 % of 500 + 500 + 4,500 + 9,500 + 5,000 + 500 = 410. Its earners (an order paid before
    // T): carol 9,500 and bob 4,500 — the two winners; mallory (5,500, order paid at T) is not one.
    const D = T - DAY_SECONDS;
    const carolPool = 278214285714285714285n; // 410e18 × 9,500 / 14,000, rounded down
    const bobPool = 131785714285714285714n; // 410e18 × 4,500 / 14,000, rounded down
    expect(carolPool + bobPool).toBe(e18('410') - 1n);
    expect(await bills(carol, 'personal_pool')).toEqual([[`prize:${D}:${carol.address.toLowerCase()}`, String(carolPool)]]);
    expect(await bills(bob, 'personal_pool')).toEqual([[`prize:${D}:${bob.address.toLowerCase()}`, String(bobPool)]]);
    // Neither burned: their shares fit their energy (carol 1,200 + 240 − 950; bob 1,200 − 450).
    expect(await bills(carol, 'burn')).toEqual([]);
    expect(await bills(bob, 'burn')).toEqual([]);
    // mallory: no prize share, no binary day (nina 5,000 left, olga 500 right on D), nothing burned;
    // her only income is nina's direct 10 % × 500 = 50 at T, paid against her new order.
    expect(await bills(mallory, 'personal_pool')).toEqual([]);
    expect(await bills(mallory, 'binary')).toEqual([]);
    expect(await bills(mallory, 'burn')).toEqual([]);
    expect((await get<BinaryDaysPageJson>('/referral/binary', mallory)).items).toEqual([]);
    expect((await income(mallory)).byType.direct.total).toBe(e18('50').toString());
  }, 300_000);
});
