// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** i18n/index.ts initialises i18next on import: each test imports a fresh copy. */
async function freshI18n() {
  vi.resetModules();
  return import('./index.ts');
}

beforeEach(() => {
  localStorage.clear();
  document.documentElement.lang = '';
});
afterEach(() => {
  localStorage.clear();
});

describe('i18n', () => {
  it('starts in English without a stored language', async () => {
    const { i18n, currentLanguage, loadNamespaces } = await freshI18n();
    expect(currentLanguage()).toBe('en');
    expect(i18n.t('tabs.finance')).toBe('Kits');
    expect(document.documentElement.lang).toBe('en');
    // The error catalogue is not in the entry: the login page fetches it with its sign-in code.
    expect(i18n.exists('errors:ERROR_ACCOUNT')).toBe(false);
    await loadNamespaces(['errors']);
    expect(i18n.t('errors:ERROR_ACCOUNT')).toBe('error account');
  });

  it('starts in the language stored under lang', async () => {
    localStorage.setItem('lang', 'zh');
    const { i18n, currentLanguage } = await freshI18n();
    expect(currentLanguage()).toBe('zh');
    expect(i18n.t('tabs.finance')).toBe('理财');
    expect(document.documentElement.lang).toBe('zh-CN');
  });

  it('ignores a stored language it does not ship', async () => {
    localStorage.setItem('lang', 'de');
    const { currentLanguage } = await freshI18n();
    expect(currentLanguage()).toBe('en');
  });

  it('setLanguage switches, persists in localStorage lang and sets <html lang>; a reload keeps it', async () => {
    const first = await freshI18n();
    await first.setLanguage('zh');
    expect(localStorage.getItem('lang')).toBe('zh');
    expect(first.i18n.t('tabs.mine')).toBe('我的');
    expect(document.documentElement.lang).toBe('zh-CN');

    const reloaded = await freshI18n();
    expect(reloaded.currentLanguage()).toBe('zh');

    await reloaded.setLanguage('en');
    expect(localStorage.getItem('lang')).toBe('en');
    expect(reloaded.i18n.t('tabs.mine')).toBe('Mine');
    expect(document.documentElement.lang).toBe('en');
  });

  it('interpolates the bid limit of the error catalogue', async () => {
    const { i18n, loadNamespaces } = await freshI18n();
    await loadNamespaces(['errors']);
    expect(i18n.t('errors:BID_TOO_HIGH', { price: '1.5' })).toBe('Your bid is too high, please do not exceed 1.5!');
  });

  it('fetches the login page error catalogue alone, and every signed-in namespace in both languages with one chunk each', async () => {
    const { i18n, loadNamespaces, loadFeatureNamespaces } = await freshI18n();
    await loadNamespaces(['errors']);
    expect(i18n.exists('errors:ERROR_ACCOUNT')).toBe(true);
    expect(i18n.exists('home:title')).toBe(false);
    await loadNamespaces(['home']);
    expect(i18n.t('home:title')).toBe('ETERNO market');
    // The same chunk brought every other screen's texts, in both languages.
    for (const ns of ['vault', 'finance', 'referral', 'screens'] as const)
      for (const lng of ['en', 'zh']) expect(i18n.hasResourceBundle(lng, ns), `${lng}/${ns}`).toBe(true);
    await loadFeatureNamespaces();
    expect(i18n.getResourceBundle('zh', 'errors')).toBeTruthy();
  });
});
