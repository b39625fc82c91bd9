/**
 * Assets › overview › liquidity against the real stack: from the EULP row's link, add liquidity to
 * EULP through the Uniswap V2 router (exact approvals of ETRO and USDT, then addLiquidity) and see the
 * LP balance grow by exactly the quoted LP (no other trade in between, so within any slippage); remove
 * half of it (exact LP approval, then removeLiquidity) and get the quoted tokens back. Amounts above a
 * balance show the message and send nothing. Screenshots at 390×844 and 320×640 in en and zh
 * (e2e/artifacts/screenshots/liquidity.*).
 */
import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { describe, expect, test } from 'vitest';
import { parseUnits, type Address } from 'viem';
import type { Locator, Page } from 'playwright-core';
import { formatTokenAmount } from '@eterno/protocol/amount';
import { liquidityMinimums } from '@eterno/protocol/liquidity/minAmounts';
import { quoteAddLiquidity } from '@eterno/protocol/liquidity/quoteAdd';
import { quoteRemoveLiquidity } from '@eterno/protocol/liquidity/quoteRemove';
import { readLiquidity } from '@eterno/protocol/liquidity/readLiquidity';
import { errorScreen, signInVia, text, type Lang } from '../src/app.ts';
import { chainClients } from '../src/chain.ts';
import { useE2E } from '../src/fixture.ts';
import { installTestWallet } from '../src/testWallet.ts';

const e2e = useE2E();
const SHOTS_DIR = resolve(import.meta.dirname, '../artifacts/screenshots');

const liq = (lang: Lang, key: string, values: Record<string, string> = {}) =>
  text(lang, 'liquidity', key).replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');

function read(account: Address, pair: 'EULP' | 'ELP' = 'EULP') {
  const stack = e2e.stack();
  return readLiquidity(chainClients(stack.rpcUrl).public, { contracts: stack.deployments.contracts, account, pair });
}

async function waitForPhase(scope: Locator, phase: 'confirmed' | 'failed'): Promise<void> {
  await scope.locator(`[data-testid="tx-progress"][data-phase="${phase}"]`).waitFor({ timeout: 60_000 });
}

async function waitForText(scope: Locator, expected: string): Promise<void> {
  await expect.poll(() => scope.textContent(), { timeout: 30_000 }).toBe(expected);
}

async function settle(page: Page): Promise<void> {
  await page.evaluate(
    'document.fonts.ready.then(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))))',
  );
}

/** Whether the element is really seen: not transparent, inside the viewport, not covered at its centre. */
async function reallyVisible(locator: Locator): Promise<boolean> {
  await locator.scrollIntoViewIfNeeded();
  return locator.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const x = box.left + box.width / 2;
    const y = box.top + box.height / 2;
    let opaque = true;
    for (let node: Element | null = el; node; node = node.parentElement) {
      if (Number(getComputedStyle(node).opacity) === 0) opaque = false;
    }
    const hit = document.elementFromPoint(x, y);
    return opaque && y >= 0 && y <= innerHeight && hit !== null && (hit === el || el.contains(hit));
  });
}

describe('assets › liquidity', () => {
  test('add to EULP from the overview link: LP grows by the quote; remove half: the quoted tokens come back', async () => {
    const stack = e2e.stack();
    const c = stack.deployments.contracts;
    const { page, pageErrors } = await e2e.browser();
    const wallet = await installTestWallet(page, { rpcUrl: stack.rpcUrl });
    await signInVia(page, stack.webUrl, '/assets/overview');

    // From the EULP row's link; the Overview sub-tab stays highlighted.
    await page.getByRole('link', { name: liq('en', 'link', { lp: 'EULP' }), exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/assets/overview/liquidity' && u.search === '?pair=eulp');
    await page.getByRole('heading', { name: liq('en', 'title'), exact: true }).waitFor();
    expect(
      await page
        .getByRole('link', { name: text('en', 'screens', 'assets.tabs.overview'), exact: true })
        .getAttribute('aria-current'),
    ).toBe('page');

    const before = await read(wallet.address);
    const form = page.getByTestId('add-form');
    await waitForText(
      page.getByTestId('position-lp'),
      formatTokenAmount(before.balances.LP, 'EULP', { grouping: true }),
    );

    // 100 ETRO: the USDT side follows at the pool's price; the LP and the minimums as the chain quotes them.
    await page.getByTestId('add-a-amount').fill('100');
    const amountA = parseUnits('100', 18);
    const quote = quoteAddLiquidity(before.state, {
      amountA,
      amountB: (amountA * before.state.reserveB) / before.state.reserveA,
    });
    const mins = liquidityMinimums(quote, 50n);
    expect(await page.getByTestId('add-b-amount').inputValue()).toBe('50');
    await waitForText(
      page.getByTestId('add-lp'),
      `${formatTokenAmount(quote.liquidity, 'EULP', { grouping: true })} EULP`,
    );
    expect(await page.getByTestId('add-min-a').textContent()).toBe(
      formatTokenAmount(mins.amountAMin, 'ETRO', { grouping: true }),
    );
    expect(await page.getByTestId('add-min-b').textContent()).toBe(
      formatTokenAmount(mins.amountBMin, 'USDT', { grouping: true }),
    );

    wallet.clearRequests();
    await page.getByTestId('add-submit').click();
    await waitForPhase(form, 'confirmed');
    const sent = wallet.requests('eth_sendTransaction').map((r) => (r.params[0] as { to: string }).to.toLowerCase());
    expect(sent).toEqual([c.ETRO, c.USDT, c.UniswapV2Router02].map((a) => a.toLowerCase()));
    const added = await read(wallet.address);
    expect(added.balances.LP - before.balances.LP).toBe(quote.liquidity);
    expect(before.balances.A - added.balances.A).toBe(quote.amountA);
    expect(before.balances.B - added.balances.B).toBe(quote.amountB);
    expect(quote.amountA).toBeGreaterThanOrEqual(mins.amountAMin);
    expect(added.allowances).toEqual({ A: 0n, B: 0n, LP: 0n });
    // The form forgets the amounts once the confirmation has reached it (a render after the phase).
    await expect.poll(() => page.getByTestId('add-a-amount').inputValue(), { timeout: 10_000 }).toBe('');
    expect(await page.getByTestId('add-b-amount').inputValue()).toBe('');
    await waitForText(
      page.getByTestId('position-lp'),
      formatTokenAmount(added.balances.LP, 'EULP', { grouping: true }),
    );

    // Remove half of the LP just received.
    await page.getByRole('tab', { name: liq('en', 'tabs.remove'), exact: true }).click();
    await page.waitForURL((u) => u.search === '?pair=eulp&tab=remove');
    const liquidity = quote.liquidity / 2n;
    const removeForm = page.getByTestId('remove-form');
    await page.getByTestId('remove-lp-amount').fill(formatTokenAmount(liquidity, 'EULP'));
    const typed = parseUnits(await page.getByTestId('remove-lp-amount').inputValue(), 18);
    const out = quoteRemoveLiquidity(added.holdings, typed);
    await waitForText(page.getByTestId('remove-out-a'), formatTokenAmount(out.amountA, 'ETRO', { grouping: true }));
    wallet.clearRequests();
    await page.getByTestId('remove-submit').click();
    await waitForPhase(removeForm, 'confirmed');
    const sentRemove = wallet
      .requests('eth_sendTransaction')
      .map((r) => (r.params[0] as { to: string }).to.toLowerCase());
    expect(sentRemove).toEqual([c.EULP, c.UniswapV2Router02].map((a) => a.toLowerCase()));
    const removed = await read(wallet.address);
    expect(added.balances.LP - removed.balances.LP).toBe(typed);
    expect(removed.balances.A - added.balances.A).toBe(out.amountA);
    expect(removed.balances.B - added.balances.B).toBe(out.amountB);
    expect(removed.allowances.LP).toBe(0n);
    expect(pageErrors.map((e) => e.message)).toEqual([]);
  });

  test('amounts above a balance: the message, seen, and nothing sent', async () => {
    const stack = e2e.stack();
    const { page } = await e2e.browser();
    const wallet = await installTestWallet(page, { rpcUrl: stack.rpcUrl });
    await signInVia(page, stack.webUrl, '/assets/overview/liquidity?pair=eulp');
    const before = await read(wallet.address);
    await waitForText(
      page.getByTestId('position-lp'),
      formatTokenAmount(before.balances.LP, 'EULP', { grouping: true }),
    );

    wallet.clearRequests();
    // 60,000 USDT pairs with 120,000 ETRO: both sides above alice's balances.
    await page.getByTestId('add-b-amount').fill('60000');
    const problemA = page.getByTestId('add-a-problem');
    await waitForText(problemA, text('en', 'errors', 'INSUFFICIENT_BALANCE'));
    expect(await reallyVisible(problemA)).toBe(true);
    expect(await page.getByTestId('add-b-problem').textContent()).toBe(text('en', 'errors', 'INSUFFICIENT_BALANCE'));
    expect(await page.getByTestId('add-submit').isDisabled()).toBe(true);
    await page.getByTestId('add-b-amount').press('Enter');

    await page.getByRole('tab', { name: liq('en', 'tabs.remove'), exact: true }).click();
    await page.getByTestId('remove-lp-amount').fill('999999');
    await waitForText(page.getByTestId('remove-lp-problem'), text('en', 'errors', 'INSUFFICIENT_BALANCE'));
    expect(await reallyVisible(page.getByTestId('remove-lp-problem'))).toBe(true);
    expect(await page.getByTestId('remove-submit').isDisabled()).toBe(true);
    await page.getByTestId('remove-lp-amount').press('Enter');

    expect(wallet.requests('eth_sendTransaction')).toEqual([]);
    expect(await page.getByTestId('tx-progress').count()).toBe(0);
    const after = await read(wallet.address);
    expect(after.balances).toEqual(before.balances);
  });

  test('screenshots at 390×844 and 320×640 in en and zh, add and remove, EULP and ELP', async () => {
    const stack = e2e.stack();
    const { page, pageErrors } = await e2e.browser();
    await mkdir(SHOTS_DIR, { recursive: true });
    await installTestWallet(page, { rpcUrl: stack.rpcUrl });
    await signInVia(page, stack.webUrl, '/assets/overview');
    for (const size of [
      { width: 390, height: 844 },
      { width: 320, height: 640 },
    ]) {
      await page.setViewportSize(size);
      for (const lang of ['en', 'zh'] as Lang[]) {
        const name = (what: string) => join(SHOTS_DIR, `liquidity.${what}.${size.width}x${size.height}.${lang}.png`);
        await page.evaluate(`localStorage.setItem("lang", ${JSON.stringify(lang)})`);
        await page.goto(`${stack.webUrl}/assets/overview/liquidity?pair=eulp`);
        await page.getByRole('heading', { name: liq(lang, 'title'), exact: true }).waitFor();
        await page.getByTestId('add-a-amount').fill('100');
        await page.getByTestId('add-lp').filter({ hasText: 'EULP' }).waitFor();
        expect(await errorScreen(page).count()).toBe(0);
        await settle(page);
        await page.screenshot({ path: name('add') });
        await page.getByTestId('add-submit').scrollIntoViewIfNeeded();
        await settle(page);
        await page.screenshot({ path: name('add-submit') });
        await page.getByTestId('deadline').scrollIntoViewIfNeeded();
        await settle(page);
        await page.screenshot({ path: name('settings') });
        await page.getByTestId('position').scrollIntoViewIfNeeded();
        await settle(page);
        await page.screenshot({ path: name('position') });
        await page.goto(`${stack.webUrl}/assets/overview/liquidity?pair=elp&tab=remove`);
        await page.getByTestId('no-lp').waitFor();
        await settle(page);
        await page.screenshot({ path: name('remove-elp') });
        await page.goto(`${stack.webUrl}/assets/overview/liquidity?pair=eulp&tab=remove`);
        await page
          .getByRole('button', { name: liq(lang, 'remove.percentLabel', { percent: '25', lp: 'EULP' }) })
          .click();
        await page.getByTestId('remove-out-a').filter({ hasNotText: '—' }).waitFor();
        await settle(page);
        await page.screenshot({ path: name('remove') });
        await page.goto(`${stack.webUrl}/assets/overview`);
        await page.getByTestId('liquidity-link-EULP').waitFor();
        await settle(page);
        await page.screenshot({ path: name('overview-link') });
      }
    }
    expect(pageErrors.map((e) => e.message)).toEqual([]);
  });
});
