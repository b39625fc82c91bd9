/**
 * How the suites find their way around the web app: texts come from the app's own locale files
 * (so a wording change does not break a test), elements by role or data-testid.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Locator, Page } from 'playwright-core';

const WEB_LOCALES = resolve(import.meta.dirname, '../../apps/web/src/i18n/locales');

export type Lang = 'en' | 'zh';

/** A locale file of the web app, e.g. `locale("en", "login")`. */
export function locale(lang: Lang, namespace: string): Record<string, unknown> {
  return JSON.parse(readFileSync(join(WEB_LOCALES, lang, `${namespace}.json`), 'utf8')) as Record<string, unknown>;
}

/** A text of a locale file by dotted key, e.g. `text("en", "login", "status.confirming")`. */
export function text(lang: Lang, namespace: string, key: string): string {
  let value: unknown = locale(lang, namespace);
  for (const part of key.split('.')) value = (value as Record<string, unknown> | undefined)?.[part];
  if (typeof value !== 'string') throw new Error(`no text ${lang}/${namespace}:${key}`);
  return value;
}

/** A text of the web app's amount namespace (the amount field of every form) with its {{placeholders}} filled. */
export function amountText(lang: Lang, key: string, values: Record<string, string | number> = {}): string {
  return text(lang, 'amount', key).replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));
}

export function connectButton(page: Page, lang: Lang = 'en'): Locator {
  return page.getByRole('button', { name: text(lang, 'login', 'connect'), exact: true });
}

/** The global modal (spec: system messages). */
export function modal(page: Page): Locator {
  return page.getByRole('dialog');
}

/** `path?search#hash` of the page's current URL. */
export function pathOf(page: Page): string {
  const u = new URL(page.url());
  return `${u.pathname}${u.search}${u.hash}`;
}

/** The address as the app shortens it: first 8 characters, an ellipsis, last 6. */
export function shortAddress(address: string): RegExp {
  const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`${esc(address.slice(0, 8))}\\s*(…|\\.\\.\\.)\\s*${esc(address.slice(-6))}`, 'i');
}

/**
 * Opens `path` logged out (the guard sends the page to /login), clicks "Connect wallet" and waits
 * until the app has landed back on `path`. The wallet must already be installed in the page.
 */
export async function signInVia(
  page: Page,
  webUrl: string,
  path = '/assets/overview',
  lang: Lang = 'en',
): Promise<void> {
  await page.goto(`${webUrl}${path}`);
  await page.waitForURL((u) => u.pathname === '/login');
  await connectButton(page, lang).click();
  await page.waitForURL((u) => `${u.pathname}${u.search}${u.hash}` === path, { timeout: 60_000 });
}

/** Reads `sessionStorage` of the page as a plain object. */
export function sessionStorageOf(page: Page): Promise<Record<string, string>> {
  return page.evaluate('Object.fromEntries(Object.entries(sessionStorage))') as Promise<Record<string, string>>;
}

export function localStorageOf(page: Page): Promise<Record<string, string>> {
  return page.evaluate('Object.fromEntries(Object.entries(localStorage))') as Promise<Record<string, string>>;
}

/** The session token the app keeps in sessionStorage under the address (any letter case). */
export function tokenOf(storage: Record<string, string>, address: string): string | undefined {
  const key = Object.keys(storage).find((k) => k.toLowerCase() === address.toLowerCase());
  return key === undefined ? undefined : storage[key];
}

/** Leaves a mark in the page's JS realm; it is gone once the page has reloaded. */
export async function markPage(page: Page): Promise<void> {
  await page.evaluate('window.__e2eMark = true');
}

export async function pageWasReloaded(page: Page): Promise<boolean> {
  return (await page.evaluate('window.__e2eMark !== true').catch(() => false)) as boolean;
}

/** The bottom tab bar (Home, Kits, Market, Assets, Ecology, Mine). */
export function tabBar(page: Page, lang: Lang = 'en'): Locator {
  return page.getByRole('navigation', { name: text(lang, 'common', 'mainNav'), exact: true });
}

/** A full-page error (route error boundary, config error): `role="alert"`. */
export function errorScreen(page: Page): Locator {
  return page.getByRole('alert');
}

/** The language switch in Mine › settings, labelled in the current language. */
export function settingsLanguageSwitch(page: Page, current: Lang): Locator {
  return page.getByRole('group', { name: text(current, 'screens', 'mine.setting.language'), exact: true });
}

/** The language switch on the login page, labelled in the current language. */
export function loginLanguageSwitch(page: Page, current: Lang): Locator {
  return page.getByRole('group', { name: text(current, 'login', 'language'), exact: true });
}
