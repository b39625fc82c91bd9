/**
 * Figures fit a phone (issue 19 §3): after a trade has made the ETRO price a long decimal, Home,
 * the ETRO asset detail, the farm, the finance orders and the team screen are opened at 390×844,
 * 360×800 and 320×640 in English and Chinese. No figure may be cut with "…", wrap onto a second
 * line or stick out of its card; a shortened figure shows its exact value on tap. Screenshots:
 * e2e/artifacts/screenshots/figures.*.
 */
import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { describe, expect, test } from 'vitest';
import { parseUnits } from 'viem';
import type { Page } from 'playwright-core';
import { errorScreen, signInVia, tabBar, type Lang } from '../src/app.ts';
import { useE2E } from '../src/fixture.ts';
import { expectedMarket, routerBuyEtro, waitForMarket } from '../src/market.ts';
import { installTestWallet } from '../src/testWallet.ts';

const e2e = useE2E();
const SHOTS_DIR = resolve(import.meta.dirname, '../artifacts/screenshots');

const SIZES = [
  { width: 390, height: 844 },
  { width: 360, height: 800 },
  { width: 320, height: 640 },
] as const;
const ROUTES = ['/home/eterno', '/assets/overview/etro', '/ecology/defi', '/finance/mine', '/mine/team'] as const;

/** The figures that must stay on one line, uncut, inside their card. */
const FIGURES = [
  '.figure-text',
  '.price-value',
  '.value-total',
  '[data-testid="apr"]',
  '.asset-figures dd',
  '.tree-addr',
  '.mining-percent',
  '.amount-box-balance',
].join(', ');

type Misfit = { selector: string; text: string; why: string };

/** Every visible figure that is cut with "…", wraps, overflows its own box or leaves its card. */
async function misfits(page: Page): Promise<Misfit[]> {
  return (await page.evaluate(`(() => {
    const out = [];
    for (const el of document.querySelectorAll(${JSON.stringify(FIGURES)})) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || el.closest('[hidden]')) continue;
      const text = el.textContent.trim();
      const selector = el.dataset.testid ? '[data-testid=' + el.dataset.testid + ']' : el.className;
      const style = getComputedStyle(el);
      // "…" in the text (a placeholder while loading is "Label: …", not a cut figure).
      if (!el.classList.contains('tree-addr') && text.includes('…') && !/:\\s*…$/.test(text))
        out.push({ selector, text, why: 'cut with …' });
      if (style.textOverflow === 'ellipsis' && el.scrollWidth > el.clientWidth) out.push({ selector, text, why: 'ellipsis' });
      if (style.display !== 'inline' && el.scrollWidth > el.clientWidth + 1) out.push({ selector, text, why: 'overflows its box' });
      const lineHeight = parseFloat(style.lineHeight) || parseFloat(style.fontSize) * 1.6;
      const wrapped = style.display === 'inline' ? el.getClientRects().length > 1 : r.height > lineHeight * 1.5;
      if (wrapped) out.push({ selector, text, why: 'wraps onto a second line' });
      const card = el.closest('article, section, li, .vault-card, .finance-card, .farm-card, .stat-card, .price-tile');
      if (card) {
        const c = card.getBoundingClientRect();
        if (r.right > c.right + 1 || r.left < c.left - 1) out.push({ selector, text, why: 'leaves its card' });
      }
      if (r.right > window.innerWidth + 1) out.push({ selector, text, why: 'leaves the screen' });
    }
    return out;
  })()`)) as Misfit[];
}

async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.evaluate(
    'document.fonts.ready.then(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))))',
  );
}

describe('figures fit at 390, 360 and 320 px in en and zh', () => {
  test('Home, ETRO detail, farm, orders, team: nothing cut, wrapped or sticking out (screenshots)', async () => {
    const stack = e2e.stack();
    const { page, pageErrors } = await e2e.browser({ viewport: 'portrait' });
    await mkdir(SHOTS_DIR, { recursive: true });
    await installTestWallet(page, { rpcUrl: stack.rpcUrl });
    // A trade makes the ETRO price a long decimal (0.5 before: round figures hide the problem).
    await routerBuyEtro(stack.rpcUrl, stack.deployments, 2, parseUnits('25000', 18));
    await signInVia(page, stack.webUrl, '/home/eterno');

    const found: string[] = [];
    for (const lang of ['en', 'zh'] as Lang[]) {
      await page.evaluate(`localStorage.setItem("lang", ${JSON.stringify(lang)})`);
      const market = await expectedMarket(stack.rpcUrl, stack.deployments, lang);
      // The price is shortened to 4 significant digits; its exact value is a tap away.
      expect(market.texts['price-ETRO']).toMatch(/^0\.\d{1,4}$/);
      for (const size of SIZES) {
        await page.setViewportSize(size);
        for (const route of ROUTES) {
          await page.goto(`${stack.webUrl}${route}`);
          await tabBar(page, lang).waitFor({ state: 'visible' });
          if (route === '/home/eterno') await waitForMarket(page, market.texts, { englishSentences: lang === 'en' });
          await settle(page);
          expect(await errorScreen(page).count(), `${route} ${lang}`).toBe(0);
          const where = `${route} ${size.width}×${size.height} ${lang}`;
          for (const m of await misfits(page)) found.push(`${where}: ${m.selector} "${m.text}" ${m.why}`);
          const slug = route.replace(/^\//, '').replace(/\//g, '-');
          await page.screenshot({ path: join(SHOTS_DIR, `figures.${slug}.${size.width}.${lang}.png`) });
        }
      }
    }
    expect(found).toEqual([]);

    // A shortened figure shows its exact value on tap (Home's ETRO value, compacted to millions).
    await page.setViewportSize(SIZES[2]);
    await page.evaluate(`localStorage.setItem("lang", "en")`);
    await page.goto(`${stack.webUrl}/home/eterno`);
    const market = await expectedMarket(stack.rpcUrl, stack.deployments, 'en');
    await waitForMarket(page, market.texts);
    const value = page.getByTestId('value-etro-total');
    expect(await value.textContent()).toMatch(/^\d+(\.\d{1,2})? M USDT$/);
    await value.click();
    const exact = page.locator('.figure-exact:not([hidden])');
    await exact.waitFor({ state: 'visible' });
    expect(await exact.textContent()).toBe(`Exact: ${await value.getAttribute('data-exact')} USDT`);
    await settle(page);
    await page.screenshot({ path: join(SHOTS_DIR, 'figures.home-eterno.320.en.exact.png') });
    expect(pageErrors.map((e) => e.message)).toEqual([]);
  }, 1_200_000);
});
