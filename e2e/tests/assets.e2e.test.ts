/**
 * Assets › overview shows the signed-in account's balances as the chain has them, and follows the
 * chain when they change (without a reload, and after one).
 */
import { describe, expect, test } from 'vitest';
import { parseUnits } from 'viem';
import { markPage, pageWasReloaded, signInVia } from '../src/app.ts';
import { balanceTexts, waitForBalances } from '../src/balances.ts';
import { BALANCE_KEYS, readBalances, testAccount, transfer } from '../src/chain.ts';
import { useE2E } from '../src/fixture.ts';
import { installTestWallet } from '../src/testWallet.ts';

const e2e = useE2E();

describe('assets overview', () => {
  test('shows the seeded balances of the signed-in account and follows a transfer', async () => {
    const stack = e2e.stack();
    const { page } = await e2e.browser();
    const wallet = await installTestWallet(page, { rpcUrl: stack.rpcUrl });
    await signInVia(page, stack.webUrl, '/assets/overview');

    const before = await readBalances(stack.rpcUrl, stack.deployments, wallet.address);
    // alice is seeded with every one of them; a zero here would make the comparison meaningless.
    for (const k of BALANCE_KEYS) expect(before[k], k).toBeGreaterThan(0n);
    await waitForBalances(page, balanceTexts(before));

    // bob sends alice USDT (more fraction digits than USDT shows) and FON.
    await markPage(page);
    const usdt = parseUnits('1234.5678919', 18);
    const fon = parseUnits('2.25', 18);
    await transfer(stack.rpcUrl, 2, stack.deployments.contracts.USDT, wallet.address, usdt);
    await transfer(stack.rpcUrl, 2, null, wallet.address, fon);
    const after = await readBalances(stack.rpcUrl, stack.deployments, wallet.address);
    expect(after.USDT).toBe(before.USDT + usdt);
    expect(after.FON).toBe(before.FON + fon);
    const expected = balanceTexts(after);
    expect(expected.USDT).not.toBe(balanceTexts(before).USDT);
    expect(expected.FON).not.toBe(balanceTexts(before).FON);

    // The page follows the chain by itself (polling / new blocks)...
    await waitForBalances(page, expected, { timeoutMs: 30_000 });
    expect(await pageWasReloaded(page)).toBe(false);
    // ...and shows the same after a reload.
    await page.reload();
    await waitForBalances(page, expected);
  });

  test('shows the balances of whoever signed in (bob, not alice)', async () => {
    const stack = e2e.stack();
    const { page } = await e2e.browser();
    const wallet = await installTestWallet(page, { rpcUrl: stack.rpcUrl, accountIndex: 2 });
    expect(wallet.address).toBe(testAccount(2).address);
    await signInVia(page, stack.webUrl, '/assets/overview');
    const bob = await readBalances(stack.rpcUrl, stack.deployments, wallet.address);
    const alice = await readBalances(stack.rpcUrl, stack.deployments, testAccount(1).address);
    expect(bob.UNITS).not.toBe(alice.UNITS);
    await waitForBalances(page, balanceTexts(bob));
  });
});
