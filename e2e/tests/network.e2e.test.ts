/**
 * The chain's RPC or the ETERNO server out of reach (issue 20 §1): the app shows one translated
 * banner naming what cannot be reached (no raw browser or viem text, no card stuck loading), sends
 * nothing meanwhile, and comes back by itself once it answers again. The outage is made in the
 * browser (every request of the page to the RPC or the API refused), so the stack itself keeps going:
 * a trade made meanwhile shows up once the RPC answers. Screenshots: e2e/artifacts/screenshots/network.*.
 */
import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { describe, expect, test } from 'vitest';
import { parseUnits } from 'viem';
import type { Page } from 'playwright-core';
import { signInVia, text, type Lang } from '../src/app.ts';
import { useE2E } from '../src/fixture.ts';
import { expectedMarket, routerBuyEtro, waitForMarket } from '../src/market.ts';
import { installTestWallet } from '../src/testWallet.ts';
import { expectReallyVisible } from '../src/visible.ts';

const e2e = useE2E();

const SHOTS_DIR = resolve(import.meta.dirname, '../artifacts/screenshots');

/** Raw texts a user must never see: the browser's, viem's. */
const RAW_ERROR = /Failed to fetch|HTTP request failed|viem@|Details:|ECONNREFUSED/;

/** Refuses every request of the page to `url`'s origin, as a network that cannot reach it; returns the undo. */
async function cut(page: Page, url: string): Promise<() => Promise<void>> {
  const origin = new URL(url).origin;
  const matches = (u: URL) => u.origin === origin;
  await page.route(matches, (route) => route.abort('connectionrefused'));
  return () => page.unroute(matches);
}

async function shot(page: Page, name: string): Promise<void> {
  await mkdir(SHOTS_DIR, { recursive: true });
  await page.screenshot({ path: join(SHOTS_DIR, `network.${name}.png`) });
}

describe('network unreachable', () => {
  test('the RPC out of reach: one banner, no raw error, the figures back by themselves with what happened meanwhile', async () => {
    const stack = e2e.stack();
    const { page, pageErrors } = await e2e.browser();
    await installTestWallet(page, { rpcUrl: stack.rpcUrl });
    await signInVia(page, stack.webUrl, '/home/eterno');
    const before = await expectedMarket(stack.rpcUrl, stack.deployments);
    await waitForMarket(page, before.texts);

    const restore = await cut(page, stack.rpcUrl);
    const banner = page.getByTestId('network-banner');
    await banner.waitFor({ state: 'visible', timeout: 30_000 });
    await expectReallyVisible(banner);
    expect(await banner.innerText()).toContain(text('en', 'common', 'network.unreachable.chain'));
    expect(await page.getByTestId('network-banner').count()).toBe(1);
    // The last figures stay on screen; nothing raw anywhere.
    await waitForMarket(page, before.texts);
    expect(await page.locator('body').innerText()).not.toMatch(RAW_ERROR);
    await shot(page, 'chain.en.portrait');

    // The chain goes on without the page: a trade while the page cannot see it.
    await routerBuyEtro(stack.rpcUrl, stack.deployments, 2, parseUnits('20000', 18));
    const after = await expectedMarket(stack.rpcUrl, stack.deployments);
    expect(after.texts['price-ETRO']).not.toBe(before.texts['price-ETRO']);

    await restore();
    await banner.waitFor({ state: 'detached', timeout: 30_000 });
    await waitForMarket(page, after.texts, { timeoutMs: 30_000 });
    expect(pageErrors).toEqual([]);
  });

  for (const lang of ['en', 'zh'] as const satisfies readonly Lang[]) {
    test(`the server out of reach (${lang}): the banner names the server, the cards wait quietly, back by themselves`, async () => {
      const stack = e2e.stack();
      const { page, pageErrors } = await e2e.browser(lang === 'zh' ? { locale: 'zh-CN' } : {});
      await installTestWallet(page, { rpcUrl: stack.rpcUrl });
      await signInVia(page, stack.webUrl, '/mine/today', lang);
      const cards = page.locator('[data-testid$="-error"], [data-testid$="-loading"]');
      await expect.poll(() => cards.count(), { timeout: 30_000 }).toBe(0);

      const restore = await cut(page, stack.apiUrl);
      // A full load with the server out of reach: every read fails at once.
      await page.reload();
      const banner = page.getByTestId('network-banner');
      await banner.waitFor({ state: 'visible', timeout: 30_000 });
      await expectReallyVisible(banner);
      expect(await banner.innerText()).toContain(text(lang, 'common', 'network.unreachable.server'));
      const waiting = page.getByTestId('read-waiting');
      await expect.poll(() => waiting.count(), { timeout: 30_000 }).toBeGreaterThan(0);
      expect(await waiting.first().innerText()).toBe(text(lang, 'common', 'network.waiting'));
      // No card offers its own Retry or raw text while the banner does.
      expect(await page.locator('.error-card:not(.error-card-waiting)').count()).toBe(0);
      expect(await page.locator('body').innerText()).not.toMatch(RAW_ERROR);
      await shot(page, `server.${lang}.portrait`);

      await restore();
      await banner.waitFor({ state: 'detached', timeout: 30_000 });
      await expect.poll(() => cards.count(), { timeout: 30_000 }).toBe(0);
      expect(await waiting.count()).toBe(0);
      expect(pageErrors).toEqual([]);
    });
  }
});
