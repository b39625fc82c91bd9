/**
 * Security review 2026-11, M-3 (MEDIUM): "Anyone exhausts a token's vault-wide per-day payout cap for free
 * (top-up → withdraw loop, 100k per cycle), so every other user's withdrawal is refused OVER_DAY_CAP for the
 * rest of the UTC day; repeatable daily" — the review's test E: the 1,000,000 USDT day cap used up in ten
 * cycles at no cost, then a stranger's withdrawal of her 500 USDT refused (422 OVER_DAY_CAP, remaining 0).
 *
 * Now the vault counts its day cap as NET outflow (a deposit lowers it) and each receiver has a day cap of
 * its own (200,000 USDT locally), which the server reads and explains. This runs test E against the live
 * server on PostgreSQL: the looper's third withdrawal is refused by its OWN cap (OVER_USER_DAY_CAP, shown
 * in GET /vault/limits), the vault-wide figure stays untouched, and the stranger is paid.
 */
import { eternoVaultAbi } from '@eterno/protocol/generated/abis';
import type { VaultLimitsJson, WithdrawalJson } from '@eterno/protocol/vaultApi';
import { erc20Abi } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account, e18, RealStack } from '../realStack.ts';
import { VaultClient } from './vaultClient.ts';

const griefer = account(4);
const victim = account(3);

describe('M-3: a deposit → withdraw loop costs the looper its own allowance, PostgreSQL', () => {
  let stack: RealStack;
  let v: VaultClient;

  beforeAll(async () => {
    stack = await RealStack.start('m3');
    v = new VaultClient(stack);
    await stack.startServer({ postgres: true });
    await stack.waitHead();
    for (const who of [griefer, victim]) await v.signIn(who);
  });

  afterAll(async () => {
    await stack?.stop();
  });

  it('test E: ten 100,000 USDT loops end at the looper’s own cap; the stranger’s withdrawal is paid', async () => {
    const usdt = v.at('USDT');
    await stack.tx(account(0), usdt, erc20Abi, 'transfer', [griefer.address, e18('100000')]);
    await v.deposit(victim, usdt, e18('500'));
    await stack.waitHead();
    const start = await v.balanceOf(usdt, griefer.address);
    let cycles = 0;
    let refusal: { status: number; body: any } | null = null;
    for (let i = 0; i < 10 && refusal === null; i++) {
      await v.deposit(griefer, usdt, e18('100000'));
      await stack.waitHead();
      const w = await v.askWithdrawal(griefer, usdt, e18('100000'));
      if (w.status !== 201) {
        refusal = w;
        break;
      }
      expect(await v.withdraw(griefer, w.body as WithdrawalJson)).toBe(true);
      await stack.waitHead();
      cycles += 1;
    }
    console.log(
      `M3: ${cycles} loops, then ${refusal?.status} ${refusal?.body.error.code} ${JSON.stringify(refusal?.body.error.params)}`,
    );
    expect(cycles).toBe(2);
    expect(refusal?.status).toBe(422);
    expect(refusal?.body.error).toMatchObject({ code: 'OVER_USER_DAY_CAP', params: { remaining: '0' } });
    // The vault-wide net outflow of the day is at most one loop's withdrawal (deposits lower it, never
    // below 0), far from the 1,000,000 cap; the looper's own allowance is used up, as the server explains.
    const [, , perDayCap, paidToday] = await stack.client.readContract({
      address: v.vault,
      abi: eternoVaultAbi,
      functionName: 'tokenInfo',
      args: [usdt],
    });
    expect(paidToday).toBeLessThanOrEqual(e18('100000'));
    const limits = (await v.call(griefer, 'GET', '/vault/limits')).body as VaultLimitsJson;
    expect(limits.tokens.find((t) => t.token === usdt)).toMatchObject({
      userRemainingToday: '0',
      userDayCap: e18('200000').toString(),
      vaultDayCap: perDayCap.toString(),
      vaultRemainingToday: (perDayCap - paidToday).toString(),
    });
    // The looper's last top-up is still its money (withdrawable tomorrow): it lost nothing, gained nothing.
    expect(start - (await v.balanceOf(usdt, griefer.address))).toBe(e18('100000'));

    // The stranger's withdrawal of her 500 USDT is signed and paid.
    const w = await v.askWithdrawal(victim, usdt, e18('500'));
    expect(w.status).toBe(201);
    const before = await v.balanceOf(usdt, victim.address);
    expect(await v.withdraw(victim, w.body as WithdrawalJson)).toBe(true);
    expect((await v.balanceOf(usdt, victim.address)) - before).toBe(e18('500'));

    // Tomorrow the looper's allowance is back and its top-up pays.
    await v.nextUtcDay();
    await stack.waitHead();
    const back = await v.askWithdrawal(griefer, usdt, e18('100000'));
    expect(back.status).toBe(201);
    expect(await v.withdraw(griefer, back.body as WithdrawalJson)).toBe(true);
  });
});
