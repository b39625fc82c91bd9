/**
 * Home › TREND draws real candles: bob and carol trade on the ETRO/USDT pair across two UTC hours
 * and bob sells FON on the WFON/USDT pair (from Node, on anvil); the indexer's candles reach the
 * screen, whose last price and candle counts must equal the candles built here from the pairs'
 * `Swap` events; the chart is drawn on canvas with TradingView's attribution; the chart's library
 * is fetched only when the tab opens. Screenshots: e2e/artifacts/screenshots/home-trend.*.
 */
import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { describe, expect, test } from 'vitest';
import { parseUnits } from 'viem';
import type { Page } from 'playwright-core';
import { errorScreen, signInVia, text, type Lang } from '../src/app.ts';
import { advanceTime } from '../src/chain.ts';
import { useE2E } from '../src/fixture.ts';
import { routerBuyEtro } from '../src/market.ts';
import { installTestWallet } from '../src/testWallet.ts';
import { chainCandles, chartCandleCount, closeText, routerSellFon, trendChart } from '../src/trend.ts';
import { until } from '../src/wait.ts';

// A stack of its own: in the shared run, after the other files' tests and their reverts, the FON
// candle of this test's trade did not reach the screen within 60 s (twice, when TREND ran late in
// the run; it passes when it runs early). Until that is understood (issue 20: the indexer under
// reorgs), TREND starts from a chain no other file has reverted, as it always did.
const e2e = useE2E({ ownStack: true });
const SHOTS_DIR = resolve(import.meta.dirname, '../artifacts/screenshots');

async function settle(page: Page): Promise<void> {
  await page.evaluate(
    'document.fonts.ready.then(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))))',
  );
}

/** Waits until the chart shows `count` candles and the last price `last`. */
async function waitForCandles(page: Page, count: number, last: string): Promise<void> {
  await until(
    `the chart shows ${count} candles, last ${last}`,
    async () =>
      (await chartCandleCount(page)) === count &&
      (await page
        .getByTestId('trend-last')
        .textContent({ timeout: 500 })
        .catch(() => null)) === last,
    { timeoutMs: 60_000 },
  );
}

describe('home › TREND', () => {
  for (const viewport of ['portrait', 'landscape'] as const) {
    test(`${viewport}: draws the candles of real trades, per pair and interval (screenshots en, zh)`, async () => {
      const stack = e2e.stack();
      const { contracts } = stack.deployments;
      const { page, pageErrors, consoleErrors } = await e2e.browser({ viewport });
      await mkdir(SHOTS_DIR, { recursive: true });
      await installTestWallet(page, { rpcUrl: stack.rpcUrl });
      const chartRequests: string[] = [];
      page.on('request', (req) => {
        if (/\/assets\/lightweight-charts\.[^/]*\.js$/.test(new URL(req.url()).pathname)) chartRequests.push(req.url());
      });
      await signInVia(page, stack.webUrl, '/home/eterno');
      expect(chartRequests).toEqual([]);

      // FON has had no trade on the seeded chain: the empty state, no chart.
      expect(await chainCandles(stack.rpcUrl, stack.deployments, contracts.WFON_USDT, '1h')).toEqual([]);
      await page.goto(`${stack.webUrl}/home/trend?pair=FON&interval=1h`);
      await page.getByTestId('trend-empty').waitFor({ state: 'visible', timeout: 60_000 });
      expect(await page.getByTestId('trend-empty').textContent()).toBe(
        text('en', 'home', 'trend.noTrades').replace('{{token}}', 'FON'),
      );
      expect(await trendChart(page).count()).toBe(0);

      // Trades: two ETRO buys in one hour, one in the next; a FON sell.
      await routerBuyEtro(stack.rpcUrl, stack.deployments, 2, parseUnits('25000', 18));
      await routerBuyEtro(stack.rpcUrl, stack.deployments, 3, parseUnits('1000', 18));
      await advanceTime(stack.rpcUrl, 3_600);
      await routerBuyEtro(stack.rpcUrl, stack.deployments, 2, parseUnits('500', 18));
      await routerSellFon(stack.rpcUrl, stack.deployments, 2, parseUnits('5', 18));

      const fon = await chainCandles(stack.rpcUrl, stack.deployments, contracts.WFON_USDT, '1h');
      expect(fon).toHaveLength(1);
      await waitForCandles(page, 1, closeText(fon[0]!));
      expect(chartRequests).toHaveLength(1);

      const etroHours = await chainCandles(stack.rpcUrl, stack.deployments, contracts.EULP, '1h');
      expect(etroHours.length).toBeGreaterThanOrEqual(2);
      expect(etroHours.at(-1)!.trades).toBe(1);
      await page.getByRole('tab', { name: text('en', 'home', 'trend.pairName').replace('{{token}}', 'ETRO') }).click();
      await waitForCandles(page, etroHours.length, closeText(etroHours.at(-1)!));
      // Drawn on canvas, with the library's TradingView attribution.
      expect(await trendChart(page).locator('canvas').count()).toBeGreaterThan(0);
      expect(await trendChart(page).locator('a[href*="tradingview.com"]').count()).toBe(1);
      // Its logo's inline <style> is allowed by its hash: the CSP applied it (the logo is positioned
      // absolutely by that rule) and logged no violation.
      expect(
        await trendChart(page)
          .locator('a#tv-attr-logo')
          .evaluate((a) => getComputedStyle(a).position),
      ).toBe('absolute');
      expect(consoleErrors.filter((m) => /Content Security Policy|style-src/i.test(m))).toEqual([]);
      // The price went up with the buys: the change over the shown candles is positive.
      expect(await page.getByTestId('trend-change').textContent()).toMatch(/^\+\d/);

      const etroDays = await chainCandles(stack.rpcUrl, stack.deployments, contracts.EULP, '1d');
      await page.getByRole('tab', { name: text('en', 'home', 'trend.intervals.1d') }).click();
      await waitForCandles(page, etroDays.length, closeText(etroDays.at(-1)!));
      await page.getByRole('tab', { name: text('en', 'home', 'trend.intervals.1h') }).click();
      await waitForCandles(page, etroHours.length, closeText(etroHours.at(-1)!));

      for (const lang of ['en', 'zh'] as Lang[]) {
        await page.evaluate(`localStorage.setItem("lang", ${JSON.stringify(lang)})`);
        await page.reload();
        await page.getByRole('tab', { name: text(lang, 'home', 'trend.intervals.1h') }).waitFor({ state: 'visible' });
        await waitForCandles(page, etroHours.length, closeText(etroHours.at(-1)!));
        expect(await errorScreen(page).count()).toBe(0);
        await settle(page);
        await page.screenshot({ path: join(SHOTS_DIR, `home-trend.etro-1h.${viewport}.${lang}.png`) });
      }
      expect(pageErrors.map((e) => e.message)).toEqual([]);
      expect(consoleErrors.filter((m) => /Content Security Policy|style-src/i.test(m))).toEqual([]);
    });
  }
});
