/**
 * Debian's Chromium driven by playwright-core: one persistent context per call, on a fresh temp
 * profile (so every session starts with empty local/session storage), removed again on close.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

export const CHROMIUM_PATH = process.env.ETERNO_CHROMIUM ?? '/usr/bin/chromium';

/** `--headless` itself is added by playwright-core (`headless: true`). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
] as const;

export type ViewportName = 'portrait' | 'landscape' | 'small' | 'desktop';

type ViewportProfile = {
  viewport: { width: number; height: number };
  isMobile: boolean;
  hasTouch: boolean;
  deviceScaleFactor: number;
};

/** A phone held upright, the same phone turned (the app rotates 90°), a small phone, and a desktop window. */
export const VIEWPORTS: Record<ViewportName, ViewportProfile> = {
  portrait: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1 },
  landscape: { viewport: { width: 844, height: 390 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1 },
  small: { viewport: { width: 320, height: 640 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1 },
  desktop: { viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1 },
};

export type BrowserSession = {
  context: BrowserContext;
  /** The context's first page. */
  page: Page;
  /** Uncaught exceptions thrown in the page, in order. */
  pageErrors: Error[];
  /** `console.error` texts of the page, in order. */
  consoleErrors: string[];
  /** Every console message of the page (type and text), in order. */
  consoleMessages: Array<{ type: string; text: string }>;
  close(): Promise<void>;
};

export type LaunchOptions = {
  viewport?: ViewportName;
  /** Default action/navigation timeout of the page (ms). */
  timeoutMs?: number;
  /** The browser's locale (`navigator.languages`, Accept-Language); Chromium's own when unset. */
  locale?: string;
};

export async function launchBrowser(opts: LaunchOptions = {}): Promise<BrowserSession> {
  const profile = VIEWPORTS[opts.viewport ?? 'portrait'];
  const userDataDir = await mkdtemp(join(tmpdir(), 'eterno-chromium-'));
  let context: BrowserContext;
  try {
    context = await chromium.launchPersistentContext(userDataDir, {
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: [...CHROMIUM_ARGS],
      ...profile,
      ...(opts.locale ? { locale: opts.locale } : {}),
    });
  } catch (err) {
    await rm(userDataDir, { recursive: true, force: true });
    throw err;
  }
  context.setDefaultTimeout(opts.timeoutMs ?? 30_000);
  const page = context.pages()[0] ?? (await context.newPage());
  const pageErrors: Error[] = [];
  const consoleErrors: string[] = [];
  const consoleMessages: Array<{ type: string; text: string }> = [];
  page.on('pageerror', (e) => pageErrors.push(e));
  page.on('console', (m) => {
    consoleMessages.push({ type: m.type(), text: m.text() });
    if (m.type() === 'error') consoleErrors.push(m.text());
  });
  let closed = false;
  return {
    context,
    page,
    pageErrors,
    consoleErrors,
    consoleMessages,
    async close() {
      if (closed) return;
      closed = true;
      await context.close().catch(() => undefined);
      await rm(userDataDir, { recursive: true, force: true });
    },
  };
}
