/**
 * web.home_signed_in_lighthouse_performance and web.home_signed_in_lighthouse_accessibility: Lighthouse
 * (its Node API, default mobile settings: simulated slow 4G and 4× CPU slowdown) on `/home/eterno` as a
 * signed-in user sees it. Chromium (Debian's, `CHROME_PATH`) signs in with the local demo wallet on
 * /login; Lighthouse then loads /home/eterno in that same tab with `disableStorageReset` (the session
 * lives in the tab's sessionStorage, the demo wallet's permission in localStorage) and its cache
 * cleared, as a signed-in user's full page load. Each score is the median of `runs` (3) navigations.
 *
 *   node --import tsx scripts/bench/lighthouseSignedIn.ts   starts a local stack, prints the runs and medians
 *   (ETERNO_LIGHTHOUSE_REPORTS=<dir> keeps each run's full report there)
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { navigation } from 'lighthouse';
import puppeteer, { type Page } from 'puppeteer-core';
import { CHROME_PATH, metricsOf, type LighthouseReport, type LighthouseRun } from './lighthouse.ts';

export const HOME_PATH = '/home/eterno';

export type SignedInRun = LighthouseRun & { accessibility: number; failedAccessibilityAudits: string[] };
export type SignedInResult = { version: string; performance: number; accessibility: number; runs: SignedInRun[] };

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
};

/** Signs in on /login with the demo wallet (alice) and waits for the signed-in Home. */
async function signInWithDemoWallet(page: Page, webUrl: string): Promise<void> {
  await page.goto(`${webUrl}${HOME_PATH}`);
  await page.waitForFunction(() => location.pathname === '/login', { timeout: 60_000 });
  const demo = await page.waitForSelector('::-p-text(ETERNO Demo Wallet (local))', { timeout: 60_000 });
  await demo!.click();
  await page.waitForFunction((path) => location.pathname === path, { timeout: 60_000 }, HOME_PATH);
}

export async function measureSignedInHome(webUrl: string, runs = 3): Promise<SignedInResult> {
  const profile = await mkdtemp(join(tmpdir(), 'eterno-lighthouse-'));
  const browser = await puppeteer.launch({
    executablePath: CHROME_PATH,
    headless: true,
    userDataDir: profile,
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    const page = await browser.newPage();
    await signInWithDemoWallet(page, webUrl);
    const results: SignedInRun[] = [];
    let version = '?';
    while (results.length < runs) {
      const result = await navigation(page, `${webUrl}${HOME_PATH}`, {
        flags: { disableStorageReset: true, onlyCategories: ['performance', 'accessibility'] },
      });
      if (!result) throw new Error('lighthouse gave no result');
      // The report as the CLI prints it (JSON), read as the part the benchmarks use.
      const report = JSON.parse(JSON.stringify(result.lhr)) as LighthouseReport;
      if (report.runtimeError) {
        console.error(`lighthouse: ${report.runtimeError.code}: running Lighthouse again`);
        continue;
      }
      if (new URL(report.finalDisplayedUrl).pathname !== HOME_PATH)
        throw new Error(`lighthouse measured ${report.finalDisplayedUrl}, not the signed-in ${HOME_PATH}`);
      version = report.lighthouseVersion;
      const keep = process.env.ETERNO_LIGHTHOUSE_REPORTS;
      if (keep) {
        await mkdir(keep, { recursive: true });
        await writeFile(join(keep, `home-signed-in-${results.length + 1}.json`), JSON.stringify(report));
      }
      const a11y = report.categories.accessibility?.score;
      if (a11y === null || a11y === undefined) throw new Error('lighthouse gave no accessibility score');
      const failed = (report.categories.accessibility?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0 && report.audits[ref.id]?.score === 0)
        .map((ref) => ref.id);
      results.push({ ...metricsOf(report), accessibility: Math.round(a11y * 100), failedAccessibilityAudits: failed });
    }
    return {
      version,
      performance: median(results.map((r) => r.performance)),
      accessibility: median(results.map((r) => r.accessibility)),
      runs: results,
    };
  } finally {
    await browser.close();
    await rm(profile, { recursive: true, force: true });
  }
}

if (process.argv[1] === import.meta.filename) {
  const { startStack } = await import('@eterno/devstack/stack');
  const stack = await startStack();
  try {
    const result = await measureSignedInHome(stack.webUrl, Number(process.argv[2] ?? 3));
    for (const run of result.runs) console.log(JSON.stringify(run));
    console.log(`performance (median): ${result.performance}`);
    console.log(`accessibility (median): ${result.accessibility}`);
  } finally {
    await stack.stop();
  }
}
