/**
 * Home › ETERNO shows the market figures the chain has (computed here from plain contract reads),
 * follows a trade on the ETRO/USDT pair made from Node, and renders at phone sizes in both
 * languages (screenshots in e2e/artifacts/screenshots/home-eterno.figures.*).
 */
import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { describe, expect, test } from 'vitest';
import { parseUnits } from 'viem';
import type { Page } from 'playwright-core';
import { errorScreen, markPage, pageWasReloaded, signInVia, text, type Lang } from '../src/app.ts';
import { useE2E } from '../src/fixture.ts';
import { expectedMarket, routerBuyEtro, shownMarket, waitForMarket } from '../src/market.ts';
import { installTestWallet } from '../src/testWallet.ts';
import { until } from '../src/wait.ts';

const e2e = useE2E();

const SHOTS_DIR = resolve(import.meta.dirname, '../artifacts/screenshots');

async function shownBlock(page: Page): Promise<bigint | null> {
  const value = await page
    .getByTestId('block-chip')
    .getAttribute('data-block', { timeout: 1_000 })
    .catch(() => null);
  return value === null ? null : BigInt(value);
}

async function settle(page: Page): Promise<void> {
  await page.evaluate(
    'document.fonts.ready.then(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))))',
  );
}

describe('home › ETERNO', () => {
  test("shows the chain's prices, LP stats, values and reserves, and follows a trade on the pair", async () => {
    const stack = e2e.stack();
    const { page, pageErrors } = await e2e.browser();
    await installTestWallet(page, { rpcUrl: stack.rpcUrl });
    await signInVia(page, stack.webUrl, '/home/eterno');

    const before = await expectedMarket(stack.rpcUrl, stack.deployments);
    // The seed opens the pair at 0.5 USDT per ETRO and WFON/USDT at 2 USDT per FON.
    expect(before.texts['price-ETRO']).toBe('0.5');
    expect(before.texts['price-FON']).toBe('2');
    await waitForMarket(page, before.texts);
    expect(await shownBlock(page)).toBe(before.blockNumber);
    // Nothing is declared in the local config: no declared line.
    expect(await page.getByTestId('value-usdt-declared').count()).toBe(0);
    expect(await page.getByTestId('value-etro-declared').count()).toBe(0);

    // bob buys ETRO with 25,000 USDT through the router: the price on screen goes up by itself.
    await markPage(page);
    await routerBuyEtro(stack.rpcUrl, stack.deployments, 2, parseUnits('25000', 18));
    const after = await expectedMarket(stack.rpcUrl, stack.deployments);
    expect(after.etroPrice).toBeGreaterThan(before.etroPrice);
    expect(after.texts['price-ETRO']).not.toBe(before.texts['price-ETRO']);
    expect(after.texts['lp-usdtReserve']).not.toBe(before.texts['lp-usdtReserve']);
    await waitForMarket(page, after.texts, { timeoutMs: 30_000 });
    expect(await shownBlock(page)).toBe(after.blockNumber);
    expect(await pageWasReloaded(page)).toBe(false);
    expect(pageErrors.map((e) => e.message)).toEqual([]);
  });

  for (const viewport of ['portrait', 'landscape'] as const) {
    test(`${viewport}: renders the figures in en and zh (screenshots)`, async () => {
      const stack = e2e.stack();
      const { page, pageErrors } = await e2e.browser({ viewport });
      await mkdir(SHOTS_DIR, { recursive: true });
      await installTestWallet(page, { rpcUrl: stack.rpcUrl });
      await signInVia(page, stack.webUrl, '/home/eterno');
      for (const lang of ['en', 'zh'] as Lang[]) {
        const expected = await expectedMarket(stack.rpcUrl, stack.deployments, lang);
        await page.evaluate(`localStorage.setItem("lang", ${JSON.stringify(lang)})`);
        await page.reload();
        await page
          .getByRole('heading', { name: text(lang, 'home', 'title'), exact: true })
          .waitFor({ state: 'visible' });
        await waitForMarket(page, expected.texts, { englishSentences: lang === 'en' });
        expect(await errorScreen(page).count()).toBe(0);
        const shown = await shownMarket(page, Object.keys(expected.texts));
        expect(Object.values(shown).every((v) => v !== null)).toBe(true);
        await settle(page);
        await page.screenshot({ path: join(SHOTS_DIR, `home-eterno.figures.${viewport}.${lang}.png`) });
        // The lower half of the screen, scrolled into view.
        await until('scrolled to the farm card', async () => {
          await page.getByTestId('farm-emitted').scrollIntoViewIfNeeded();
          return true;
        });
        await settle(page);
        await page.screenshot({ path: join(SHOTS_DIR, `home-eterno.figures.${viewport}.${lang}.bottom.png`) });
      }
      expect(pageErrors.map((e) => e.message)).toEqual([]);
    });
  }
});
