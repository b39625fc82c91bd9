/**
 * The main screens at 390×844 (portrait), 844×390 (landscape: the app turns 90°) and 320×640 (a
 * small phone), in English and Chinese: each must render (no error screen, tab bar visible, the app
 * box the right way round). At 390×844 and 320×640 every screen of the tab bar's sections also passes
 * the visual check (src/layoutDefects.ts: no sideways overflow, no text spilling out of its box, no
 * figure cut with an ellipsis, no overlapping siblings, no text under 12 px, every control named).
 * Screenshots go to e2e/artifacts/screenshots/ for people to look at.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { connectButton, errorScreen, signInVia, tabBar, text, type Lang } from '../src/app.ts';
import type { ViewportName } from '../src/browser.ts';
import { useE2E } from '../src/fixture.ts';
import { layoutDefects } from '../src/layoutDefects.ts';
import { installTestWallet } from '../src/testWallet.ts';

const e2e = useE2E();

const SHOTS_DIR = resolve(import.meta.dirname, '../artifacts/screenshots');
const LANGS: Lang[] = ['en', 'zh'];
const APP_ROUTES = [
  '/home/eterno',
  '/assets/overview',
  '/finance/overview',
  '/market/eusd',
  '/ecology/overview',
  '/mine/today',
  '/mine/setting',
] as const;
/** Every sub-tab of the tab bar's sections and the screens linked from them (the visual check). */
const VISUAL_ROUTES = [
  '/home/eterno',
  '/home/trend',
  '/finance/overview',
  '/finance/mine',
  '/finance/past',
  '/finance/regular',
  '/finance/stake',
  '/finance/exchange',
  '/market/eusd',
  '/market/orders',
  '/assets/overview',
  '/assets/overview/usdt',
  '/assets/swap',
  '/assets/income',
  '/assets/data',
  '/assets/experience',
  '/ecology/overview',
  '/ecology/defi',
  '/ecology/nft',
  '/ecology/nodes',
  '/mine/today',
  '/mine/invite-register',
  '/mine/invited',
  '/mine/framework',
  '/mine/team',
  '/mine/setting',
] as const;
const SIZES: Record<ViewportName, { w: number; h: number }> = {
  portrait: { w: 390, h: 844 },
  landscape: { w: 844, h: 390 },
  small: { w: 320, h: 640 },
  desktop: { w: 1280, h: 800 },
};

type Geometry = {
  mode: string | undefined;
  width: number;
  height: number;
  rectWidth: number;
  rectHeight: number;
  rectLeft: number;
  rectTop: number;
};

/** The app box (#root): its own (layout) size and its on-screen rectangle after transforms. */
async function appGeometry(page: Page): Promise<Geometry> {
  return (await page.evaluate(`(() => {
    const el = document.getElementById("root");
    const r = el.getBoundingClientRect();
    return { mode: el.dataset.layout, width: el.offsetWidth, height: el.offsetHeight,
             rectWidth: r.width, rectHeight: r.height, rectLeft: r.left, rectTop: r.top };
  })()`)) as Geometry;
}

/** The app is laid out in portrait; in landscape it is turned so that it covers the window. */
function expectOrientation(g: Geometry, viewport: ViewportName, where: string): void {
  const size = SIZES[viewport];
  expect(g.width, where).toBeLessThan(g.height);
  expect(g.mode, where).toBe(viewport === 'landscape' ? 'rotated' : 'portrait');
  expect(Math.round(g.rectWidth), where).toBe(size.w);
  expect(Math.round(g.rectHeight), where).toBe(size.h);
  expect(Math.round(g.rectLeft), where).toBe(0);
  expect(Math.round(g.rectTop), where).toBe(0);
}

async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  // Fonts and the last React commit.
  await page.evaluate(
    'document.fonts.ready.then(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))))',
  );
}

async function noErrorScreen(page: Page, where: string): Promise<void> {
  const errors = await errorScreen(page).allInnerTexts();
  expect(errors, `${where}: error screen`).toEqual([]);
}

function shotName(route: string, viewport: ViewportName, lang: Lang): string {
  const slug = route.replace(/^\//, '').replace(/\//g, '-') || 'root';
  return `${slug}.${viewport}.${lang}.png`;
}

describe('screens render at phone sizes in both languages', () => {
  for (const viewport of ['portrait', 'landscape', 'small'] as const) {
    const visual = viewport !== 'landscape';
    test(`${viewport}: /login and the main screens, en and zh${visual ? ', the visual check' : ''}`, async () => {
      const stack = e2e.stack();
      const session = await e2e.browser({ viewport });
      const { page } = session;
      await mkdir(SHOTS_DIR, { recursive: true });
      await installTestWallet(page, { rpcUrl: stack.rpcUrl });
      const defects: string[] = [];
      const check = async (where: string): Promise<void> => {
        if (!visual) return;
        for (const d of await layoutDefects(page)) defects.push(`${where}: ${d.kind} ${d.element}: ${d.detail}`);
        // Each screen's defects as they are found, for a run that is cut short.
        if (defects.length > 0) await writeFile(join(SHOTS_DIR, `defects.${viewport}.txt`), defects.join('\n'));
      };

      // Logged out: the login screen.
      for (const lang of LANGS) {
        await page.goto(`${stack.webUrl}/login`);
        await page.evaluate(`localStorage.setItem("lang", ${JSON.stringify(lang)})`);
        await page.reload();
        await connectButton(page, lang).waitFor({ state: 'visible' });
        await settle(page);
        const where = `/login ${viewport} ${lang}`;
        await noErrorScreen(page, where);
        expectOrientation(await appGeometry(page), viewport, where);
        await check(where);
        await page.screenshot({ path: join(SHOTS_DIR, shotName('/login', viewport, lang)) });
      }

      // Signed in (connecting in the last language set).
      await signInVia(page, stack.webUrl, '/home/eterno', LANGS[LANGS.length - 1]);
      for (const lang of LANGS) {
        await page.evaluate(`localStorage.setItem("lang", ${JSON.stringify(lang)})`);
        for (const route of visual ? VISUAL_ROUTES : APP_ROUTES) {
          await page.goto(`${stack.webUrl}${route}`);
          await page.waitForURL((u) => u.pathname === route);
          const nav = tabBar(page, lang);
          await nav.waitFor({ state: 'visible' });
          await nav.getByText(text(lang, 'common', 'tabs.mine'), { exact: true }).waitFor({ state: 'visible' });
          await settle(page);
          const where = `${route} ${viewport} ${lang}`;
          await noErrorScreen(page, where);
          expectOrientation(await appGeometry(page), viewport, where);
          // The tab bar runs along the bottom of the app: across the screen in portrait, down
          // its side when the app is turned.
          const bar = await nav.boundingBox();
          expect(bar, where).not.toBeNull();
          if (viewport !== 'landscape') expect(bar!.width, where).toBeGreaterThan(bar!.height);
          else expect(bar!.height, where).toBeGreaterThan(bar!.width);
          await check(where);
          await page.screenshot({ path: join(SHOTS_DIR, shotName(route, viewport, lang)) });
        }
      }
      expect(session.pageErrors.map((e) => e.message)).toEqual([]);
      expect(defects).toEqual([]);
    }, 900_000);
  }

  test('desktop (1280×800, mouse): the portrait app is shown centred, not turned', async () => {
    const stack = e2e.stack();
    const { page } = await e2e.browser({ viewport: 'desktop' });
    await mkdir(SHOTS_DIR, { recursive: true });
    await installTestWallet(page, { rpcUrl: stack.rpcUrl });
    await signInVia(page, stack.webUrl, '/assets/overview');
    const nav = tabBar(page);
    await nav.waitFor({ state: 'visible' });
    await settle(page);
    await noErrorScreen(page, '/assets/overview desktop');
    const g = await appGeometry(page);
    expect(g.mode).toBe('centred');
    expect(g.width).toBeLessThan(g.height);
    expect(Math.round(g.rectHeight)).toBe(800);
    expect(Math.round(g.rectLeft + g.rectWidth / 2)).toBe(640);
    const bar = await nav.boundingBox();
    expect(bar!.width).toBeGreaterThan(bar!.height);
    await page.screenshot({ path: join(SHOTS_DIR, shotName('/assets/overview', 'desktop', 'en')) });
  });
});
