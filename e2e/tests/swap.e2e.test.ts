/**
 * Assets › swap against the real stack: a buy (approve, then swap) whose ETRO is locked and, 24 h
 * of chain time later, claimed; a sell with its minimum received and a deadline set by the user; a
 * refusal in the wallet; an insufficient balance; a simulation that fails because the price moved
 * after the quote, and one that fails because the trade's deadline has passed. Every
 * expected figure is read from the contracts here and formatted with the app's own functions.
 * Screenshots of the screen at 390×844 and 844×390 in en and zh.
 */
import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { describe, expect, test } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { decodeFunctionData, parseEther, type Address, type Hex } from 'viem';
import { formatAmount, formatTokenAmount } from '@eterno/protocol/amount';
import { etroSwapAbi } from '@eterno/protocol/generated/abis';
import { errorScreen, signInVia, tabBar, text, type Lang } from '../src/app.ts';
import type { ViewportName } from '../src/browser.ts';
import { advanceTime } from '../src/chain.ts';
import { useE2E } from '../src/fixture.ts';
import {
  approveSwap,
  chainTime,
  clockSeconds,
  expectDeadline,
  freezeBlockNumber,
  claimQuoteOf,
  ledgerFeeReceiver,
  lockOf,
  nonceOf,
  quoteBuy,
  quoteSell,
  tokenBalance,
  tradeFromNode,
} from '../src/swap.ts';
import { installTestWallet, type TestWallet } from '../src/testWallet.ts';
import { until } from '../src/wait.ts';
import { expectReallyVisible, successToast } from '../src/visible.ts';

const e2e = useE2E();
const SHOTS_DIR = resolve(import.meta.dirname, '../artifacts/screenshots');

const etro = (value: bigint) => formatTokenAmount(value, 'ETRO', { grouping: true });
const usdt = (value: bigint) => formatTokenAmount(value, 'USDT', { grouping: true });
/** A text of a namespace with its {{placeholders}} filled. */
function filled(lang: Lang, namespace: string, key: string, params: Record<string, string>): string {
  return text(lang, namespace, key).replace(/\{\{(\w+)\}\}/g, (_, name: string) => params[name] ?? `{{${name}}}`);
}
const swapText = (lang: Lang, key: string, params: Record<string, string> = {}) => filled(lang, 'swap', key, params);
const lockText = (lang: Lang, key: string, params: Record<string, string> = {}) => filled(lang, 'lock', key, params);

const panel = (page: Page) => page.getByTestId('swap-panel');
const lockCard = (page: Page) => page.getByTestId('lock-card');
const progressOf = (scope: Locator) => scope.getByTestId('tx-progress');

async function openSwap(page: Page, webUrl: string): Promise<void> {
  await signInVia(page, webUrl, '/assets/swap');
  await panel(page).waitFor({ state: 'visible' });
}

async function expectText(locator: Locator, expected: string, timeout = 30_000): Promise<void> {
  await until(`"${expected}"`, async () => (await locator.textContent({ timeout: 2_000 })) === expected, {
    timeoutMs: timeout,
  });
}

/** Waits for a write's progress to reach `phase` (confirmed / failed), failing early on the other end. */
async function waitForPhase(scope: Locator, phase: 'confirmed' | 'failed'): Promise<void> {
  const other = phase === 'confirmed' ? 'failed' : 'confirmed';
  await until(
    `the transaction to be ${phase}`,
    async () => {
      const current = await progressOf(scope).getAttribute('data-phase', { timeout: 2_000 });
      if (current === other) {
        const error = await progressOf(scope).textContent();
        throw new Error(`the transaction ended ${other}: ${error}`);
      }
      return current === phase;
    },
    { timeoutMs: 90_000, intervalMs: 200 },
  );
}

/** Types an amount and waits until the panel shows the quote the chain gives for it. */
async function typeAndWaitForQuote(page: Page, amount: string, expectedOut: string): Promise<void> {
  await page.getByTestId('swap-amount').fill(amount);
  await expectText(page.getByTestId('swap-receive'), expectedOut);
}

function sentTo(wallet: TestWallet): { to: Address; data: Hex }[] {
  return wallet.requests('eth_sendTransaction').map((r) => {
    const tx = r.params[0] as { to: Address; data?: Hex; input?: Hex };
    return { to: tx.to, data: (tx.data ?? tx.input) as Hex };
  });
}

describe('assets › swap', () => {
  test('buy: approve then swap, the ETRO is locked; 24 h later it is claimable, the card shows the 5 % claim fee and Claim pays exactly the rest', async () => {
    const stack = e2e.stack();
    const d = stack.deployments;
    const { page } = await e2e.browser();
    const wallet = await installTestWallet(page, { rpcUrl: stack.rpcUrl });
    await openSwap(page, stack.webUrl);
    const alice = wallet.address;

    const usdtBefore = await tokenBalance(stack.rpcUrl, d, 'USDT', alice);
    await expectText(
      page.getByTestId('swap-balance'),
      swapText('en', 'balance', { amount: `${usdt(usdtBefore)} USDT` }),
    );
    await expectText(page.getByTestId('swap-price'), swapText('en', 'priceValue', { price: '0.5' }));

    const amountIn = parseEther('1000');
    const quote = await quoteBuy(stack.rpcUrl, d, amountIn);
    await typeAndWaitForQuote(page, '1000', etro(quote.amountOut));
    const minOut = (quote.amountOut * 9_950n) / 10_000n; // the default tolerance, 0.5 %
    await expectText(page.getByTestId('swap-fee'), `${usdt(quote.fee)} USDT`);
    await expectText(page.getByTestId('swap-minimum'), `${etro(minOut)} ETRO`);
    expect(await page.getByTestId('swap-submit').textContent()).toBe(swapText('en', 'submit.approveBuy'));
    expect(await page.getByTestId('deadline-minutes').inputValue()).toBe('20'); // the default, as on Uniswap

    wallet.clearRequests();
    const before = { chain: await chainTime(stack.rpcUrl), clock: clockSeconds() };
    await page.getByTestId('swap-submit').click();
    await waitForPhase(panel(page), 'confirmed');
    await expectReallyVisible(successToast(page));
    // two steps, both confirmed: the exact approval of USDT, then swap(amountIn, minOut, deadline)
    const steps = progressOf(panel(page)).locator('li');
    expect(await steps.evaluateAll((items) => items.map((li) => (li as HTMLElement).dataset.status))).toEqual([
      'done',
      'done',
    ]);
    const sent = sentTo(wallet);
    expect(sent.map((tx) => tx.to.toLowerCase())).toEqual([
      d.contracts.USDT.toLowerCase(),
      d.contracts.EtroSwap.toLowerCase(),
    ]);
    const swapCall = decodeFunctionData({ abi: etroSwapAbi, data: sent[1]!.data });
    expect(swapCall.functionName).toBe('swap');
    expect(swapCall.args.slice(0, 2)).toEqual([amountIn, minOut]);
    expectDeadline(swapCall.args[2]!, 20n, before, { clock: clockSeconds() });
    const swapHash = await steps.nth(1).locator('[data-hash]').getAttribute('data-hash');
    expect(swapHash).toMatch(/^0x[0-9a-f]{64}$/);

    // The bought ETRO is in the lock: credited exactly the quote, shown as locked at the read block.
    const lock = await lockOf(stack.rpcUrl, d, alice);
    expect(lock.credited).toBe(quote.amountOut);
    expect(await tokenBalance(stack.rpcUrl, d, 'USDT', alice)).toBe(usdtBefore - amountIn);
    await until('the lock card to show the purchase', async () => {
      const shown = (await page.evaluate(`(() => ({
        block: document.querySelector('[data-testid="block-chip"]')?.dataset.block,
        locked: document.querySelector('[data-testid="lock-locked"]')?.textContent,
      }))()`)) as { block?: string; locked?: string };
      if (!shown.block || !shown.locked) return false;
      const atBlock = await lockOf(stack.rpcUrl, d, alice, BigInt(shown.block));
      return atBlock.credited === quote.amountOut && shown.locked === `${etro(atBlock.locked)} ETRO`;
    });
    await expectText(
      lockCard(page).getByTestId('lock-released'),
      lockText('en', 'progress', { percent: '0', credited: etro(quote.amountOut) }),
    );

    // The indexer lists it among my exchange records.
    await page.getByRole('tab', { name: swapText('en', 'trades.mine') }).click();
    await page.locator(`[data-testid="trades-mine"] [data-hash="${swapHash}"]`).waitFor({ timeout: 30_000 });

    // 24 h of chain time later: everything is released and claimable.
    await advanceTime(stack.rpcUrl, 86_400);
    await expectText(lockCard(page).getByTestId('lock-claimable'), `${etro(quote.amountOut)} ETRO`);
    await expectText(lockCard(page).getByTestId('lock-locked'), '0 ETRO');
    await expectText(
      lockCard(page).getByTestId('lock-released'),
      lockText('en', 'progress', { percent: '100', credited: etro(quote.amountOut) }),
    );

    // Before signing, the card says what the claim takes, its fee and what arrives (the ledger's quoteClaim).
    const [claimAmount, claimFee] = await claimQuoteOf(stack.rpcUrl, d, alice);
    expect(claimAmount).toBe(quote.amountOut);
    expect(claimFee).toBe((quote.amountOut * 500n) / 10_000n);
    await expectText(
      lockCard(page).getByTestId('lock-claim-quote'),
      lockText('en', 'claimQuote', {
        amount: etro(claimAmount),
        fee: etro(claimFee),
        receive: etro(claimAmount - claimFee),
      }),
    );

    const etroBefore = await tokenBalance(stack.rpcUrl, d, 'ETRO', alice);
    const feesBefore = await tokenBalance(stack.rpcUrl, d, 'ETRO', await ledgerFeeReceiver(stack.rpcUrl, d));
    await lockCard(page).getByTestId('lock-claim').click();
    await waitForPhase(lockCard(page), 'confirmed');
    expect(await tokenBalance(stack.rpcUrl, d, 'ETRO', alice)).toBe(etroBefore + claimAmount - claimFee);
    expect(await tokenBalance(stack.rpcUrl, d, 'ETRO', await ledgerFeeReceiver(stack.rpcUrl, d))).toBe(
      feesBefore + claimFee,
    );
    expect(await lockOf(stack.rpcUrl, d, alice)).toMatchObject({ claimed: quote.amountOut, claimable: 0n, locked: 0n });
    await expectText(lockCard(page).getByTestId('lock-claimable'), '0 ETRO');
    expect(await lockCard(page).getByTestId('lock-claim').isDisabled()).toBe(true);
  });

  test('sell: ETRO for USDT with the minimum received for a 1 % tolerance and a 7 min deadline; the USDT arrives at once', async () => {
    const stack = e2e.stack();
    const d = stack.deployments;
    const { page } = await e2e.browser();
    const wallet = await installTestWallet(page, { rpcUrl: stack.rpcUrl });
    await openSwap(page, stack.webUrl);
    const alice = wallet.address;

    await page.getByTestId('swap-toggle').click();
    await until('the sell side', async () => (await panel(page).getAttribute('data-direction')) === 'sell');
    const etroBefore = await tokenBalance(stack.rpcUrl, d, 'ETRO', alice);
    await expectText(
      page.getByTestId('swap-balance'),
      swapText('en', 'balance', { amount: `${etro(etroBefore)} ETRO` }),
    );
    await page.getByRole('button', { name: swapText('en', 'quote.percent', { percent: '1' }), exact: true }).click();

    const amountIn = parseEther('400');
    const out = await quoteSell(stack.rpcUrl, d, amountIn);
    await typeAndWaitForQuote(page, '400', usdt(out));
    const minOut = (out * 9_900n) / 10_000n;
    await expectText(page.getByTestId('swap-minimum'), `${usdt(minOut)} USDT`);
    expect(await page.getByTestId('swap-fee').count()).toBe(0);
    await page.getByTestId('deadline-minutes').fill('7');
    await expectText(page.getByTestId('deadline-note'), swapText('en', 'deadline.hint'));

    const usdtBefore = await tokenBalance(stack.rpcUrl, d, 'USDT', alice);
    wallet.clearRequests();
    const before = { chain: await chainTime(stack.rpcUrl), clock: clockSeconds() };
    await page.getByTestId('swap-submit').click();
    await waitForPhase(panel(page), 'confirmed');
    const sent = sentTo(wallet);
    expect(sent.map((tx) => tx.to.toLowerCase())).toEqual([
      d.contracts.ETRO.toLowerCase(),
      d.contracts.EtroSwap.toLowerCase(),
    ]);
    const sellCall = decodeFunctionData({ abi: etroSwapAbi, data: sent[1]!.data });
    expect(sellCall.functionName).toBe('sell');
    expect(sellCall.args.slice(0, 2)).toEqual([amountIn, minOut]);
    expectDeadline(sellCall.args[2]!, 7n, before, { clock: clockSeconds() });
    const usdtAfter = await tokenBalance(stack.rpcUrl, d, 'USDT', alice);
    expect(usdtAfter).toBe(usdtBefore + out);
    expect(usdtAfter - usdtBefore).toBeGreaterThanOrEqual(minOut);
    expect(await tokenBalance(stack.rpcUrl, d, 'ETRO', alice)).toBe(etroBefore - amountIn);
    // the form is ready for the next trade, with the new balance
    await until('the amount to be cleared', async () => (await page.getByTestId('swap-amount').inputValue()) === '');
    await expectText(
      page.getByTestId('swap-balance'),
      swapText('en', 'balance', { amount: `${etro(etroBefore - amountIn)} ETRO` }),
    );
  });

  test("the wallet refuses: 'Refused transaction request', nothing is sent", async () => {
    const stack = e2e.stack();
    const d = stack.deployments;
    const { page } = await e2e.browser();
    const wallet = await installTestWallet(page, { rpcUrl: stack.rpcUrl });
    await openSwap(page, stack.webUrl);
    const nonce = await nonceOf(stack.rpcUrl, wallet.address);

    wallet.configure({ transactions: 'reject' });
    await typeAndWaitForQuote(page, '100', etro((await quoteBuy(stack.rpcUrl, d, parseEther('100'))).amountOut));
    wallet.clearRequests();
    await page.getByTestId('swap-submit').click();
    await waitForPhase(panel(page), 'failed');
    expect(await progressOf(panel(page)).getByRole('alert').textContent()).toBe(
      text('en', 'errors', 'REFUSED_TRANSACTION_REQUEST'),
    );
    expect(wallet.requests('eth_sendTransaction')).toHaveLength(1); // asked once (the approval), refused
    expect(await nonceOf(stack.rpcUrl, wallet.address)).toBe(nonce);
    expect(await lockOf(stack.rpcUrl, d, wallet.address)).toMatchObject({ credited: 0n });
  });

  test("more than the balance: 'Insufficient balance', the button stays disabled, no wallet request", async () => {
    const stack = e2e.stack();
    const d = stack.deployments;
    const { page } = await e2e.browser();
    const wallet = await installTestWallet(page, { rpcUrl: stack.rpcUrl });
    await openSwap(page, stack.webUrl);
    const balance = await tokenBalance(stack.rpcUrl, d, 'USDT', wallet.address);
    await expectText(page.getByTestId('swap-balance'), swapText('en', 'balance', { amount: `${usdt(balance)} USDT` }));

    wallet.clearRequests();
    // one base unit more than the balance
    await page.getByTestId('swap-amount').fill(formatAmount(balance + 1n, 18, { digits: 18 }));
    await expectText(page.getByTestId('swap-problem'), text('en', 'errors', 'INSUFFICIENT_BALANCE'));
    expect(await page.getByTestId('swap-submit').isDisabled()).toBe(true);
    await page.getByTestId('swap-submit').click({ force: true });
    await page.getByTestId('swap-amount').press('Enter');
    await new Promise((r) => setTimeout(r, 1_000));
    expect(await progressOf(panel(page)).count()).toBe(0);
    expect(wallet.requests().filter((r) => r.method.startsWith('eth_send') || r.method.startsWith('eth_sign'))).toEqual(
      [],
    );
  });

  test('the price moved after the quote (0 % tolerance): the simulation fails with the decoded reason, nothing is sent', async () => {
    const stack = e2e.stack();
    const d = stack.deployments;
    const { page } = await e2e.browser();
    const wallet = await installTestWallet(page, { rpcUrl: stack.rpcUrl });
    // alice approved the swap earlier, so the trade is one step: the swap itself
    await approveSwap(stack.rpcUrl, d, 1, 'USDT', parseEther('1000'));
    await openSwap(page, stack.webUrl);

    await page.getByTestId('slippage-custom').fill('0');
    await expectText(page.getByTestId('slippage-value'), swapText('en', 'quote.percent', { percent: '0' }));
    const amountIn = parseEther('1000');
    const quoted = await quoteBuy(stack.rpcUrl, d, amountIn);
    await typeAndWaitForQuote(page, '1000', etro(quoted.amountOut));
    await expectText(page.getByTestId('swap-minimum'), `${etro(quoted.amountOut)} ETRO`);
    expect(await page.getByTestId('swap-submit').textContent()).toBe(swapText('en', 'submit.buy'));

    // The user keeps looking at that quote while bob buys first and moves the price.
    const unfreeze = await freezeBlockNumber(page, stack.rpcUrl);
    await tradeFromNode(stack.rpcUrl, d, 2, 'buy', parseEther('5000'));
    const now = await quoteBuy(stack.rpcUrl, d, amountIn);
    expect(now.amountOut).toBeLessThan(quoted.amountOut);
    await expectText(page.getByTestId('swap-receive'), etro(quoted.amountOut), 5_000);

    const nonce = await nonceOf(stack.rpcUrl, wallet.address);
    wallet.clearRequests();
    await page.getByTestId('swap-submit').click();
    await waitForPhase(panel(page), 'failed');
    const reason = `InsufficientOutput(amountOut: ${now.amountOut}, minOut: ${quoted.amountOut})`;
    expect(await progressOf(panel(page)).getByRole('alert').textContent()).toBe(
      text('en', 'errors', 'TX_SIMULATION_FAILED').replace('{{reason}}', reason),
    );
    expect(wallet.requests('eth_sendTransaction')).toEqual([]);
    expect(await nonceOf(stack.rpcUrl, wallet.address)).toBe(nonce);
    expect(await lockOf(stack.rpcUrl, d, wallet.address)).toMatchObject({ credited: 0n });

    // Seeing the chain again, the panel re-quotes at the new price.
    await unfreeze();
    await expectText(page.getByTestId('swap-receive'), etro(now.amountOut));
  });

  test('a deadline that is not whole minutes blocks the trade; one that has passed fails the simulation with DeadlineExpired, nothing is sent', async () => {
    const stack = e2e.stack();
    const d = stack.deployments;
    const { page } = await e2e.browser();
    const wallet = await installTestWallet(page, { rpcUrl: stack.rpcUrl });
    await approveSwap(stack.rpcUrl, d, 1, 'USDT', parseEther('1000'));
    await openSwap(page, stack.webUrl);
    const quoted = await quoteBuy(stack.rpcUrl, d, parseEther('100'));
    await typeAndWaitForQuote(page, '100', etro(quoted.amountOut));

    wallet.clearRequests();
    await page.getByTestId('deadline-minutes').fill('0.5');
    await expectText(page.getByTestId('deadline-note'), swapText('en', 'deadline.DEADLINE_INVALID'));
    expect(await page.getByTestId('swap-submit').isDisabled()).toBe(true);
    await page.getByTestId('swap-amount').press('Enter');
    await page.getByTestId('deadline-minutes').fill('1');
    await expectText(page.getByTestId('deadline-note'), swapText('en', 'deadline.hint'));
    expect(wallet.requests().filter((r) => r.method.startsWith('eth_send') || r.method.startsWith('eth_sign'))).toEqual(
      [],
    );

    // The user keeps looking at the quote while 10 minutes of chain time pass: the 1 min deadline is gone.
    const unfreeze = await freezeBlockNumber(page, stack.rpcUrl);
    await advanceTime(stack.rpcUrl, 600);
    const nonce = await nonceOf(stack.rpcUrl, wallet.address);
    await page.getByTestId('swap-submit').click();
    await waitForPhase(panel(page), 'failed');
    const alert = (await progressOf(panel(page)).getByRole('alert').textContent()) ?? '';
    const prefix = text('en', 'errors', 'TX_SIMULATION_FAILED').replace('{{reason}}', '');
    expect(alert.startsWith(prefix)).toBe(true);
    const match = /^DeadlineExpired\(deadline: (\d+), timestamp: (\d+)\)$/.exec(alert.slice(prefix.length));
    expect(match, alert).not.toBeNull();
    expect(BigInt(match![2]!)).toBeGreaterThan(BigInt(match![1]!));
    expect(wallet.requests('eth_sendTransaction')).toEqual([]);
    expect(await nonceOf(stack.rpcUrl, wallet.address)).toBe(nonce);
    await unfreeze();
  });

  for (const viewport of ['portrait', 'landscape'] as const satisfies readonly ViewportName[]) {
    test(`${viewport}: the screen with a quote, a lock and trades, en and zh`, async () => {
      const stack = e2e.stack();
      const d = stack.deployments;
      const session = await e2e.browser({ viewport });
      const { page } = session;
      await mkdir(SHOTS_DIR, { recursive: true });
      const wallet = await installTestWallet(page, { rpcUrl: stack.rpcUrl });
      await signInVia(page, stack.webUrl, '/assets/swap', 'en');
      // alice bought (locked, 6 h into its release); bob sold
      await tradeFromNode(stack.rpcUrl, d, 1, 'buy', parseEther('2000'));
      await tradeFromNode(stack.rpcUrl, d, 2, 'sell', parseEther('800'));
      await advanceTime(stack.rpcUrl, 6 * 3_600);
      const quote = await quoteBuy(stack.rpcUrl, d, parseEther('1000'));
      for (const lang of ['en', 'zh'] as const) {
        await page.evaluate(`localStorage.setItem("lang", ${JSON.stringify(lang)})`);
        await page.goto(`${stack.webUrl}/assets/swap`);
        await tabBar(page, lang).waitFor({ state: 'visible' });
        await typeAndWaitForQuote(page, '1000', etro(quote.amountOut));
        await expectText(
          lockCard(page).getByTestId('lock-claimable'),
          `${etro((await lockOf(stack.rpcUrl, d, wallet.address)).claimable)} ETRO`,
        );
        await page
          .getByTestId('trades-recent')
          .locator('[data-testid="trade-row"]')
          .nth(1)
          .waitFor({ timeout: 30_000 });
        await page.evaluate('document.fonts.ready');
        expect(await errorScreen(page).allInnerTexts()).toEqual([]);
        expect(await page.getByText(swapText(lang, 'title'), { exact: true }).count()).toBeGreaterThan(0);
        await page.screenshot({ path: join(SHOTS_DIR, `assets-swap.${viewport}.${lang}.png`) });
        await page.getByTestId('swap-panel').evaluate((el) => el.closest('.shell-main')?.scrollTo(0, 10_000));
        await page.screenshot({ path: join(SHOTS_DIR, `assets-swap.${viewport}.${lang}.bottom.png`) });
      }
      expect(session.pageErrors.map((e) => e.message)).toEqual([]);
    });
  }
});
