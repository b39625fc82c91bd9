/**
 * Debian's Chromium driven by playwright-core. A session is either a persistent context on a fresh
 * temp profile, removed again on close (`launchBrowser()` alone: a Chromium of its own), or a new
 * context in an already running Chromium (`launchBrowser(opts, chromium)`, with `startChromium()`):
 * a context is a profile of its own too (its own cookies, local and session storage, cache), and
 * costs a fraction of a Chromium start, which the e2e suites pay once per file, not once per session.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

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

/** A Chromium for `launchBrowser(opts, chromium)` sessions; the caller closes it (`browser.close()`). */
export function startChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: [...CHROMIUM_ARGS] });
}

/** A persistent context on a fresh profile folder, and what removes the folder after the context. */
async function ownContext(options: object): Promise<{ context: BrowserContext; removeProfile(): Promise<void> }> {
  const userDataDir = await mkdtemp(join(tmpdir(), 'eterno-chromium-'));
  const removeProfile = () => rm(userDataDir, { recursive: true, force: true });
  try {
    const context = await chromium.launchPersistentContext(userDataDir, {
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: [...CHROMIUM_ARGS],
      ...options,
    });
    return { context, removeProfile };
  } catch (err) {
    await removeProfile();
    throw err;
  }
}

/** A session: in `on` (a running Chromium) a new context, else a Chromium of its own on a fresh profile. */
export async function launchBrowser(opts: LaunchOptions = {}, on?: Browser): Promise<BrowserSession> {
  const options = { ...VIEWPORTS[opts.viewport ?? 'portrait'], ...(opts.locale ? { locale: opts.locale } : {}) };
  const { context, removeProfile } = on
    ? { context: await on.newContext(options), removeProfile: async () => undefined }
    : await ownContext(options);
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
      await removeProfile();
    },
  };
}
