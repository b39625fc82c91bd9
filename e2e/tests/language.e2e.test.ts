/**
 * Language (spec §1): the stored setting `lang` decides; on a first visit (nothing stored) the
 * browser's preferred languages do (a zh-CN browser gets Chinese), en otherwise; the switch on the
 * login page and in Mine › settings changes it and it survives a reload.
 */
import { describe, expect, test } from 'vitest';
import {
  connectButton,
  localStorageOf,
  loginLanguageSwitch,
  settingsLanguageSwitch,
  tabBar,
  text,
} from '../src/app.ts';
import { useE2E } from '../src/fixture.ts';
import { installTestWallet } from '../src/testWallet.ts';

const e2e = useE2E();

describe('language', () => {
  test('English by default; 中文 on the login page persists across a reload; Mine › settings switches back', async () => {
    const stack = e2e.stack();
    const { page } = await e2e.browser({ locale: 'en-US' });
    await installTestWallet(page, { rpcUrl: stack.rpcUrl });
    await page.goto(`${stack.webUrl}/login?redirect=${encodeURIComponent('/mine/setting')}`);
    await connectButton(page, 'en').waitFor({ state: 'visible' });
    await page.getByText(text('en', 'login', 'tagline')).waitFor({ state: 'visible' });
    expect(await localStorageOf(page)).not.toHaveProperty('lang');

    await loginLanguageSwitch(page, 'en').getByRole('button', { name: '中文' }).click();
    await connectButton(page, 'zh').waitFor({ state: 'visible' });
    await page.getByText(text('zh', 'login', 'tagline')).waitFor({ state: 'visible' });
    expect((await localStorageOf(page)).lang).toBe('zh');
    expect(await page.getAttribute('html', 'lang')).toMatch(/^zh/);

    await page.reload();
    await connectButton(page, 'zh').waitFor({ state: 'visible' });
    await page.getByText(text('zh', 'login', 'tagline')).waitFor({ state: 'visible' });
    expect(await connectButton(page, 'en').count()).toBe(0);

    // Signed in, the app speaks Chinese too; Mine › settings switches back to English.
    await connectButton(page, 'zh').click();
    await page.waitForURL((u) => u.pathname === '/mine/setting', { timeout: 60_000 });
    await tabBar(page, 'zh').getByText('我的', { exact: true }).waitFor({ state: 'visible' });
    await settingsLanguageSwitch(page, 'zh')
      .getByRole('button', { name: text('zh', 'common', 'languages.en') })
      .click();
    const nav = tabBar(page, 'en');
    await nav.getByText('Mine', { exact: true }).waitFor({ state: 'visible' });
    expect((await localStorageOf(page)).lang).toBe('en');
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    await page.reload();
    await nav.getByText('Kits', { exact: true }).waitFor({ state: 'visible' });
  });

  test('a zh-CN browser gets Chinese on a first visit; the stored lang still wins', async () => {
    const stack = e2e.stack();
    const { page } = await e2e.browser({ locale: 'zh-CN' });
    await page.goto(`${stack.webUrl}/login`);
    await connectButton(page, 'zh').waitFor({ state: 'visible' });
    await page.getByText(text('zh', 'login', 'tagline')).waitFor({ state: 'visible' });
    expect(await page.getAttribute('html', 'lang')).toBe('zh-CN');
    // The browser's language is not a choice: nothing is stored.
    expect(await localStorageOf(page)).not.toHaveProperty('lang');

    // The user picks English: stored, it wins over the zh-CN browser after a reload.
    await loginLanguageSwitch(page, 'zh').getByRole('button', { name: 'English' }).click();
    await connectButton(page, 'en').waitFor({ state: 'visible' });
    expect((await localStorageOf(page)).lang).toBe('en');
    await page.reload();
    await connectButton(page, 'en').waitFor({ state: 'visible' });
    await page.getByText(text('en', 'login', 'tagline')).waitFor({ state: 'visible' });
    expect(await connectButton(page, 'zh').count()).toBe(0);
    expect(await page.getAttribute('html', 'lang')).toBe('en');
  });
});
